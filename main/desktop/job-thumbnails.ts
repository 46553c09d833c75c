// Small pictures of the queue's jobs, for the rows of the Queue view. They are served on the app's
// own origin (main/app: app://shotput/queue-thumbnails/<job id>), so a row asks for its picture when
// it scrolls into view and no picture rides along with every queue.changed. A job from the Upload
// screen shows its draft's card picture (the image exactly as it was sent); a job from a watched
// folder or an earlier run shows a thumbnail of what it sends (the queue's copy while it keeps one,
// else its source file), made when first asked for. Only the most recent few hundred are kept.
import { preview } from '../images/index';
import type { Picture } from './draft-pictures';

export type Thumbnail = Picture;

/**
 * A job whose file cannot be read (damaged, or moved away after its upload) shows this: a frame with
 * a struck-out picture, in a grey that reads on both themes.
 */
const NO_PICTURE: Thumbnail = {
  type: 'image/svg+xml',
  buffer: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 72" fill="none" stroke="#8c8c96" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
      '<rect x="34" y="22" width="28" height="28" rx="3"/><circle cx="42" cy="30" r="2.5"/><path d="m62 42-6-6-16 14"/><path d="M30 18l36 36"/></svg>',
  ),
};

/** What a picture of the job can be made from (its copy or its file), while it is in the queue. */
export type JobSource = (jobId: string) => string | undefined;

const KEPT = 400;
const SIZE_PX = 240;
/** Job ids are UUIDs; anything else is not asked of the queue at all. */
const JOB_ID = /^[0-9a-f-]{8,64}$/i;

export class JobThumbnails {
  /** In the order last used: the first is the one to let go. */
  private readonly kept = new Map<string, Promise<Thumbnail | undefined>>();

  constructor(private readonly sourceOf: JobSource) {}

  /** The draft's card picture, for a job made from it. */
  remember(jobId: string, card: Thumbnail): void {
    this.keep(jobId, Promise.resolve(card));
  }

  /** The job's picture (a stand-in when its file cannot be read), or undefined when it is not a job of this queue. */
  get(jobId: string): Promise<Thumbnail | undefined> {
    if (!JOB_ID.test(jobId)) return Promise.resolve(undefined);
    const known = this.kept.get(jobId);
    if (known !== undefined) {
      this.keep(jobId, known);
      return known;
    }
    const source = this.sourceOf(jobId);
    if (source === undefined) return Promise.resolve(undefined);
    const made = preview(source, { maxSize: SIZE_PX }).then(
      (small): Thumbnail => ({ buffer: small.buffer, type: small.format === 'png' ? 'image/png' : 'image/jpeg' }),
      // A source moved away after its upload, or never readable: the stand-in.
      () => NO_PICTURE,
    );
    this.keep(jobId, made);
    return made;
  }

  private keep(jobId: string, thumbnail: Promise<Thumbnail | undefined>): void {
    this.kept.delete(jobId);
    this.kept.set(jobId, thumbnail);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= KEPT) break;
      this.kept.delete(oldest);
    }
  }
}

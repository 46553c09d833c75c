// Small pictures of the queue's jobs, for the rows of the Queue view. They are served on the app's
// own origin (main/app: app://shotput/queue-thumbnails/<job id>), so a row asks for its picture when
// it scrolls into view and no picture rides along with every queue.changed. A job from the Upload
// screen shows its draft's card picture (the image exactly as it was sent); a job from a watched
// folder or an earlier run shows a thumbnail of its source file, made when first asked for. Only
// the most recent few hundred are kept.
import { preview } from '../images/index';

export interface Thumbnail {
  buffer: Buffer;
  type: 'image/jpeg' | 'image/png';
}

/** What a picture of the job can be made from: its source file, while it is in the queue. */
export type JobSource = (jobId: string) => string | undefined;

const KEPT = 400;
const SIZE_PX = 240;
/** Job ids are UUIDs; anything else is not asked of the queue at all. */
const JOB_ID = /^[0-9a-f-]{8,64}$/i;

export class JobThumbnails {
  /** In the order last used: the first is the one to let go. */
  private readonly kept = new Map<string, Promise<Thumbnail | undefined>>();

  constructor(private readonly sourceOf: JobSource) {}

  /** The draft's card picture (a data URL from the draft), for a job made from it. */
  remember(jobId: string, dataUrl: string): void {
    const match = /^data:(image\/(?:jpeg|png));base64,(.+)$/.exec(dataUrl);
    if (match === null) return;
    this.keep(
      jobId,
      Promise.resolve({ type: match[1] as Thumbnail['type'], buffer: Buffer.from(match[2]!, 'base64') }),
    );
  }

  /** The job's picture, or undefined when it is not a job of this queue or its file can no longer be read. */
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
      // A source moved away after its upload (or never readable) has no picture; the row shows none.
      () => undefined,
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

// The pictures of the Queue's rows, fetched by the window from main (app://shotput/queue-thumbnails/
// <job id>) and kept, the most recent few hundred, as addresses of their bytes in this page. Rows a
// fling carries past ask and withdraw within a frame, so few of them fetch anything: the rows asked
// for last are served first, a screenful at a time, and a row that scrolled away is no longer waited for.
// So when a fast scroll stops, the rows on screen get their pictures at once instead of after those
// of every row that flew by, and a row scrolled back to shows its picture from the first frame.

/** An address of the picture's bytes, or null when main has none for the job (the empty frame). */
export type Picture = string | null;

const KEPT = 300;
/** Fetched at the same time: a screenful of rows at the default window (7) in one round. */
export const PICTURES_AT_ONCE = 8;

export class QueuePictures {
  /** In the order last used: the first is the one to let go. */
  private readonly kept = new Map<string, Picture>();
  /** Rows waiting, by job id, in the order they asked. */
  private readonly waiting = new Map<string, Set<(picture: Picture) => void>>();
  private running = 0;

  constructor(
    private readonly fetchPicture: (jobId: string) => Promise<Blob | null>,
    private readonly address: { create: (blob: Blob) => string; revoke: (url: string) => void },
  ) {}

  /** The picture when it is held: a row drawn again shows it from its first frame. */
  held(jobId: string): Picture | undefined {
    const picture = this.kept.get(jobId);
    if (picture === undefined) return undefined;
    this.kept.delete(jobId);
    this.kept.set(jobId, picture);
    return picture;
  }

  /** Asks for a job's picture; `show` gets it. Answers the withdrawal, for a row that leaves the screen. */
  want(jobId: string, show: (picture: Picture) => void): () => void {
    const known = this.held(jobId);
    if (known !== undefined) {
      show(known);
      return () => {};
    }
    const askers = this.waiting.get(jobId) ?? new Set();
    askers.add(show);
    // Asked again: now the most recent ask.
    this.waiting.delete(jobId);
    this.waiting.set(jobId, askers);
    this.pump();
    return () => {
      askers.delete(show);
      if (askers.size === 0 && this.waiting.get(jobId) === askers) this.waiting.delete(jobId);
    };
  }

  private pump(): void {
    while (this.running < PICTURES_AT_ONCE && this.waiting.size > 0) {
      const jobId = [...this.waiting.keys()].at(-1)!;
      const askers = this.waiting.get(jobId)!;
      this.waiting.delete(jobId);
      this.running++;
      void this.fetchPicture(jobId)
        .then(
          (blob) => (blob ? this.address.create(blob) : null),
          () => null,
        )
        .then((picture) => {
          this.running--;
          this.keep(jobId, picture);
          for (const show of askers) show(picture);
          // Asked for again while it was fetched.
          for (const show of this.waiting.get(jobId) ?? []) show(picture);
          this.waiting.delete(jobId);
          this.pump();
        });
    }
  }

  private keep(jobId: string, picture: Picture): void {
    this.kept.delete(jobId);
    this.kept.set(jobId, picture);
    for (const [oldest, url] of this.kept) {
      if (this.kept.size <= KEPT) break;
      this.kept.delete(oldest);
      if (url !== null) this.address.revoke(url);
    }
  }
}

/** The window's one set of Queue pictures. */
export const queuePictures = new QueuePictures(
  async (jobId) => {
    const response = await fetch(`queue-thumbnails/${encodeURIComponent(jobId)}`);
    return response.ok ? await response.blob() : null;
  },
  { create: (blob) => URL.createObjectURL(blob), revoke: (url) => URL.revokeObjectURL(url) },
);

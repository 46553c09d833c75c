// Frames on their way from the Worker to the engine. Waiting for the engine's answer to each batch
// before decoding the next left the decoder idle for a whole round trip per batch, and the engine's
// encoder idle while the next frame was decoded. Up to `ahead` batches may go unanswered: the
// decoder works while the last batch travels, and the engine still bounds what it holds (its queue
// answers only when it has room), so the Worker is never more than `ahead` batches in front.
import type { MotionWindowFrame } from '../../../common/contract/index';

/** Batches sent and not yet answered before the decoder waits. */
export const FRAME_BATCHES_AHEAD = 2;

export class FrameSender {
  private readonly unanswered: Promise<boolean>[] = [];
  private wanted = true;

  constructor(
    private readonly send: (frames: MotionWindowFrame[]) => Promise<boolean>,
    private readonly ahead = FRAME_BATCHES_AHEAD,
  ) {}

  /** Sends a batch; resolves when another may go, with whether the engine still wants frames. */
  async frames(frames: MotionWindowFrame[]): Promise<boolean> {
    if (!this.wanted) return false;
    const answer = this.send(frames).then((more) => {
      if (!more) this.wanted = false;
      return more;
    });
    // A failure is seen where the answer is awaited (below, or in settled()), never unhandled.
    answer.catch(() => undefined);
    this.unanswered.push(answer);
    while (this.wanted && this.unanswered.length >= this.ahead) await this.unanswered.shift();
    return this.wanted;
  }

  /** Resolves once every batch sent is answered (rejects if one failed to go). */
  async settled(): Promise<void> {
    for (const answer of this.unanswered.splice(0)) await answer;
  }
}

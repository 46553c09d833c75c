// The seam for the desktop: a MotionSource fed by frames pushed from elsewhere (the renderer's
// WebCodecs worker posting decoded frames to main), so the same fitter and encoder run on them.
// The fitter decodes more than once (samples, then the whole clip), so the source asks its feeder
// for each decode; each decode is a bounded queue: the feeder awaits push() and so never runs more
// than a few frames ahead of the encoder.
import type { FrameRange, MotionFrame, MotionInfo, MotionSource } from './source';

/** Frames held between the feeder and the encoder. */
const QUEUE_FRAMES = 4;

export class FrameQueue {
  private readonly frames: MotionFrame[] = [];
  private done = false;
  private failure: Error | undefined;
  private wakeReader: (() => void) | undefined;
  private wakeWriter: (() => void) | undefined;
  /** Set when the reader stopped early (the fitter had enough): the feeder should stop decoding. */
  cancelled = false;

  /** Resolves once there is room; false when the reader has stopped and the frame was dropped. */
  async push(frame: MotionFrame): Promise<boolean> {
    while (this.frames.length >= QUEUE_FRAMES && !this.cancelled)
      await new Promise<void>((resolve) => (this.wakeWriter = resolve));
    if (this.cancelled) return false;
    this.frames.push(frame);
    this.wakeReader?.();
    return true;
  }

  /** No more frames; with an error, the reader's loop throws it. */
  end(error?: Error): void {
    this.done = true;
    this.failure = error;
    this.wakeReader?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<MotionFrame> {
    try {
      for (;;) {
        const frame = this.frames.shift();
        if (frame) {
          this.wakeWriter?.();
          yield frame;
          continue;
        }
        if (this.done) {
          if (this.failure) throw this.failure;
          return;
        }
        await new Promise<void>((resolve) => (this.wakeReader = resolve));
      }
    } finally {
      this.cancelled = true;
      this.wakeWriter?.();
    }
  }
}

/**
 * A MotionSource whose frames come from `decode`: called for every decode the fitter starts,
 * it starts the feeder (e.g. posts "decode this range" to the worker) and returns the queue the
 * feeder pushes into.
 */
export function pushedSource(
  info: MotionInfo,
  decode: (options: { range?: FrameRange; fps?: number }) => FrameQueue,
): MotionSource {
  return { info, frames: (options = {}) => decode(options) };
}

// The frames of one window decode on their way to the motion encoder. The window pushes a few
// frames at a time and its push is answered only when the queue has room again, so the engine holds
// at most `room` frames (plus the batches the Worker has in flight, see renderer/src/workers/
// frame-sender.ts) however long the clip; the encoder reads them as an async
// iterable. Leaving the loop early (a fitter that needed only a sample) stops the stream, and the
// window's next push hears `false` and stops decoding.
import type { MotionFrame } from '../images/motion/source';

export class FrameQueue {
  private frames: MotionFrame[] = [];
  private ended = false;
  private failure: Error | undefined;
  private stopped = false;
  private wakeConsumer: (() => void) | undefined;
  private wakeProducers: (() => void)[] = [];

  constructor(private readonly room = 8) {}

  /** True once the reader has gone (or the stream ended): pushing more is pointless. */
  get isStopped(): boolean {
    return this.stopped || this.ended;
  }

  /** Adds frames; resolves once there is room again, with whether more are wanted. */
  async push(frames: readonly MotionFrame[]): Promise<boolean> {
    if (this.isStopped) return false;
    this.frames.push(...frames);
    this.wake();
    while (!this.stopped && this.frames.length >= this.room) {
      await new Promise<void>((resolve) => this.wakeProducers.push(resolve));
    }
    return !this.stopped;
  }

  /** No more frames: the reader finishes, or throws `failure`. */
  end(failure?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = failure;
    this.wake();
  }

  /** The reader has gone: frames held are let go and the producer is told to stop. */
  stop(): void {
    this.stopped = true;
    this.frames = [];
    for (const wake of this.wakeProducers.splice(0)) wake();
    this.wake();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<MotionFrame> {
    try {
      for (;;) {
        const frame = this.frames.shift();
        if (frame !== undefined) {
          if (this.frames.length < this.room) for (const wake of this.wakeProducers.splice(0)) wake();
          yield frame;
          continue;
        }
        if (this.stopped) return;
        if (this.ended) {
          if (this.failure) throw this.failure;
          return;
        }
        await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
      }
    } finally {
      this.stop();
    }
  }

  private wake(): void {
    const wake = this.wakeConsumer;
    this.wakeConsumer = undefined;
    wake?.();
  }
}

// Clips decoded by the window's Worker (WebCodecs), seen from main as a MotionSource like the CLI's
// ffmpeg. Each decode is a stream: main sends `decode` (forwarded as the motion.decode event), the
// worker reads the file in slices through `read`, says what the clip is with `info` and sends its
// frames with `frames`, which answers only when the encoder has taken them (see frame-queue.ts).
// The fitter calls frames() more than once: every call is a new stream, nothing is kept.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MotionFrame, MotionSource } from '../images/motion/source';
import type {
  MotionDecodeRequest,
  MotionFailure,
  MotionWindowFrame,
  MotionWindowInfo,
} from '../../common/contract/index';
import { MOTION_READ_MAX } from '../../common/contract/index';
import { FrameQueue } from './frame-queue';
import { ImageError } from '../images/image-error';
import type { ImageErrorCode } from '../images/image-error';

/** How long the window may take to say what a clip is before the clip is given up. */
const INFO_TIMEOUT_MS = 60_000;

/**
 * How long a clip waits for a window that is coming to say its decoder runs: the engine restores
 * drafts as it starts (at launch, or after its process restarted), often before the page's Worker
 * is up, and main's own decoder (ffmpeg, the CLI's) is usually not on a designer's computer.
 */
export const DECODER_WAIT_MS = 30_000;

/** One sentence per way a clip fails in the window: what happened, and what to do. */
export function motionFailureMessage(name: string, failure: MotionFailure | 'timeout'): string {
  switch (failure) {
    case 'unsupported-codec':
      return `${name} uses a video format this computer cannot decode; export it as H.264 MP4.`;
    case 'no-video':
      return `${name} has no video in it; export it as H.264 MP4.`;
    case 'damaged':
      return `${name} is damaged or incomplete and could not be read; export it again as H.264 MP4.`;
    case 'no-decoder':
    case 'timeout':
      return `The window could not decode ${name}; reopen Shotput and add it again.`;
  }
}

/** The image code each way of failing is told under, so a clip's draft says what a file's would. */
const MOTION_CODES: Record<MotionFailure | 'timeout', ImageErrorCode> = {
  'unsupported-codec': 'unsupported-format',
  'no-video': 'not-an-image',
  damaged: 'corrupt',
  'no-decoder': 'unsupported-format',
  timeout: 'timed-out',
};

/** A clip's failure as the image pipeline's own (its code and sentence), as the draft shows it. */
export function motionFailure(name: string, failure: MotionFailure | 'timeout'): ImageError {
  return new ImageError(MOTION_CODES[failure], motionFailureMessage(name, failure));
}

interface Stream {
  file: string;
  name: string;
  size: number;
  info?: { resolve: (info: MotionWindowInfo) => void; reject: (error: Error) => void };
  frames?: FrameQueue;
  /** The frame size asked for: anything else is refused. */
  width?: number;
  height?: number;
}

/** A clip as the window described it, and its frames at `width`x`height` as a MotionSource. */
export interface WindowClip {
  info: MotionWindowInfo;
  source(width: number, height: number): MotionSource;
}

export class WindowMotion extends EventEmitter<{ decode: [MotionDecodeRequest] }> {
  private ready = false;
  private readonly streams = new Map<string, Stream>();
  /** Clips waiting for the window's decoder to say it runs. */
  private readonly waiters = new Set<() => void>();

  /**
   * The window said its decoder runs (motion.ready). Said again, the window was reloaded: the
   * Worker of its clips in progress is gone, so they fail now instead of waiting for ever.
   */
  markReady(): void {
    this.ready = true;
    for (const streamId of [...this.streams.keys()]) this.end(streamId, 'no-decoder');
    for (const waiter of this.waiters) waiter();
    this.waiters.clear();
  }

  /** True when a window can decode now; otherwise motion goes to the CLI's decoders. */
  available(): boolean {
    return this.ready && this.listenerCount('decode') > 0;
  }

  /**
   * Whether a window can decode, waiting up to `waitMs` for one that is coming: one is when the
   * window's events are forwarded (someone listens for `decode`) but its Worker has not said it
   * runs yet. With no window at all (a test, a desktop opened without one) the answer is at once.
   */
  async whenAvailable(waitMs = DECODER_WAIT_MS): Promise<boolean> {
    if (this.available() || this.listenerCount('decode') === 0) return this.available();
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      timer.unref?.();
      this.waiters.add(done);
    });
    return this.available();
  }

  /** Asks the window what the clip is (and for its poster), without its frames; `name` is what its sentences call it. */
  async describe(file: string, name = path.basename(file)): Promise<WindowClip> {
    const size = (await stat(file)).size;
    const streamId = randomUUID();
    const stream: Stream = { file, name, size };
    this.streams.set(streamId, stream);
    let timer: NodeJS.Timeout | undefined;
    try {
      const info = await new Promise<MotionWindowInfo>((resolve, reject) => {
        stream.info = { resolve, reject };
        timer = setTimeout(() => reject(motionFailure(name, 'timeout')), INFO_TIMEOUT_MS);
        this.emit('decode', { streamId, name, size, want: 'info' });
      });
      return { info, source: (width, height) => this.source(file, name, info, width, height) };
    } finally {
      clearTimeout(timer);
      this.streams.delete(streamId);
    }
  }

  /** A slice of a stream's file (motion.read). */
  async read(streamId: string, start: number, end: number): Promise<Buffer> {
    const stream = this.streams.get(streamId);
    if (!stream) throw new Error('This clip is no longer being decoded.');
    const last = Math.min(end, stream.size);
    if (start >= last || end - start > MOTION_READ_MAX) throw new Error('That part of the clip cannot be read.');
    const handle = await open(stream.file, 'r');
    try {
      const buffer = Buffer.alloc(last - start);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** The window described the clip (motion.info). */
  info(streamId: string, info: MotionWindowInfo): void {
    this.streams.get(streamId)?.info?.resolve(info);
  }

  /** Frames from the window (motion.frames): answered when taken, with whether more are wanted. */
  async frames(streamId: string, frames: readonly MotionWindowFrame[]): Promise<{ more: boolean }> {
    const stream = this.streams.get(streamId);
    const queue = stream?.frames;
    if (!stream || !queue) return { more: false };
    const taken: MotionFrame[] = [];
    for (const frame of frames) {
      const fits = frame.width === stream.width && frame.height === stream.height;
      if (!fits || frame.data.byteLength !== frame.width * frame.height * 4) {
        queue.end(motionFailure(stream.name, 'damaged'));
        return { more: false };
      }
      const data = Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength);
      taken.push({ data, width: frame.width, height: frame.height, timeMs: frame.timeMs });
    }
    return { more: await queue.push(taken) };
  }

  /** The window is done with a stream (motion.end), or could not decode it. */
  end(streamId: string, failure?: MotionFailure): void {
    const stream = this.streams.get(streamId);
    if (!stream) return;
    const error = failure ? motionFailure(stream.name, failure) : undefined;
    if (stream.info) {
      if (error) stream.info.reject(error);
      else stream.info.reject(motionFailure(stream.name, 'damaged'));
    }
    stream.frames?.end(error);
  }

  private source(file: string, name: string, info: MotionWindowInfo, width: number, height: number): MotionSource {
    const motion = {
      label: info.label,
      width,
      height,
      durationMs: info.durationMs,
      fps: info.fps,
      ...(info.frames !== undefined ? { frames: info.frames } : {}),
      loop: info.loop,
      hasAlpha: info.hasAlpha,
    };
    return {
      info: motion,
      frames: (options = {}) => this.stream(file, name, info, width, height, options),
    };
  }

  private async *stream(
    file: string,
    name: string,
    info: MotionWindowInfo,
    width: number,
    height: number,
    options: { range?: { startMs: number; endMs: number }; fps?: number },
  ): AsyncGenerator<MotionFrame> {
    const size = (await stat(file)).size;
    const streamId = randomUUID();
    const queue = new FrameQueue();
    this.streams.set(streamId, { file, name, size, frames: queue, width, height });
    try {
      this.emit('decode', {
        streamId,
        name,
        size,
        want: 'frames',
        width,
        height,
        ...(options.range ? { range: options.range } : {}),
        ...(options.fps ? { fps: options.fps } : {}),
      });
      yield* queue;
    } finally {
      queue.stop();
      this.streams.delete(streamId);
    }
  }
}

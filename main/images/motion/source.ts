// What every decoder hands the motion encoder: a description read up front and a stream of RGBA
// frames with their times. The CLI's ffmpeg and sharp decoders implement it; the desktop's WebCodecs
// worker can feed the same interface from frames posted to main (see frame-queue.ts).

/** One decoded frame: straight RGBA, width x height x 4 bytes, and when it starts showing. */
export interface MotionFrame {
  data: Buffer;
  width: number;
  height: number;
  /** Start time in milliseconds from the clip's start. */
  timeMs: number;
}

export interface MotionInfo {
  /** How the input is named to a person: "H.264 MP4", "APNG", "GIF". */
  label: string;
  /** Frame size after rotation. */
  width: number;
  height: number;
  /** Length of the whole clip in milliseconds. */
  durationMs: number;
  /** Frames per second of the source (for GIFs: frames over length). */
  fps: number;
  /** Frames in the source when known from its header. */
  frames?: number;
  /** Times an animation plays; 0 forever. Videos play forever. */
  loop: number;
  /** The source may carry transparency (it is put on the background colour). */
  hasAlpha: boolean;
  /** Shortest frame in milliseconds, when known (GIF delays): below 20 ms the pace is retimed. */
  shortestFrameMs?: number;
}

/** Part of a clip, for sampling: frames starting in [startMs, endMs). */
export interface FrameRange {
  startMs: number;
  endMs: number;
}

export interface MotionSource {
  info: MotionInfo;
  /**
   * Decodes from the start (or from range.startMs) as frames are read; each call starts a new
   * decode, so a fitter can sample and then encode without holding frames. `fps` asks a decoder
   * that can resample (ffmpeg) to hand over no more frames than needed.
   */
  frames(options?: { range?: FrameRange; fps?: number }): AsyncIterable<MotionFrame>;
}

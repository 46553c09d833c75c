// Motion decoded in the window: main asks (event motion.decode), the window's Worker decodes with
// WebCodecs and answers with requests. Main owns the file: the worker reads it in slices through
// motion.read, named by the stream, never by a path. Frames come back as RGBA already scaled down
// to what the framing needs, a few at a time: motion.frames answers only when main has taken them,
// so a long clip never piles up in main's memory, and `more: false` tells the window to stop.
import * as v from 'valibot';
import { answers, noPayload } from './base';

const streamId = v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/, 'Not a motion stream id.'));
const side = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(16_384));
const milliseconds = v.pipe(v.number(), v.minValue(0), v.maxValue(24 * 3600 * 1000));

import { MOTION_FRAMES_MAX, MOTION_READ_MAX } from '../motion-limits';

export { MOTION_FRAMES_MAX, MOTION_READ_MAX };

/** What main asks the window to decode. */
export interface MotionDecodeRequest {
  streamId: string;
  /** The file's name, for the label ("H.264 MP4") and the container's sniffing. */
  name: string;
  /** Bytes in the file (read through motion.read). */
  size: number;
  /** 'info': the description and a poster only; 'frames': the frames too. */
  want: 'info' | 'frames';
  /** Frames starting in [startMs, endMs), when only part of the clip is wanted. */
  range?: { startMs: number; endMs: number };
  /** At most this many frames per second (later frames in the same slot are left out). */
  fps?: number;
  /** 'frames': the exact size to send them at (main chooses it from what the framing needs). */
  width?: number;
  height?: number;
}

export const MotionInfoSchema = v.strictObject({
  label: v.pipe(v.string(), v.maxLength(60)),
  /** Size of the source as shown (after rotation). */
  width: side,
  height: side,
  durationMs: milliseconds,
  fps: v.pipe(v.number(), v.minValue(0.1), v.maxValue(1000)),
  frames: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000_000))),
  loop: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(65_535)),
  hasAlpha: v.boolean(),
  /** The first frame, small, as a PNG data URL: the card's poster and the crop editor's picture. */
  poster: v.pipe(v.string(), v.startsWith('data:image/png;base64,'), v.maxLength(4 * 1024 * 1024)),
});
export type MotionWindowInfo = v.InferOutput<typeof MotionInfoSchema>;

const MotionFrameSchema = v.strictObject({
  width: side,
  height: side,
  timeMs: milliseconds,
  data: v.instance(Uint8Array),
});
export type MotionWindowFrame = v.InferOutput<typeof MotionFrameSchema>;

/** Why the window could not decode a clip; main words it (main/desktop/window-motion.ts). */
export const MOTION_FAILURES = ['unsupported-codec', 'no-video', 'damaged', 'no-decoder'] as const;
export type MotionFailure = (typeof MOTION_FAILURES)[number];

export const motionRequests = {
  /** The window can decode: main sends it motion.decode from now on (said again after a reload). */
  'motion.ready': { payload: noPayload, result: answers<null>() },
  /** A slice of the stream's file: bytes [start, end). */
  'motion.read': {
    payload: v.strictObject({
      streamId,
      start: v.pipe(v.number(), v.integer(), v.minValue(0)),
      end: v.pipe(v.number(), v.integer(), v.minValue(1)),
    }),
    result: answers<Uint8Array>(),
  },
  /** The clip's description, before any frame. */
  'motion.info': { payload: v.strictObject({ streamId, info: MotionInfoSchema }), result: answers<null>() },
  /** Decoded frames; answered once main has taken them, with whether it wants more. */
  'motion.frames': {
    payload: v.strictObject({
      streamId,
      frames: v.pipe(v.array(MotionFrameSchema), v.minLength(1), v.maxLength(MOTION_FRAMES_MAX)),
    }),
    result: answers<{ more: boolean }>(),
  },
  /** The stream is over: every frame sent, or why not. */
  'motion.end': {
    payload: v.strictObject({ streamId, failure: v.optional(v.picklist(MOTION_FAILURES)) }),
    result: answers<null>(),
  },
} as const;

export const motionEvents = {
  /** Decode a clip in the window's Worker (answered with motion.info, motion.frames, motion.end). */
  'motion.decode': answers<MotionDecodeRequest>(),
} as const;

// The part of a clip the designer kept: a MotionSource over frames starting in [startMs, endMs) of
// another, its times counted from the trim's start, so the fitter, its samples and the encoder see
// a shorter clip and nothing else changes. Frame times from containers are rounded (a 30 fps frame
// starts at 533.33 ms, a trim chosen in whole milliseconds at 533): half a millisecond of slack
// keeps the frame the designer saw at each end on the side it was shown.
import type { FrameRange, MotionFrame, MotionInfo, MotionSource } from './source';

const SLACK_MS = 0.5;

/** The trim within the clip's length (a clip of unknown length, 0, takes it as given). */
export function clampTrim(trim: FrameRange, durationMs: number): FrameRange {
  if (durationMs <= 0) return trim;
  const startMs = Math.min(Math.max(0, trim.startMs), durationMs);
  return { startMs, endMs: Math.max(startMs, Math.min(trim.endMs, durationMs)) };
}

/** Frames of the source the trim keeps, with their times from its start. */
export function trimSource(source: MotionSource, given: FrameRange): MotionSource {
  const trim = clampTrim(given, source.info.durationMs);
  const kept = trim.endMs - trim.startMs;
  const whole = source.info.durationMs;
  const info: MotionInfo = { ...source.info, durationMs: kept };
  // A header's frame count no longer holds; the rate does.
  delete info.frames;
  if (whole > 0 && source.info.frames !== undefined) info.frames = Math.max(1, Math.round((kept * info.fps) / 1000));
  return {
    info,
    frames: (options = {}) => trimmedFrames(source, trim, options),
  };
}

async function* trimmedFrames(
  source: MotionSource,
  trim: FrameRange,
  options: { range?: FrameRange; fps?: number },
): AsyncGenerator<MotionFrame> {
  const from = trim.startMs + (options.range?.startMs ?? 0);
  const to = Math.min(trim.endMs, trim.startMs + (options.range?.endMs ?? Number.POSITIVE_INFINITY));
  const range = { startMs: Math.max(0, from - SLACK_MS), endMs: to - SLACK_MS };
  if (range.endMs <= range.startMs) return;
  for await (const frame of source.frames({ range, ...(options.fps ? { fps: options.fps } : {}) })) {
    if (frame.timeMs >= range.endMs) return;
    if (frame.timeMs < range.startMs) continue;
    yield { ...frame, timeMs: Math.max(0, frame.timeMs - trim.startMs) };
  }
}

// The editor's live estimate ("about 6.2 MB at 800x600, 25 fps"): the fitter's own sample-based
// estimate (fit.ts, sampleEstimate) walked down the same ladder of trades, without the final
// encode. A long clip is sampled where the fitter samples it; a short one, which the fitter
// encodes whole, by one stretch from its middle, a third of it at least, so the figure comes in
// a fraction of the time of the file itself.
import type { PrepareOptions, ResolvedOptions } from '../options';
import { resolveOptions } from '../options';
import type { ImageSource } from '../sharp-setup';
import {
  ESTIMATE_MARGIN,
  SAMPLE_MS,
  WHOLE_CLIP_MS,
  candidates,
  learn,
  sampleEstimate,
  samples,
  skipUnreachable,
} from './fit';
import type { Learned } from './fit';
import { planMotion } from './framing';
import { openMotion } from './open';
import type { FrameRange, MotionSource } from './source';
import { trimSource } from './trim';

export interface MotionEstimate {
  /** About this many bytes for the whole (trimmed) clip. */
  bytes: number;
  width: number;
  height: number;
  /** Frames per second at the first candidate expected to fit. */
  fps: number;
  /** Length of the (trimmed) clip in milliseconds. */
  durationMs: number;
}

/** The stretches sampled for an estimate of a clip this long. */
export function estimateRanges(durationMs: number): FrameRange[] {
  if (durationMs > WHOLE_CLIP_MS) return samples(durationMs)!;
  const length = Math.min(durationMs, Math.max(SAMPLE_MS, durationMs / 3));
  const startMs = Math.max(0, (durationMs - length) / 2);
  return [{ startMs, endMs: startMs + length }];
}

/** The size the fitter expects for this clip and choice; undefined when the clip's length is unknown. */
export async function estimateMotion(
  whole: MotionSource,
  options: ResolvedOptions,
  signal?: AbortSignal,
): Promise<MotionEstimate | undefined> {
  const source = options.trim ? trimSource(whole, options.trim) : whole;
  const { durationMs } = source.info;
  if (!(durationMs > 0)) return undefined;
  const plan = await planMotion(source.info, options);
  const steps = candidates(plan.target, source.info.fps);
  const ranges = estimateRanges(durationMs);
  const learned: Learned = {};
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const sampled = await sampleEstimate(source, plan, options, step, ranges, signal);
    learn(learned, step, sampled.nearShare);
    if (sampled.bytes <= options.maxBytes * ESTIMATE_MARGIN || i === steps.length - 1)
      return { bytes: Math.round(sampled.bytes), ...step.target, fps: step.rate, durationMs };
    i = skipUnreachable(steps, i, sampled.bytes, options.maxBytes, learned);
  }
  return undefined;
}

/** The estimate for a file main decodes itself (GIF, WebP; videos where ffmpeg is found); undefined for a still. */
export async function estimateFile(
  file: ImageSource,
  options: PrepareOptions,
  signal?: AbortSignal,
): Promise<MotionEstimate | undefined> {
  const resolved = resolveOptions(options);
  const opened = await openMotion(file);
  if (!opened) return undefined;
  try {
    return await estimateMotion(opened.source, resolved, signal);
  } finally {
    await opened.close();
  }
}

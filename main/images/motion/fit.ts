// The fitter: the best GIF that fits the byte limit at 800x600. It estimates each candidate from
// a sample of the clip (three short stretches, or the whole clip when it is short) and trades in
// this order, measured on bench:motion's corpus as the least visible bytes first:
//   1. inter-frame error (pixels that barely changed stay as they were: large savings on video
//      noise, invisible on flat UI),
//   2. frame rate (50 → 30 → 25 → 20 → 15 → 10 fps),
//   3. dithering (half, then plain colours),
//   4. 400x300, the whole ladder again, only when 800x600 cannot fit at 10 fps,
//   5. 16 colours, last: sharp has no palette between 16 and 256 (32 to 128 encode as 256).
// The chosen candidate is encoded whole and checked; over the limit, the next one is tried with
// the estimates corrected by how far off the sample was.
import { targetSize } from '../geometry';
import { ImageError } from '../image-error';
import type { Size } from '../limits';
import type { ResolvedOptions } from '../options';
import type { Plan } from '../plan';
import { formatBytes } from '../verify';
import type { PrepareWarning } from '../warnings';
import { warning } from '../warnings';
import type { EncodedMotion, EncodeOptions, MotionSettings } from './encode';
import { encodeMotion } from './encode';
import { NEAR_ERROR } from './still-pixels';
import type { FrameRange, MotionSource } from './source';

/** Rates tried below the source's own, in frames per second. */
const RATES = [30, 25, 20, 15, 10];
/** Inter-frame errors tried: 0 exact; NEAR_ERROR hides sensor and compression noise. */
const INTER_FRAME_ERRORS = [0, NEAR_ERROR];
/** An estimate must leave this share of the limit free: samples miss some of a clip's changes. */
export const ESTIMATE_MARGIN = 0.9;
/**
 * Clips up to this long are encoded whole for each candidate: most fit at the first, and sampling
 * first would cost about 70% more (bench:motion's 3 s 60 fps UI clip: three samples plus the whole).
 */
export const WHOLE_CLIP_MS = 6000;
export const SAMPLE_MS = 700;
/** Share of a long clip's progress given to its samples (three 0.7 s stretches against the whole). */
const SAMPLING_SHARE = 0.15;
export const SAMPLE_AT = [0.1, 0.5, 0.85];

export interface Candidate extends MotionSettings {
  /** The frame rate shown in warnings (the source's, at most 50, when fps is undefined). */
  rate: number;
}

/** Every candidate in the order the fitter tries them. */
export function candidates(target: Size, sourceFps: number): Candidate[] {
  const own = Math.min(50, Math.round(sourceFps));
  const ownFps = sourceFps > 50.5 ? 50 : undefined;
  const ladder = (size: Size): Candidate[] => {
    const out: Candidate[] = [];
    const base = { target: size, colours: 256 as const, dither: 1 };
    for (const error of INTER_FRAME_ERRORS) out.push({ ...base, fps: ownFps, rate: own, interFrameMaxError: error });
    const maxError = INTER_FRAME_ERRORS.at(-1)!;
    for (const rate of RATES.filter((r) => r < own - 0.5))
      out.push({ ...base, fps: rate, rate, interFrameMaxError: maxError });
    const slowest = out.at(-1)!;
    for (const dither of [0.5, 0]) out.push({ ...slowest, dither });
    return out;
  };
  const small = targetSize('400x300');
  const steps = target.width > small.width ? [...ladder(target), ...ladder(small)] : ladder(small);
  return [...steps, { ...steps.at(-1)!, colours: 16 }];
}

/**
 * What the encodes so far showed of a clip, replacing bestCase's guess for the inter-frame error:
 * the share of changed pixels it would leave out. On noise that is next to none and trying it cost
 * a whole encode (animation.test.ts' noise: 3.8 s of 18). Lighter dithering is not learned from:
 * half dithering came out larger than full on a gradient where plain colours then fitted.
 */
export interface Learned {
  nearShare?: number;
}

/**
 * The most a later candidate can save against one measured, each factor a little beyond what
 * bench:motion measured (frame rate: in proportion; inter-frame error: 0.6, or what this clip
 * showed; lighter dithering: 0.8; 400x300: 0.3; 16 colours: 0.35). A candidate that cannot reach
 * the limit even so is skipped without an encode (a noisy clip goes straight to 400x300).
 */
export function bestCase(bytes: number, from: Candidate, to: Candidate, learned: Learned = {}): number {
  let factor = Math.min(1, to.rate / from.rate);
  if (to.interFrameMaxError > from.interFrameMaxError) factor *= Math.max(0.6, 1 - (learned.nearShare ?? 1));
  if (to.dither < from.dither) factor *= 0.8;
  if (to.target.width < from.target.width) factor *= 0.3;
  if (to.colours < from.colours) factor *= 0.35;
  return bytes * factor;
}

/** Notes what an encode at the exact inter-frame error showed. */
export function learn(learned: Learned, step: Candidate, nearShare: number): void {
  if (step.interFrameMaxError === 0) learned.nearShare = nearShare;
}

export function samples(durationMs: number): FrameRange[] | undefined {
  if (durationMs <= WHOLE_CLIP_MS) return undefined;
  return SAMPLE_AT.map((at) => {
    const startMs = Math.min(durationMs - SAMPLE_MS, Math.round(durationMs * at));
    return { startMs, endMs: startMs + SAMPLE_MS };
  });
}

/** The warnings that say what a candidate traded against the first one. */
export function tradeWarnings(chosen: Candidate, best: Candidate, limit: number, firstBytes: number): PrepareWarning[] {
  const fit = `to fit ${formatBytes(limit)}`;
  const said: PrepareWarning[] = [];
  if (chosen.target.width !== best.target.width)
    said.push(
      warning(
        'reduced-size',
        `At ${best.target.width}x${best.target.height} the animation was about ${formatBytes(firstBytes)}, over the ${formatBytes(limit)} limit even at 10 fps: it was reduced to ${chosen.target.width}x${chosen.target.height}.`,
      ),
    );
  if (chosen.rate !== best.rate)
    said.push(warning('reduced-frame-rate', `${chosen.rate} fps instead of ${best.rate} ${fit}.`));
  if (chosen.interFrameMaxError > best.interFrameMaxError)
    said.push(warning('reduced-motion-detail', `Slight changes between frames were left out ${fit}.`));
  if (chosen.colours < best.colours)
    said.push(warning('reduced-colours', `The animation was reduced to ${chosen.colours} colours ${fit}.`));
  else if (chosen.dither < best.dither)
    said.push(
      warning(
        'reduced-colours',
        chosen.dither === 0
          ? `The animation was encoded with plain colours (no dithering) ${fit}.`
          : `The animation was encoded with lighter dithering ${fit}.`,
      ),
    );
  return said;
}

/** The index before the first later candidate that may reach the limit (the last one always may). */
export function skipUnreachable(
  steps: Candidate[],
  at: number,
  bytes: number,
  limit: number,
  learned: Learned,
): number {
  let next = at + 1;
  while (next < steps.length - 1 && bestCase(bytes, steps[at]!, steps[next]!, learned) > limit) next++;
  return next - 1;
}

/**
 * The size of the whole clip at a candidate, from encodes of a few stretches of it: bytes per
 * millisecond of the samples times the clip's length. Also what the editor's live estimate shows
 * (estimate.ts), so the figure the designer sees is the one the fitter decides by.
 */
export async function sampleEstimate(
  source: MotionSource,
  plan: Plan,
  options: ResolvedOptions,
  step: Candidate,
  ranges: readonly FrameRange[],
  signal?: AbortSignal,
  onProgress?: (done: number) => void,
): Promise<{ bytes: number; nearShare: number }> {
  let bytes = 0;
  let ms = 0;
  let nearShare = 0;
  for (const [i, range] of ranges.entries()) {
    const progress = onProgress && { onProgress: (done: number) => onProgress((i + done) / ranges.length) };
    const sample = await encodeMotion(source, plan, options, step, {
      ...(signal ? { signal } : {}),
      ...progress,
      range,
    });
    bytes += sample.buffer.length;
    ms += sample.durationMs;
    nearShare += sample.nearShare / ranges.length;
  }
  return { bytes: (bytes / Math.max(1, ms)) * source.info.durationMs, nearShare };
}

export interface FittedMotion extends EncodedMotion {
  settings: Candidate;
  warnings: PrepareWarning[];
}

export async function fitMotion(
  source: MotionSource,
  plan: Plan,
  options: ResolvedOptions,
  extra: EncodeOptions = {},
): Promise<FittedMotion> {
  const limit = options.maxBytes;
  const steps = candidates(plan.target, source.info.fps);
  const ranges = samples(source.info.durationMs);
  let correction = 1;
  let firstBytes: number | undefined;
  let estimate: number | undefined;
  const learned: Learned = {};
  // Progress: the samples of a long clip are the first SAMPLING_SHARE of the way, its encode the rest.
  const report = extra.onProgress;
  const sampling = ranges ? SAMPLING_SHARE : 0;
  const sampleProgress = report && ((done: number) => report(done * sampling));
  const wholeExtra = report
    ? { ...extra, onProgress: (done: number) => report(sampling + done * (1 - sampling)) }
    : extra;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const last = i === steps.length - 1;
    if (ranges && !last) {
      const sampled = await sampleEstimate(source, plan, options, step, ranges, extra.signal, sampleProgress);
      estimate = sampled.bytes * correction;
      firstBytes ??= estimate;
      learn(learned, step, sampled.nearShare);
      if (estimate > limit * ESTIMATE_MARGIN) {
        i = skipUnreachable(steps, i, estimate, limit, learned);
        continue;
      }
    }
    const whole = await encodeMotion(source, plan, options, step, wholeExtra);
    firstBytes ??= whole.buffer.length;
    if (whole.buffer.length <= limit || last) {
      if (whole.buffer.length > limit)
        throw new ImageError(
          'too-large-output',
          `Even at ${step.target.width}x${step.target.height}, ${step.rate} fps and ${step.colours} colours the animation is ${formatBytes(whole.buffer.length)}, over the ${formatBytes(limit)} limit: shorten it.`,
        );
      return { ...whole, settings: step, warnings: tradeWarnings(step, steps[0]!, limit, firstBytes) };
    }
    // The sample was off by this much; later estimates are scaled by it.
    if (estimate) correction *= whole.buffer.length / estimate;
    learn(learned, step, whole.nearShare);
    i = skipUnreachable(steps, i, whole.buffer.length, limit, learned);
  }
  throw new Error('unreachable: the last candidate returns or throws');
}

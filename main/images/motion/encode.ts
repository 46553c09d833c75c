// The one motion encoder: a stream of frames in, an animated GIF out, holding a few runs of frames
// at most whatever the clip's length. Frames are framed like stills (framing.ts), retimed onto
// the GIF's grid (retime.ts), quantised and dithered by sharp (libimagequant) a run at a time,
// and the runs joined (gif-mux.ts). Where most pixels stand still they are sent transparent
// (still-pixels.ts), which takes the quantiser a fraction of the time. Two runs encode side by
// side while the decoder goes on.
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { Size } from '../limits';
import type { ResolvedOptions } from '../options';
import type { Plan } from '../plan';
import { frameTo } from './framing';
import { GifJoiner } from './gif-mux';
import { Retimer } from './retime';
import { MIN_STILL_SHARE, StillPixels, leaveFramesInPlace } from './still-pixels';
import type { TimedFrame } from './retime';
import type { FrameRange, MotionSource } from './source';

/** What the fitter trades, from best to smallest. */
export interface MotionSettings {
  target: Size;
  /** Output frame rate; undefined keeps the source's own pace (at most 50 fps). */
  fps?: number;
  /** libimagequant's inter-frame error: pixels that changed less than this are left as they were. */
  interFrameMaxError: number;
  /** sharp encodes palettes of 256 or of 16 colours (it rounds anything between up to 256). */
  colours: 256 | 16;
  /** Error diffusion, 0 (plain colours) to 1. */
  dither: number;
}

/**
 * Raw bytes per run: 32 frames of 800x600 RGB (128 of 400x300); two runs encode while a third
 * fills. Each run starts with a whole frame, which costs bytes where little moves: at 16 frames a
 * run, joined runs were 1.8% larger than one encode on ffmpeg's busy testsrc2 and 11% on a flat
 * UI clip (2 s, 800x600), so runs are as long as memory allows. Runs sent by the still-pixel
 * encode start from the previous run's picture and pay nothing at a joint.
 */
const RUN_BYTES = 46 * 1024 * 1024;

/** Frames per run at this size. */
export function runFrames(size: Size): number {
  return Math.max(8, Math.min(128, Math.floor(RUN_BYTES / (size.width * size.height * 3))));
}
const RUNS_IN_FLIGHT = 2;
/** A hard stop per run so no input holds a batch slot forever. */
const RUN_SECONDS = 120;

export interface EncodedMotion {
  buffer: Buffer;
  frames: number;
  delays: number[];
  /** Length of the output in milliseconds (sum of the delays). */
  durationMs: number;
  /**
   * Share of the pixels that changed between frames that changed by at most NEAR_ERROR on every
   * channel: what that inter-frame error would leave out (0 when it was already applied).
   */
  nearShare: number;
}

export interface EncodeOptions {
  range?: FrameRange;
  /** Called with the share of the clip done, 0..1. */
  onProgress?: (done: number) => void;
  signal?: AbortSignal;
}

/** sharp's GIF options for a run; `cleared` runs get a palette per frame from its changed pixels. */
function gifOptions(run: TimedFrame<Buffer>[], settings: MotionSettings, loop: number, cleared: boolean) {
  return {
    colours: settings.colours,
    // libimagequant's palette search at effort 1 is its quickest and coarsest. A cleared frame's
    // palette is searched over its changed pixels only, so effort 4 costs little there (1.4 s
    // against 0.9 s for 32 UI frames, 10% smaller). On a plain run it is the picture: bench:motion's
    // busy clip went from SSIM 0.937 to 0.986 at the same size (5.7 s against 6.9 s), the animated
    // WebP from 0.919 to 0.949 (effort 7 gained nothing more there and took twice as long). Plain
    // colours are the step that must save bytes, and searched harder they came out larger:
    // effort 1 there.
    effort: settings.dither > 0 ? 4 : 1,
    dither: settings.dither,
    // Cleared runs have had the inter-frame error applied already (still-pixels.ts).
    interFrameMaxError: cleared ? 0 : settings.interFrameMaxError,
    keepDuplicateFrames: true,
    loop,
    delay: run.map((timed) => timed.delayMs),
  };
}

/** Encodes a run's pixels and marks its frames "leave in place". */
async function sendRun(image: Sharp): Promise<Buffer> {
  const gif = await image.timeout({ seconds: RUN_SECONDS }).toBuffer();
  // Plain runs are marked too: their frames are already drawn over the previous one.
  if (!leaveFramesInPlace(gif)) throw new Error('GIF run without a control block per frame');
  return gif;
}

/**
 * Clears the run's still pixels now, in order, and starts its encode. Not async, so the run's
 * RGB frames are free once handed over rather than held until the encode ends: with the RGBA
 * copy, two runs in flight went from 366 to 462 MB peak on bench:motion's gradients clip.
 */
function encodeRun(
  run: TimedFrame<Buffer>[],
  settings: MotionSettings,
  loop: number,
  still: StillPixels,
  counts: { near: number; changed: number },
): Promise<Buffer> {
  const { width, height } = settings.target;
  const cleared = still.clear(run.map((timed) => timed.frame));
  counts.near += cleared.near;
  counts.changed += cleared.changed;
  const useCleared = cleared.stillShare >= MIN_STILL_SHARE;
  still.sent(useCleared);
  const raw = useCleared ? cleared.rgba : Buffer.concat(run.map((timed) => timed.frame));
  const channels = useCleared ? 4 : 3;
  return sendRun(
    sharp(raw, { raw: { width, height: height * run.length, channels, pageHeight: height } }).gif(
      gifOptions(run, settings, loop, useCleared),
    ),
  );
}

/** The source rate a clip keeps when nothing is traded: its own, or 50 fps for anything faster. */
export function fullRate(source: MotionSource): number | undefined {
  const { fps, shortestFrameMs } = source.info;
  if (fps > 50.5 || (shortestFrameMs !== undefined && shortestFrameMs < 20)) return 50;
  return undefined;
}

export async function encodeMotion(
  source: MotionSource,
  plan: Plan,
  options: ResolvedOptions,
  settings: MotionSettings,
  extra: EncodeOptions = {},
): Promise<EncodedMotion> {
  const { info } = source;
  const retimer = new Retimer<Buffer>(settings.fps);
  const joiner = new GifJoiner();
  const delays: number[] = [];
  const inFlight: Promise<Buffer>[] = [];
  let run: TimedFrame<Buffer>[] = [];
  const loop = info.loop;
  const counts = { near: 0, changed: 0 };
  const still = new StillPixels(settings.target.width * settings.target.height, settings.interFrameMaxError);

  const flush = async (all: boolean) => {
    while (inFlight.length > (all ? 0 : RUNS_IN_FLIGHT - 1)) joiner.append(await inFlight.shift()!);
  };
  const take = async (timed: TimedFrame<Buffer>[]) => {
    for (const one of timed) {
      run.push(one);
      delays.push(one.delayMs);
      if (run.length === runFrames(settings.target)) {
        await flush(false);
        inFlight.push(encodeRun(run, settings, loop, still, counts));
        run = [];
      }
    }
  };

  const range = extra.range;
  const decodeFps = settings.fps ?? (info.fps > 50.5 ? 50 : undefined);
  // Some containers (APNG) report no length: the last frame then lasts one frame of the rate.
  let end = range ? Math.min(range.endMs, info.durationMs || Infinity) : info.durationMs;
  let lastMs = 0;
  try {
    for await (const frame of source.frames({
      ...(range ? { range } : {}),
      ...(decodeFps ? { fps: decodeFps } : {}),
    })) {
      extra.signal?.throwIfAborted();
      if (range && frame.timeMs >= range.endMs) break;
      await take(retimer.push(await frameTo(frame, plan, settings.target, options), frame.timeMs));
      lastMs = frame.timeMs;
      extra.onProgress?.(Math.min(1, frame.timeMs / Math.max(1, end)));
    }
    end = Math.max(Number.isFinite(end) ? end : 0, lastMs + 1000 / (decodeFps ?? info.fps));
    await take(retimer.end(end));
    if (run.length) inFlight.push(encodeRun(run, settings, loop, still, counts));
    await flush(true);
  } catch (error) {
    // Let runs already started settle so no rejection is left unhandled.
    await Promise.allSettled(inFlight);
    throw error;
  }
  const buffer = joiner.finish();
  const nearShare = counts.changed ? counts.near / counts.changed : 0;
  return { buffer, frames: joiner.frames, delays, durationMs: delays.reduce((a, b) => a + b, 0), nearShare };
}

// A dropped video, APNG or animated AVIF made a draft with the window's decoder: its facts and poster
// from the window's description, its prepared GIF from prepareMotion fed by the window's frames.
// Frames cross IPC already scaled down to what the framing needs: a 1080p clip crosses at 1067x600,
// not at 1920x1080, so 800x600 is still reached by cropping and never by enlarging. A crop chosen
// in source pixels is scaled the same way. GIF and animated WebP stay with sharp in main (they need
// no codec), and without a window (or for still formats) every file keeps the CLI's decoders.
import { open } from 'node:fs/promises';
import path from 'node:path';
import { motionKind } from '../images/motion/open';
import { prepareMotion } from '../images/motion/prepare-motion';
import { estimateMotion } from '../images/motion/estimate';
import type { EncodeOptions, MotionEstimate } from '../images/index';
import type { MotionSource } from '../images/motion/source';
import { optionsOfChoice, resolveOptions } from '../images/options';
import type { PreparedImage } from '../images/prepare';
import type { ImageFacts, MotionWindowInfo, PrepareChoice } from '../../common/contract/index';
import { SHOT_SIZES } from '../../common/service-rules';
import type { WindowMotion } from './window-motion';
import { pictureOfDataUrl } from './draft-pictures';
import type { SourcePicture } from './draft-pictures';

/** What a draft needs from a clip the window decodes. */
export interface WindowDraftMotion {
  facts: ImageFacts;
  source: SourcePicture;
  prepare(choice: PrepareChoice, extra?: EncodeOptions): Promise<PreparedImage>;
  /** The fitter's estimate for this choice (its trim), from a sample of the window's frames. */
  estimate(choice: PrepareChoice, signal?: AbortSignal): Promise<MotionEstimate | undefined>;
  /** The clip's frames at this size, for the strip. */
  frames(width: number, height: number): MotionSource;
}

/**
 * The window's decoder for a draft's clip, read from `file` (the draft's copy) and named in what
 * it says by `shownAs` (the file the designer added); undefined when main's own decoders take it.
 */
export type WindowMotionOf = (
  file: string,
  choice: PrepareChoice,
  shownAs: string,
) => Promise<WindowDraftMotion | undefined>;

const LARGEST = SHOT_SIZES['800x600'];

/** The size frames are sent at: as small as possible while the chosen region still covers 800x600. */
export function frameSizeFor(
  info: Pick<MotionWindowInfo, 'width' | 'height'>,
  choice: PrepareChoice,
): { width: number; height: number; scale: number } {
  const region = choice.fit !== 'contain' && choice.crop ? choice.crop : info;
  const scale = Math.min(1, Math.max(LARGEST.width / region.width, LARGEST.height / region.height));
  return {
    width: Math.max(1, Math.ceil(info.width * scale)),
    height: Math.max(1, Math.ceil(info.height * scale)),
    scale,
  };
}

/** The choice with its crop in the scaled frames' pixels. */
export function scaledChoice(choice: PrepareChoice, scale: number, size: { width: number; height: number }) {
  if (!choice.crop || scale === 1) return choice;
  const left = Math.min(size.width - 1, Math.floor(choice.crop.left * scale));
  const top = Math.min(size.height - 1, Math.floor(choice.crop.top * scale));
  const crop = {
    left,
    top,
    width: Math.max(1, Math.min(size.width - left, Math.ceil(choice.crop.width * scale))),
    height: Math.max(1, Math.min(size.height - top, Math.ceil(choice.crop.height * scale))),
  };
  return { ...choice, crop };
}

async function head(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The window's decoder for this file, or undefined when main's own decoders take it. */
export async function windowDraftMotion(
  motion: WindowMotion,
  file: string,
  choice: PrepareChoice,
  shownAs = file,
): Promise<WindowDraftMotion | undefined> {
  if (choice.format !== undefined && choice.format !== 'auto' && choice.format !== 'gif') return undefined;
  let kind;
  try {
    kind = motionKind(await head(file));
  } catch {
    return undefined;
  }
  if (kind !== 'video' && kind !== 'apng' && kind !== 'avif-sequence') return undefined;
  // A clip restored before the window's Worker is up waits for it instead of going to a decoder
  // the designer's computer does not have (a video draft then failed after a relaunch or a restart).
  if (!(await motion.whenAvailable())) return undefined;
  const clip = await motion.describe(file, path.basename(shownAs));
  const { info } = clip;
  return {
    facts: {
      format: info.label,
      width: info.width,
      height: info.height,
      animated: true,
      frames: info.frames ?? Math.max(1, Math.round((info.durationMs * info.fps) / 1000)),
      bytes: 0,
      hasAlpha: info.hasAlpha,
      durationMs: info.durationMs,
      fps: info.fps,
    },
    source: { picture: pictureOfDataUrl(info.poster), width: info.width, height: info.height },
    frames: (width, height) => clip.source(width, height),
    async estimate(current, signal) {
      const size = frameSizeFor(info, current);
      const options = resolveOptions(optionsOfChoice(scaledChoice(current, size.scale, size)));
      return estimateMotion(clip.source(size.width, size.height), options, signal);
    },
    async prepare(current, extra = {}) {
      const size = frameSizeFor(info, current);
      const options = resolveOptions(optionsOfChoice(scaledChoice(current, size.scale, size)));
      const prepared = await prepareMotion(clip.source(size.width, size.height), options, extra);
      return {
        buffer: prepared.buffer,
        ...prepared.checked,
        warnings: prepared.warnings,
        input: prepared.input,
      } as PreparedImage;
    },
  };
}

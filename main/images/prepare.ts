// prepare(): any readable image in, exactly what the service accepts out (or an ImageError).
import { toImageError } from './image-error';
import type { OutputFormat, PrepareOptions } from './options';
import { resolveOptions } from './options';
import { chooseFormat, needsOpacityCheck } from './output-format';
import type { Plan } from './plan';
import { planContain, planCover } from './plan';
import type { ImageInfo } from './probe';
import { probe } from './probe';
import { render } from './render';
import type { RenderRequest } from './render';
import type { ImageSource } from './sharp-setup';
import { openImage } from './sharp-setup';
import { smartRegion } from './smart-region';
import { loadSource } from './svg-source';
import { checkEncoded } from './verify';
import { openMotion } from './motion/open';
import { prepareMotion } from './motion/prepare-motion';
import type { EncodeOptions } from './motion/encode';
import type { PrepareWarning } from './warnings';
import { warning } from './warnings';

export interface PreparedImage {
  /** The encoded file, checked: right format, exact size, sRGB, metadata gone, within the byte limit. */
  buffer: Buffer;
  format: OutputFormat;
  width: number;
  height: number;
  /** Frames in the output: 1 for a still. */
  pages: number;
  bytes: number;
  warnings: PrepareWarning[];
  /** What the input was. */
  input: ImageInfo;
}

async function planFor(
  source: ImageSource,
  info: ImageInfo,
  options: ReturnType<typeof resolveOptions>,
): Promise<Plan> {
  if (options.mode === 'contain') return planContain(info, options);
  const strategy = typeof options.focus === 'string' && !options.crop ? options.focus : undefined;
  if (info.animated && strategy && options.format !== 'png' && options.format !== 'jpeg') {
    const plan = planCover(info, options, await smartRegion(source, info, strategy));
    plan.warnings.push(
      warning(
        'smart-crop-first-frame',
        `The ${strategy} crop of an animation is chosen on its first frame and used for every frame.`,
      ),
    );
    return plan;
  }
  return planCover(info, options);
}

/**
 * Animations and videos go to the motion encoder (motion/), which streams frames; asked for a
 * still format, an animated GIF or WebP keeps the still path (its first frame, said so).
 */
async function preparedMotion(
  source: ImageSource,
  options: ReturnType<typeof resolveOptions>,
  extra: EncodeOptions,
): Promise<PreparedImage | undefined> {
  const motion = await openMotion(source, options.format === 'auto' || options.format === 'gif');
  if (!motion) return undefined;
  try {
    const prepared = await prepareMotion(motion.source, options, extra);
    return { buffer: prepared.buffer, ...prepared.checked, warnings: prepared.warnings, input: prepared.input };
  } finally {
    await motion.close();
  }
}

let pipelinesRun = 0;

/** How many times prepare() has decoded and encoded an image in this process (each file should be once). */
export function preparePipelinesRun(): number {
  return pipelinesRun;
}

/** `extra`: a motion input's progress and cancelling (stills are quick and ignore it). */
export async function prepare(
  given: ImageSource,
  options: PrepareOptions = {},
  extra: EncodeOptions = {},
): Promise<PreparedImage> {
  pipelinesRun += 1;
  try {
    const resolved = resolveOptions(options);
    const { source, warnings: sourceWarnings } = await loadSource(given);
    const motion = await preparedMotion(source, resolved, extra);
    if (motion) return motion;
    const info = await probe(source);
    const transparent = needsOpacityCheck(info, resolved.format)
      ? !(await openImage(source, { pages: 1 }).stats()).isOpaque
      : info.hasAlpha;
    const choice = chooseFormat(info, resolved.format, transparent);
    const plan = await planFor(source, info, resolved);
    const warnings = [...sourceWarnings, ...choice.warnings, ...plan.warnings];
    const pages = choice.animated ? info.pages : 1;
    const request: RenderRequest = {
      source,
      info,
      plan,
      target: plan.target,
      format: choice.format,
      animated: choice.animated,
      options: resolved,
      colours: 256,
    };

    if (!choice.animated) {
      // One encode, checked from the encoder's report and the header: nothing is decoded again.
      const { data, info: encoded } = await render(request);
      const checked = checkEncoded(data, encoded, {
        format: choice.format,
        size: plan.target,
        pages,
        maxBytes: resolved.maxBytes,
        keptMetadata: resolved.keepMetadata,
      });
      return { buffer: data, ...checked, warnings, input: info };
    }
    throw new Error('unreachable: animations are prepared by the motion encoder');
  } catch (error) {
    throw toImageError(error);
  }
}

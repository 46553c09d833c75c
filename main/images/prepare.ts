// prepare(): any readable image in, exactly what the service accepts out (or an ImageError).
import { ImageError, toImageError } from './image-error';
import { targetSize } from './limits';
import type { Size } from './limits';
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
import { formatBytes, verifyOutput } from './verify';
import type { PrepareWarning } from './warnings';
import { warning } from './warnings';

export interface PreparedImage {
  /** The encoded file, verified: right format, exact size, within MAX_UPLOAD_BYTES. */
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

/** Steps tried, in order, when an animation is over the limit: fewer colours first, then 400x300. */
export function animationSteps(target: Size): Array<{ size: Size; colours: number }> {
  const small = targetSize('400x300');
  const steps = target.width > small.width ? [256, 128, 64].map((colours) => ({ size: target, colours })) : [];
  return [...steps, ...[256, 128, 64, 32].map((colours) => ({ size: small, colours }))];
}

async function planFor(source: ImageSource, info: ImageInfo, options: ReturnType<typeof resolveOptions>): Promise<Plan> {
  if (options.mode === 'contain') return planContain(info, options);
  const strategy = typeof options.focus === 'string' && !options.crop ? options.focus : undefined;
  if (info.animated && strategy && options.format !== 'png' && options.format !== 'jpeg') {
    const plan = planCover(info, options, await smartRegion(source, info, strategy));
    plan.warnings.push(warning('smart-crop-first-frame', `The ${strategy} crop of an animation is chosen on its first frame and used for every frame.`));
    return plan;
  }
  return planCover(info, options);
}

export async function prepare(source: ImageSource, options: PrepareOptions = {}): Promise<PreparedImage> {
  try {
    const resolved = resolveOptions(options);
    const info = await probe(source);
    const transparent = needsOpacityCheck(info, resolved.format) ? !(await openImage(source, { pages: 1 }).stats()).isOpaque : info.hasAlpha;
    const choice = chooseFormat(info, resolved.format, transparent);
    const plan = await planFor(source, info, resolved);
    const warnings = [...choice.warnings, ...plan.warnings];
    const pages = choice.animated ? info.pages : 1;
    const request: RenderRequest = { source, info, plan, target: plan.target, format: choice.format, animated: choice.animated, options: resolved, colours: 256 };

    if (!choice.animated) {
      const buffer = await render(request);
      const checked = await verifyOutput(buffer, { format: choice.format, size: plan.target, pages, maxBytes: resolved.maxBytes });
      return { buffer, ...checked, warnings, input: info };
    }

    const limit = resolved.maxBytes;
    const steps = animationSteps(plan.target);
    let firstBytes: number | undefined;
    let previous: number | undefined;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      const buffer = await render({ ...request, target: step.size, colours: step.colours });
      firstBytes ??= buffer.length;
      if (buffer.length > limit) {
        if (i === steps.length - 1) {
          throw new ImageError('too-large-output', `Even at ${step.size.width}x${step.size.height} with ${step.colours} colours the animation is ${formatBytes(buffer.length)}, over the ${formatBytes(limit)} limit: shorten it or use fewer frames.`);
        }
        // Fewer colours save a similar share each time; when another halving cannot reach the
        // limit (noise, film grain), go to 400x300 at once instead of encoding in vain.
        const shrink = previous && step.colours < 256 ? buffer.length / previous : 0.75;
        const hopeless = buffer.length * shrink > limit || buffer.length > limit * 1.5;
        const nextSmall = steps.findIndex((s) => s.size.width < step.size.width);
        previous = buffer.length;
        if (hopeless && nextSmall > i) {
          i = nextSmall - 1;
          previous = undefined;
        }
        continue;
      }
      const checked = await verifyOutput(buffer, { format: 'gif', size: step.size, pages, maxBytes: limit });
      const reduced: PrepareWarning[] = [];
      if (step.size.width !== plan.target.width) {
        reduced.push(warning('reduced-size', `At ${plan.target.width}x${plan.target.height} the animation was ${formatBytes(firstBytes)}, over the ${formatBytes(limit)} limit: it was reduced to ${step.size.width}x${step.size.height}.`));
      }
      if (step.colours < 256) reduced.push(warning('reduced-colours', `The animation was reduced to ${step.colours} colours to stay under ${formatBytes(limit)}.`));
      return { buffer, ...checked, warnings: [...warnings, ...reduced], input: info };
    }
    throw new Error('unreachable: the last step always returns or throws');
  } catch (error) {
    throw toImageError(error);
  }
}

// Animations are the one output that can exceed the byte limit: encode, and if too big, step down
// until it fits. Each attempt re-reads the source, so only one encoded animation is held at a time.
// sharp rounds a palette to a power-of-two bit depth (2, 4, 16 or 256 colours), so 128 or 64
// colours would encode exactly like 256: every step below changes what is encoded.
import { ImageError } from './image-error';
import { targetSize } from './geometry';
import type { Size } from './limits';
import { renderAnimation } from './animation-render';
import type { RenderRequest } from './render';
import { checkEncoded, formatBytes } from './verify';
import type { VerifiedOutput } from './verify';
import type { PrepareWarning } from './warnings';
import { warning } from './warnings';

export interface AnimationStep {
  size: Size;
  colours: 256 | 16;
  /** Error diffusion: smoother gradients, but noise that compresses worse. */
  dither: boolean;
}

/** Dropping dithering saves about a fifth; an encode further over the limit than this skips it. */
const PLAIN_COLOURS_REACH = 1.25;

/** Steps tried, in order, when an animation is over the limit: plain colours, then 400x300, then 16 colours. */
export function animationSteps(target: Size): AnimationStep[] {
  const small = targetSize('400x300');
  const atTarget: AnimationStep[] =
    target.width > small.width
      ? [
          { size: target, colours: 256, dither: true },
          { size: target, colours: 256, dither: false },
        ]
      : [];
  return [
    ...atTarget,
    { size: small, colours: 256, dither: true },
    { size: small, colours: 256, dither: false },
    { size: small, colours: 16, dither: false },
  ];
}

function reductions(step: AnimationStep, target: Size, firstBytes: number, limit: number): PrepareWarning[] {
  const said: PrepareWarning[] = [];
  if (step.size.width !== target.width) {
    said.push(
      warning(
        'reduced-size',
        `At ${target.width}x${target.height} the animation was ${formatBytes(firstBytes)}, over the ${formatBytes(limit)} limit: it was reduced to ${step.size.width}x${step.size.height}.`,
      ),
    );
  }
  if (step.colours < 256)
    said.push(
      warning(
        'reduced-colours',
        `The animation was reduced to ${step.colours} colours to stay under ${formatBytes(limit)}.`,
      ),
    );
  else if (!step.dither)
    said.push(
      warning(
        'reduced-colours',
        `The animation was encoded with plain colours (no dithering) to stay under ${formatBytes(limit)}.`,
      ),
    );
  return said;
}

export async function fitAnimation(
  request: RenderRequest,
  limit: number,
): Promise<{ buffer: Buffer; checked: VerifiedOutput; warnings: PrepareWarning[] }> {
  const { plan } = request;
  const steps = animationSteps(plan.target);
  let firstBytes: number | undefined;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const { data, info } = await renderAnimation({
      ...request,
      target: step.size,
      colours: step.colours,
      dither: step.dither,
    });
    firstBytes ??= data.length;
    if (data.length <= limit) {
      const checked = checkEncoded(data, info, {
        format: 'gif',
        size: step.size,
        pages: request.info.pages,
        maxBytes: limit,
        keptMetadata: request.options.keepMetadata,
      });
      return { buffer: data, checked, warnings: reductions(step, plan.target, firstBytes, limit) };
    }
    if (i === steps.length - 1) {
      throw new ImageError(
        'too-large-output',
        `Even at ${step.size.width}x${step.size.height} with ${step.colours} colours the animation is ${formatBytes(data.length)}, over the ${formatBytes(limit)} limit: shorten it or use fewer frames.`,
      );
    }
    // Too far over for plain colours to reach the limit: skip that step rather than encode in vain.
    const next = steps[i + 1]!;
    if (step.dither && !next.dither && next.size.width === step.size.width && data.length > limit * PLAIN_COLOURS_REACH)
      i++;
  }
  throw new Error('unreachable: the last step always returns or throws');
}

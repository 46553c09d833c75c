// Animations are the one output that can exceed the byte limit: encode, and if too big, try fewer
// colours, then 400x300, until it fits. Each attempt re-reads the source, so only one encoded
// animation is held in memory at a time.
import { ImageError } from './image-error';
import { targetSize } from './geometry';
import type { Size } from './limits';
import { render } from './render';
import type { RenderRequest } from './render';
import { formatBytes, verifyOutput } from './verify';
import type { VerifiedOutput } from './verify';
import type { PrepareWarning } from './warnings';
import { warning } from './warnings';

/** Steps tried, in order, when an animation is over the limit: fewer colours first, then 400x300. */
export function animationSteps(target: Size): Array<{ size: Size; colours: number }> {
  const small = targetSize('400x300');
  const steps = target.width > small.width ? [256, 128, 64].map((colours) => ({ size: target, colours })) : [];
  return [...steps, ...[256, 128, 64, 32].map((colours) => ({ size: small, colours }))];
}

export async function fitAnimation(request: RenderRequest, limit: number): Promise<{ buffer: Buffer; checked: VerifiedOutput; warnings: PrepareWarning[] }> {
  const { plan } = request;
  const pages = request.info.pages;
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
    return { buffer, checked, warnings: reduced };
  }
  throw new Error('unreachable: the last step always returns or throws');
}

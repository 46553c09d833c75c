// Frames scaled and framed exactly as a still is: the same plan (4:3 region kept around the focus
// point, an explicit crop, or the whole frame fitted on the background) from plan.ts, cut from
// every frame. A smart crop (attention/entropy) is decided on the first frame, as for GIFs.
import sharp from 'sharp';
import type { Size } from '../limits';
import type { ResolvedOptions } from '../options';
import type { Plan } from '../plan';
import { planContain, planCover } from '../plan';
import type { ImageInfo } from '../probe';
import { smartRegion } from '../smart-region';
import { warning } from '../warnings';
import type { MotionFrame, MotionInfo } from './source';

/** The still pipeline's view of a clip: one frame's size; frames do not matter to the plan. */
export function frameInfo(info: MotionInfo): ImageInfo {
  return {
    format: 'png',
    width: info.width,
    height: info.height,
    animated: true,
    pages: 1,
    space: 'srgb',
    hasAlpha: info.hasAlpha,
    hasProfile: false,
    bytes: 0,
  };
}

/**
 * A clip whose 4:3 area is at least this large is sent at 800x600 when the size is left to Shotput
 * (enlarged at most by a third, and said so), where a still of that size goes to 400x300: a phone's
 * screen recording (720x1280, its 4:3 area 720x540) halved to 400x300 loses the text a designer
 * recorded, while a tenth more pixels on a moving picture barely shows. Converters enlarge it too.
 */
const MOTION_LARGE_FROM = { width: 600, height: 450 };

/** The plan for a clip, given its first frame (only read for a smart crop). */
export async function planMotion(info: MotionInfo, options: ResolvedOptions, first?: MotionFrame): Promise<Plan> {
  const plan = await planFraming(info, options, first);
  const { region } = plan;
  const enlarge =
    options.target === 'auto' &&
    plan.mode === 'cover' &&
    plan.target.width < 800 &&
    region !== undefined &&
    region.width >= MOTION_LARGE_FROM.width &&
    region.height >= MOTION_LARGE_FROM.height;
  return enlarge ? planFraming(info, { ...options, target: '800x600' }, first) : plan;
}

async function planFraming(info: MotionInfo, options: ResolvedOptions, first?: MotionFrame): Promise<Plan> {
  const still = frameInfo(info);
  if (options.mode === 'contain') return planContain(still, options);
  const strategy = typeof options.focus === 'string' && !options.crop ? options.focus : undefined;
  if (!strategy || !first) {
    // Without a first frame a strategy falls back to the centre (the region is centred either way).
    const plan = planCover(still, { ...options, focus: strategy ? { x: 0.5, y: 0.5 } : options.focus });
    return plan;
  }
  const png = await sharp(first.data, { raw: { width: first.width, height: first.height, channels: 4 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const plan = planCover(still, options, await smartRegion(png, still, strategy));
  plan.warnings.push(
    warning(
      'smart-crop-first-frame',
      `The ${strategy} crop of an animation is chosen on its first frame and used for every frame.`,
    ),
  );
  return plan;
}

/** One frame at the target size as RGB, transparency put on the background. */
export async function frameTo(frame: MotionFrame, plan: Plan, target: Size, options: ResolvedOptions): Promise<Buffer> {
  let image = sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 4 } });
  if (plan.mode === 'contain') {
    image = image.resize(target.width, target.height, { fit: 'contain', background: options.background });
  } else {
    // The region refers to the frame size of the plan; a decoder handing over another size is scaled to it.
    const scaleX = frame.width / plan.source.width;
    const scaleY = frame.height / plan.source.height;
    const region = plan.region!;
    const cut = {
      left: Math.round(region.left * scaleX),
      top: Math.round(region.top * scaleY),
      width: Math.min(frame.width, Math.max(1, Math.round(region.width * scaleX))),
      height: Math.min(frame.height, Math.max(1, Math.round(region.height * scaleY))),
    };
    cut.left = Math.min(cut.left, frame.width - cut.width);
    cut.top = Math.min(cut.top, frame.height - cut.height);
    image = image.extract(cut).resize(target.width, target.height, { fit: 'fill' });
  }
  return image.flatten({ background: options.background }).raw().toBuffer();
}

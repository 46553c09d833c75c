// Decides, before any pixels move, what prepare() will do: target size, source region, scale.
import type { FocusPoint, Rect } from './geometry';
import {
  adjustCrop,
  containScale,
  containTarget,
  coverScale,
  coverTarget,
  focusRegion,
  largest43,
  targetSize,
} from './geometry';
import { ImageError } from './image-error';
import type { Size } from './limits';
import type { ShotSizeName } from '../../common/service-rules';
import type { ResolvedOptions } from './options';
import type { ImageInfo } from './probe';
import type { PrepareWarning } from './warnings';
import { warning } from './warnings';

export interface Plan {
  target: Size;
  mode: 'cover' | 'contain';
  /** cover: the 4:3 source region (oriented pixels at the render density). Absent with a strategy. */
  region?: Rect;
  /** cover on a still with attention/entropy: libvips picks the region itself. */
  strategy?: 'attention' | 'entropy';
  /** SVG render density (dpi) so vectors are drawn at the target size, never scaled up as pixels. */
  density?: number;
  /** Size of the (oriented, rendered) source the region refers to. */
  source: Size;
  warnings: PrepareWarning[];
}

const SVG_DPI = 72;

function chosenTarget(requested: 'auto' | ShotSizeName, fallback: ShotSizeName, info: ImageInfo): ShotSizeName {
  if (requested !== 'auto') return requested;
  // A vector has no pixel size to respect: it is drawn at the larger size.
  return info.format === 'svg' ? '800x600' : fallback;
}

function enlargedWarning(region: Size, target: Size, what: string): PrepareWarning {
  return warning(
    'enlarged',
    `The ${what} is ${region.width}x${region.height}, smaller than ${target.width}x${target.height}: it was enlarged and may look soft.`,
  );
}

/** For SVG: redraw at a density where the needed scale is 1, and scale the geometry with it. */
function svgDensity(scale: number): number | undefined {
  if (scale <= 1) return undefined;
  return Math.min(SVG_DPI * scale, 100_000);
}

function scaleRect(rect: Rect, factor: number): Rect {
  return {
    left: Math.floor(rect.left * factor),
    top: Math.floor(rect.top * factor),
    width: Math.max(1, Math.floor(rect.width * factor)),
    height: Math.max(1, Math.floor(rect.height * factor)),
  };
}

/** Below this share of the image kept, a crop is said to drop much of it and Fit is offered. */
const CROP_LOSS_SHARE = 0.6;

function cropLossWarning(region: Size, image: Size): PrepareWarning | undefined {
  const kept = (region.width * region.height) / (image.width * image.height);
  if (kept >= CROP_LOSS_SHARE) return undefined;
  return warning(
    'crop-loss',
    `The crop keeps ${Math.round(kept * 100)}% of the ${image.width}x${image.height} image; choose Fit to show all of it.`,
  );
}

export function planCover(info: ImageInfo, options: ResolvedOptions, smartRegion?: Rect): Plan {
  const image = { width: info.width, height: info.height };
  const warnings: PrepareWarning[] = [];
  let region: Rect;
  let strategy: Plan['strategy'];
  if (options.crop) {
    const adjusted = adjustCrop(image, options.crop);
    if (!adjusted)
      throw new ImageError(
        'invalid-options',
        `The crop rectangle lies outside the ${info.width}x${info.height} image.`,
      );
    region = adjusted.region;
    const { left, top, width, height } = region;
    if (adjusted.clamped)
      warnings.push(
        warning(
          'crop-clamped',
          `The crop rectangle reached outside the ${info.width}x${info.height} image and was cut to it.`,
        ),
      );
    if (adjusted.reshaped)
      warnings.push(
        warning(
          'crop-reshaped',
          `The crop rectangle was not 4:3; the largest 4:3 area centred in it is used: ${width}x${height} at ${left},${top}.`,
        ),
      );
  } else if (typeof options.focus === 'object') {
    region = focusRegion(image, options.focus as FocusPoint);
  } else if (smartRegion) {
    region = smartRegion;
  } else {
    region = { left: 0, top: 0, ...largest43(info.width, info.height) };
    strategy = options.focus;
  }
  // A rectangle the designer drew is a choice; a 4:3 cut made for them is said when it loses much.
  const loss = options.crop ? undefined : cropLossWarning(region, image);
  if (loss) warnings.push(loss);
  const target = targetSize(chosenTarget(options.target, coverTarget(region), info));
  const scale = coverScale(region, target);
  if (info.format === 'svg') {
    const density = svgDensity(scale);
    if (density === undefined) return { target, mode: 'cover', region, strategy, source: image, warnings };
    const factor = density / SVG_DPI;
    const source = { width: Math.floor(image.width * factor), height: Math.floor(image.height * factor) };
    return { target, mode: 'cover', region: scaleRect(region, factor), strategy, density, source, warnings };
  }
  if (scale > 1) warnings.push(enlargedWarning(region, target, options.crop ? 'crop rectangle' : 'image area used'));
  return { target, mode: 'cover', region, strategy, source: image, warnings };
}

export function planContain(info: ImageInfo, options: ResolvedOptions): Plan {
  const image = { width: info.width, height: info.height };
  const warnings: PrepareWarning[] = [];
  const target = targetSize(chosenTarget(options.target, containTarget(image), info));
  const scale = containScale(image, target);
  if (info.format === 'svg') {
    const density = svgDensity(scale);
    if (density === undefined) return { target, mode: 'contain', source: image, warnings };
    const factor = density / SVG_DPI;
    return {
      target,
      mode: 'contain',
      density,
      source: { width: Math.floor(image.width * factor), height: Math.floor(image.height * factor) },
      warnings,
    };
  }
  if (scale > 1) warnings.push(enlargedWarning(image, target, 'image'));
  return { target, mode: 'contain', source: image, warnings };
}

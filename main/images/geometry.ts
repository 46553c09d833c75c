// Pure arithmetic of cropping: which part of the source becomes the 4:3 shot, and at what size.
import { SHOT_SIZES } from '../../common/service-rules';
import type { ShotSizeName } from '../../common/service-rules';
import type { Size } from './limits';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface FocusPoint {
  /** 0 = left edge, 1 = right edge. */
  x: number;
  /** 0 = top edge, 1 = bottom edge. */
  y: number;
}

/** The largest 4:3 rectangle that fits in width x height, in whole pixels. */
export function largest43(width: number, height: number): Size {
  if (width * 3 >= height * 4)
    return { width: Math.max(1, Math.min(width, Math.round((height * 4) / 3))), height: Math.max(1, height) };
  return { width: Math.max(1, width), height: Math.max(1, Math.min(height, Math.round((width * 3) / 4))) };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/** The largest 4:3 region of the image, centred on the focus point as far as the edges allow. */
export function focusRegion(image: Size, focus: FocusPoint): Rect {
  const size = largest43(image.width, image.height);
  const left = clamp(Math.round(focus.x * image.width - size.width / 2), 0, image.width - size.width);
  const top = clamp(Math.round(focus.y * image.height - size.height / 2), 0, image.height - size.height);
  return { left, top, ...size };
}

export interface CropAdjustment {
  region: Rect;
  /** The requested rectangle reached outside the image and was cut to it. */
  clamped: boolean;
  /** The rectangle was not 4:3 and was narrowed to the largest 4:3 rectangle centred in it. */
  reshaped: boolean;
}

/**
 * Makes an explicit crop usable: cut to the image, then, if it is not 4:3 within a pixel, narrowed
 * to the largest 4:3 rectangle centred in it. Narrowing (rather than widening) never shows pixels
 * the designer left out. Returns undefined when nothing of the rectangle lies inside the image.
 */
export function adjustCrop(image: Size, crop: Rect): CropAdjustment | undefined {
  const left = clamp(Math.round(crop.left), 0, image.width);
  const top = clamp(Math.round(crop.top), 0, image.height);
  const right = clamp(Math.round(crop.left + crop.width), 0, image.width);
  const bottom = clamp(Math.round(crop.top + crop.height), 0, image.height);
  const inside = { left, top, width: right - left, height: bottom - top };
  if (inside.width < 1 || inside.height < 1) return undefined;
  const clamped =
    inside.left !== crop.left ||
    inside.top !== crop.top ||
    inside.width !== crop.width ||
    inside.height !== crop.height;
  // Within one pixel of 4:3 the resize absorbs the difference invisibly.
  if (Math.abs(inside.width * 3 - inside.height * 4) <= 4) return { region: inside, clamped, reshaped: false };
  const size = largest43(inside.width, inside.height);
  const region = {
    left: inside.left + Math.floor((inside.width - size.width) / 2),
    top: inside.top + Math.floor((inside.height - size.height) / 2),
    ...size,
  };
  return { region, clamped, reshaped: true };
}

/** cover: the 4:3 region must reach the target in both directions without enlargement. */
export function coverTarget(region: Size): ShotSizeName {
  const large = SHOT_SIZES['800x600'];
  return region.width >= large.width && region.height >= large.height ? '800x600' : '400x300';
}

/** contain: the whole image fits; 800x600 when reaching it needs no enlargement on the limiting side. */
export function containTarget(image: Size): ShotSizeName {
  const large = SHOT_SIZES['800x600'];
  return image.width >= large.width || image.height >= large.height ? '800x600' : '400x300';
}

/** Scale factor applied to the source: above 1 means the image is enlarged. */
export function coverScale(region: Size, target: Size): number {
  return Math.max(target.width / region.width, target.height / region.height);
}

export function containScale(image: Size, target: Size): number {
  return Math.min(target.width / image.width, target.height / image.height);
}

/** The pixel size of an accepted size, as a fresh object the caller may keep. */
export function targetSize(name: ShotSizeName): Size {
  return { ...SHOT_SIZES[name] };
}

// The service's rules for a shot image and the safety limits we apply to what designers drop.

/** The only sizes the service accepts, largest first. */
export const TARGET_SIZES = [
  { width: 800, height: 600 },
  { width: 400, height: 300 },
] as const;

export type TargetName = '800x600' | '400x300';

export interface Size {
  width: number;
  height: number;
}

export function targetSize(name: TargetName): Size {
  return name === '800x600' ? { width: 800, height: 600 } : { width: 400, height: 300 };
}

/**
 * "At most eight megabytes": we take the decimal reading, 8,000,000 bytes. It is the stricter of
 * the two readings (8 MiB is 8,388,608), so a file we accept is accepted whichever the service means.
 */
export const MAX_UPLOAD_BYTES = 8_000_000;

/**
 * Decoded pixels (width x height x frames) we agree to decode: a 108-megapixel phone photo passes,
 * a decompression bomb (a few kilobytes declaring 30000x30000) is refused from its header alone.
 */
export const MAX_INPUT_PIXELS = 120_000_000;

/** Files bigger than this are refused before any decoding: no designer export needs more. */
export const MAX_INPUT_BYTES = 300 * 1024 * 1024;

/** Frames of an animation we agree to process; longer ones cannot fit in 8 MB anyway. */
export const MAX_FRAMES = 1000;

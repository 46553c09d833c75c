// The safety limits we apply to what designers drop. The service's own rules (accepted sizes,
// formats, bytes) are in common/service-rules.ts.

export interface Size {
  width: number;
  height: number;
}

/**
 * Decoded pixels of one frame (width x height) we agree to decode: a 108-megapixel phone photo passes,
 * a decompression bomb (a few kilobytes declaring 30000x30000) is refused from its header alone.
 */
export const MAX_INPUT_PIXELS = 120_000_000;

/** Files bigger than this are refused before any decoding: no designer export needs more. */
export const MAX_INPUT_BYTES = 300 * 1024 * 1024;

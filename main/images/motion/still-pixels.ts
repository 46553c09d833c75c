// The still-pixel encode. About 80% of libvips' GIF save is libimagequant's nearest-colour search,
// run over every pixel of every frame, even pixels that did not change. So a run's pixels that
// stand still are handed over transparent (which the search maps at once) and every frame is
// marked "leave in place", so such a pixel shows what was there: the same picture, on a 2 s
// 800x600 UI clip at 60 fps in a seventh of the time (32 frames: 0.9 s against 6.5 s). Runs
// where most pixels move keep the plain encode (see MIN_STILL_SHARE).

/**
 * Below this share of still pixels a run is encoded plain. The encoder this replaced used half
 * (for time alone), but with palettes per frame from changed pixels, dithering loses detail where
 * much moves: bench:motion's busy clip (testsrc2; at 60 fps 88% still) fell from SSIM 0.950 to
 * 0.939 for 5.7 against 4.9 s. UI recordings stand 99% still and gain (2 s 60 fps: 0.9986 to 0.9999).
 */
export const MIN_STILL_SHARE = 0.95;

/** The inter-frame error the fitter trades: 8 hides sensor and compression noise. */
export const NEAR_ERROR = 8;

/** Two opaque RGBA pixels (as little-endian words) within `maxError` on every channel. */
function near(a: number, b: number, maxError: number): boolean {
  if (a === b) return true;
  if (maxError === 0) return false;
  for (let shift = 0; shift < 24; shift += 8) {
    if (Math.abs(((a >>> shift) & 0xff) - ((b >>> shift) & 0xff)) > maxError) return false;
  }
  return true;
}

/** A run of frames as RGBA, pixels that stood still cleared, and the share of those. */
export interface ClearedRun {
  rgba: Buffer;
  stillShare: number;
  /** Pixels compared that changed, but by at most NEAR_ERROR: what that inter-frame error drops. */
  near: number;
  /** Pixels compared that changed (every frame's but the run's first, unless it built on the last run). */
  changed: number;
}

/**
 * Clears still pixels run after run, keeping what a viewer sees between runs: the pixels last
 * sent, in source colours. A pixel within `maxError` of that on every channel counts as still
 * (libimagequant's inter-frame error, done here, as it would be compared with cleared pixels).
 */
export class StillPixels {
  /** What the last run sent for each pixel, when that run was sent cleared. */
  private shown: Uint32Array | undefined;
  /** The run just cleared's last picture, kept once the run is sent cleared. */
  private pending: Uint32Array | undefined;

  constructor(
    private readonly pixels: number,
    private readonly maxError: number,
  ) {}

  /**
   * The run as RGBA with still pixels cleared (all four bytes zero). Its first frame is compared
   * with the previous run's last when that run was cleared too, so a joint costs no whole frame.
   */
  clear(frames: Buffer[]): ClearedRun {
    const perFrame = this.pixels;
    const rgba = Buffer.alloc(perFrame * 4 * frames.length);
    const out = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length / 4);
    let shown = this.shown ? this.shown.slice() : undefined;
    let still = 0;
    let compared = 0;
    let nearby = 0;
    frames.forEach((rgb, index) => {
      const at = index * perFrame;
      if (!shown) {
        shown = new Uint32Array(perFrame);
        for (let i = 0, j = 0; i < perFrame; i++, j += 3) shown[i] = toWord(rgb, j);
        out.set(shown, at);
        return;
      }
      compared += perFrame;
      for (let i = 0, j = 0; i < perFrame; i++, j += 3) {
        const pixel = toWord(rgb, j);
        if (near(pixel, shown[i]!, this.maxError)) {
          still++;
        } else {
          if (near(pixel, shown[i]!, NEAR_ERROR)) nearby++;
          out[at + i] = pixel;
          shown[i] = pixel;
        }
      }
    });
    this.pending = shown;
    return { rgba, stillShare: compared ? still / compared : 0, near: nearby, changed: compared - still };
  }

  /** Says whether the run last cleared was sent cleared: only then may the next run build on it. */
  sent(cleared: boolean): void {
    this.shown = cleared ? this.pending : undefined;
    this.pending = undefined;
  }
}

/** An opaque RGB pixel as the little-endian RGBA word of a Uint32Array. */
function toWord(rgb: Buffer, at: number): number {
  return (0xff000000 | (rgb[at + 2]! << 16) | (rgb[at + 1]! << 8) | rgb[at]!) >>> 0;
}

/** Skips a run of GIF data sub-blocks (length byte, data; a zero length ends the run). */
function skipSubBlocks(gif: Buffer, at: number): number {
  while (at < gif.length && gif[at] !== 0) at += gif[at]! + 1;
  return at + 1;
}

const tableBytes = (packed: number) => (packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0);

/**
 * Sets every frame's disposal to 1, "leave in place": the next frame is drawn over this one, so
 * its transparent pixels show what was there. Changes bytes in place; false (and maybe nothing
 * changed) when the bytes are not the block structure expected or a frame has no control block.
 */
export function leaveFramesInPlace(gif: Buffer): boolean {
  if (gif.length < 13 || gif.subarray(0, 6).toString('latin1') !== 'GIF89a') return false;
  let at = 13 + tableBytes(gif[10]!);
  let controls = 0;
  let images = 0;
  while (at < gif.length) {
    const block = gif[at];
    if (block === 0x3b) return images > 0 && controls === images;
    if (block === 0x21) {
      // Graphic control extension: 21 F9 04, packed byte (disposal in bits 2-4), delay, index, 00.
      if (gif[at + 1] === 0xf9 && gif[at + 2] === 4) {
        gif[at + 3] = (gif[at + 3]! & ~0x1c) | (1 << 2);
        controls++;
      }
      at = skipSubBlocks(gif, at + 2);
    } else if (block === 0x2c) {
      images++;
      at = skipSubBlocks(gif, at + 10 + tableBytes(gif[at + 9] ?? 0) + 1);
    } else {
      return false;
    }
  }
  return false;
}

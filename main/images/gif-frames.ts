// Byte-level helpers for animated GIF output: which pixels stand still between frames, and the
// frames' disposal flag. Both work on what sharp hands over (raw RGBA frames, encoded GIF bytes).

/**
 * Makes every pixel that equals the same pixel of the previous frame fully transparent (all four
 * bytes zero), from the last frame back so each frame is compared with the untouched one before
 * it. Returns the share of pixels (frames after the first) that stood still, or undefined when a
 * frame has pixels GIF would show as transparent (alpha under 128): those must stay transparent,
 * not turn into "same as before".
 */
export function clearStillPixels(
  rgba: Buffer,
  frameWidth: number,
  frameHeight: number,
  pages: number,
): number | undefined {
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length / 4);
  const perFrame = frameWidth * frameHeight;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < 128) return undefined;
  let still = 0;
  for (let frame = pages - 1; frame >= 1; frame--) {
    const at = frame * perFrame;
    const before = at - perFrame;
    for (let i = 0; i < perFrame; i++) {
      if (pixels[at + i] === pixels[before + i]) {
        pixels[at + i] = 0;
        still++;
      }
    }
  }
  return pages > 1 ? still / (perFrame * (pages - 1)) : 0;
}

/** Skips a run of GIF data sub-blocks (length byte, data; a zero length ends the run). */
function skipSubBlocks(gif: Buffer, at: number): number {
  while (at < gif.length && gif[at] !== 0) at += gif[at]! + 1;
  return at + 1;
}

const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0);

/**
 * Sets every frame's disposal method to 1, "leave in place": the next frame is drawn over this
 * one, so its transparent pixels show what was there. Changes bytes in place. Returns false (and
 * may have changed nothing) when the bytes are not the GIF block structure expected.
 */
export function leaveFramesInPlace(gif: Buffer): boolean {
  if (gif.length < 13 || gif.subarray(0, 6).toString('latin1') !== 'GIF89a') return false;
  let at = 13 + colourTableBytes(gif[10]!);
  let controls = 0;
  while (at < gif.length) {
    const block = gif[at];
    if (block === 0x3b) return controls > 0;
    if (block === 0x21) {
      // Graphic control extension: 21 F9 04, packed byte (disposal in bits 2-4), delay, index, 00.
      if (gif[at + 1] === 0xf9 && gif[at + 2] === 4) {
        gif[at + 3] = (gif[at + 3]! & ~0x1c) | (1 << 2);
        controls++;
      }
      at = skipSubBlocks(gif, at + 2);
    } else if (block === 0x2c) {
      // Image descriptor (10 bytes), local colour table, LZW code size, image data.
      at = skipSubBlocks(gif, at + 10 + colourTableBytes(gif[at + 9] ?? 0) + 1);
    } else {
      return false;
    }
  }
  return false;
}

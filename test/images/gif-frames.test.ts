// Animations handed to the GIF encoder with still pixels cleared, and shown back whole.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../main/images/index';
import { clearStillPixels, leaveFramesInPlace } from '../../main/images/gif-frames';
import { gradientAnimation, scratch } from './fixtures';
import type { Scratch } from './fixtures';

let tmp: Scratch;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

/** Three 8x2 opaque frames: grey, with one pixel turning red in frame 2 and back in frame 3. */
function frames(): Buffer {
  const rgba = Buffer.alloc(8 * 2 * 4 * 3);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([120, 120, 120, 255], i);
  rgba.set([255, 0, 0, 255], (16 + 5) * 4);
  return rgba;
}

async function frame(gif: Buffer, page: number): Promise<Buffer> {
  return sharp(gif, { page }).ensureAlpha().raw().toBuffer();
}

function psnr(a: Buffer, b: Buffer): number {
  let squares = 0;
  for (let i = 0; i < a.length; i++) squares += (a[i]! - b[i]!) ** 2;
  return squares === 0 ? 99 : 10 * Math.log10((255 * 255 * a.length) / squares);
}

describe('clearStillPixels', () => {
  it('clears each pixel equal to the previous frame, comparing with the frame as it was', () => {
    const rgba = frames();
    expect(clearStillPixels(rgba, 8, 2, 3)).toBeCloseTo(30 / 32);
    expect([...rgba.subarray(0, 4)]).toEqual([120, 120, 120, 255]);
    expect([...rgba.subarray(64, 68)]).toEqual([0, 0, 0, 0]);
    expect([...rgba.subarray((16 + 5) * 4, (16 + 6) * 4)]).toEqual([255, 0, 0, 255]);
    // Frame 3 turns the pixel back to grey: a change from frame 2, so it is kept.
    expect([...rgba.subarray((32 + 5) * 4, (32 + 6) * 4)]).toEqual([120, 120, 120, 255]);
  });

  it('leaves frames with transparent pixels alone: those must not turn into "as before"', () => {
    const rgba = frames();
    rgba[3] = 0;
    const copy = Buffer.from(rgba);
    expect(clearStillPixels(rgba, 8, 2, 3)).toBeUndefined();
    expect(rgba.equals(copy)).toBe(true);
  });
});

describe('leaveFramesInPlace', () => {
  it('makes cleared pixels show the previous frame instead of a hole', async () => {
    const rgba = frames();
    clearStillPixels(rgba, 8, 2, 3);
    const gif = await sharp(rgba, { raw: { width: 8, height: 6, channels: 4, pageHeight: 2 } })
      .gif({ effort: 1, keepDuplicateFrames: true })
      .toBuffer();
    expect((await frame(gif, 1))[3]).toBe(0);
    expect(leaveFramesInPlace(gif)).toBe(true);
    const second = await frame(gif, 1);
    expect([...second.subarray(0, 4)]).toEqual([120, 120, 120, 255]);
    expect([...second.subarray(20, 24)]).toEqual([255, 0, 0, 255]);
    expect([...(await frame(gif, 2)).subarray(20, 24)]).toEqual([120, 120, 120, 255]);
  });

  it('refuses bytes that are not a GIF it can walk', () => {
    expect(leaveFramesInPlace(Buffer.from('GIF89a but nothing more'))).toBe(false);
    expect(leaveFramesInPlace(Buffer.from('not a gif at all, not even close'))).toBe(false);
  });
});

describe('prepared animations', () => {
  it('every frame of a mostly still animation is whole: close to its source frame resized', async () => {
    const file = await tmp.write('still-background.webp', await gradientAnimation(1000, 750, 6));
    const result = await prepare(file);
    expect(result).toMatchObject({ format: 'gif', width: 800, height: 600, pages: 6 });
    for (const page of [1, 3, 5]) {
      const reference = await sharp(file, { page }).resize(800, 600).ensureAlpha().raw().toBuffer();
      expect(psnr(await frame(result.buffer, page), reference)).toBeGreaterThan(30);
    }
  });

  it('a bar moving over transparency leaves no trail: transparent stays transparent', async () => {
    const layers = [0, 1, 2].map((i) => ({
      input: { create: { width: 200, height: 300, channels: 4 as const, background: '#ff0000ff' } },
      left: i * 300,
      top: i * 300,
    }));
    const webp = await sharp({
      create: { width: 800, height: 900, channels: 4, background: '#00000000', pageHeight: 300 },
    })
      .composite(layers)
      .webp({ lossless: true, delay: [100, 100, 100], loop: 0 })
      .toBuffer();
    const result = await prepare(await tmp.write('transparent.webp', webp), { target: '400x300', mode: 'contain' });
    expect(result.pages).toBe(3);
    const last = await frame(result.buffer, 2);
    // Where the bar stood in frame 1 (left edge), frame 3 is transparent.
    expect(last[(150 * 400 + 20) * 4 + 3]).toBe(0);
    expect([...last.subarray((150 * 400 + 320) * 4, (150 * 400 + 321) * 4)]).toEqual([255, 0, 0, 255]);
  });
});

// Animations stay animations: frames, delays and looping kept; over the size limit, reduced and said.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SHOT_BYTES } from '../../common/service-rules';
import { prepare, probe } from '../../main/images/index';
import { bestCase, candidates } from '../../main/images/motion/fit';
import type { Candidate } from '../../main/images/motion/fit';
import { verifyOutput } from '../../main/images/verify';
import { animatedGif, gradientAnimation, noiseAnimation, scratch } from './fixtures';
import type { Scratch } from './fixtures';

let tmp: Scratch;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

const delays = [100, 200, 300, 150, 50, 400];

describe('animated input', () => {
  it('keeps every frame, each delay and the loop count', async () => {
    const file = await tmp.write('moving.gif', await animatedGif(1000, 750, delays, 3));
    const info = await probe(file);
    expect(info).toMatchObject({ format: 'gif', animated: true, pages: 6, delays, loop: 3, width: 1000, height: 750 });
    const result = await prepare(file);
    expect(result).toMatchObject({ format: 'gif', width: 800, height: 600, pages: 6 });
    const out = await sharp(result.buffer, { animated: true }).metadata();
    expect(out).toMatchObject({ format: 'gif', width: 800, pageHeight: 600, pages: 6, delay: delays, loop: 3 });
    // The bar moves: frame 1 and frame 6 differ where it was.
    const first = await sharp(result.buffer, { page: 0 }).raw().toBuffer();
    const last = await sharp(result.buffer, { page: 5 }).raw().toBuffer();
    expect(first.equals(last)).toBe(false);
  });

  it('an animated WebP becomes an animated GIF; a forced PNG keeps only the first frame, saying so', async () => {
    const webp = await sharp(await animatedGif(480, 360, [100, 100, 100]), { animated: true })
      .webp({ effort: 0 })
      .toBuffer();
    const file = await tmp.write('moving.webp', webp);
    const gif = await prepare(file);
    expect(gif).toMatchObject({ format: 'gif', width: 400, height: 300, pages: 3 });
    const still = await prepare(file, { format: 'png' });
    expect(still).toMatchObject({ format: 'png', pages: 1 });
    expect(still.warnings.map((w) => w.code)).toEqual(['animation-dropped']);
  });

  it('smart crops of an animation are decided on the first frame and said so', async () => {
    const result = await prepare(await tmp.write('smart.gif', await animatedGif(1200, 600, [100, 100])), {
      focus: 'entropy',
    });
    expect(result).toMatchObject({ format: 'gif', width: 800, height: 600, pages: 2 });
    expect(result.warnings.map((w) => w.code)).toEqual(['smart-crop-first-frame']);
  });
});

describe('the size limit for animations', () => {
  it('trades inter-frame error, then frame rate, then dithering, then 400x300, then 16 colours', () => {
    const name = (c: Candidate) =>
      `${c.target.width}x${c.target.height}/${c.rate}fps/e${c.interFrameMaxError}/${c.colours}/d${c.dither}`;
    const at800 = [
      '800x600/50fps/e0/256/d1',
      '800x600/50fps/e8/256/d1',
      '800x600/30fps/e8/256/d1',
      '800x600/25fps/e8/256/d1',
      '800x600/20fps/e8/256/d1',
      '800x600/15fps/e8/256/d1',
      '800x600/10fps/e8/256/d1',
      '800x600/10fps/e8/256/d0.5',
      '800x600/10fps/e8/256/d0',
    ];
    const steps = candidates({ width: 800, height: 600 }, 60).map(name);
    expect(steps.slice(0, at800.length)).toEqual(at800);
    expect(steps.slice(at800.length)).toEqual([
      ...at800.map((step) => step.replace('800x600', '400x300')),
      '400x300/10fps/e8/16/d0',
    ]);
    // A 60 fps source is shown at 50 (the fastest every browser plays); a 30 fps one keeps 30.
    expect(candidates({ width: 800, height: 600 }, 60)[0]).toMatchObject({ fps: 50, rate: 50 });
    expect(candidates({ width: 800, height: 600 }, 30)[0]).toMatchObject({ fps: undefined, rate: 30 });
    expect(candidates({ width: 400, height: 300 }, 10).map(name)).toEqual([
      '400x300/10fps/e0/256/d1',
      '400x300/10fps/e8/256/d1',
      '400x300/10fps/e8/256/d0.5',
      '400x300/10fps/e8/256/d0',
      '400x300/10fps/e8/16/d0',
    ]);
  });

  it('skips a trade without an encode when the clip showed it cannot save enough', () => {
    const steps = candidates({ width: 400, height: 300 }, 10);
    const [first, error, half, plain] = steps as [Candidate, Candidate, Candidate, Candidate];
    const limit = 8_000_000;
    // Guessed: the inter-frame error and lighter dithering might each bring 9 MB under 8 MB.
    expect(bestCase(9_000_000, first, error)).toBeLessThan(limit);
    expect(bestCase(9_000_000, half, plain)).toBeLessThan(limit);
    // Noise: almost no changed pixel is within the error; dithering is still tried on the guess.
    expect(bestCase(9_000_000, first, error, { nearShare: 0.001 })).toBeGreaterThan(limit);
    expect(bestCase(9_000_000, half, plain, { nearShare: 0.001 })).toBeLessThan(limit);
    // Noisy video: most changed pixels are near, so the guess stands.
    expect(bestCase(9_000_000, first, error, { nearShare: 0.7 })).toBe(bestCase(9_000_000, first, error));
  });

  it('a little over the limit, the animation keeps its size, frames and pace: the first trade really is smaller', async () => {
    const file = await tmp.write('gradient.webp', await gradientAnimation(800, 600, 4));
    const full = await prepare(file);
    const limited = await prepare(file, { maxBytes: full.bytes - 1 });
    expect(limited).toMatchObject({ width: 800, height: 600, pages: 4 });
    expect(limited.bytes).toBeLessThan(full.bytes);
    expect(limited.warnings.length).toBeGreaterThan(0);
    expect(limited.warnings.map((w) => w.code).every((c) => c.startsWith('reduced-'))).toBe(true);
    expect(limited.warnings.map((w) => w.code)).not.toContain('reduced-size');
    expect(limited.warnings.map((w) => w.code)).not.toContain('reduced-frame-rate');
    expect(limited.warnings.map((w) => w.message).join(' ')).toMatch(/to fit \d+ KB\./);
  });

  it('an animation over 8 MB at 800x600 is reduced until it fits, keeping its frames, and says so', async () => {
    // 14 frames of noise: about 9 MB as an 800x600 GIF, whatever the palette.
    const file = await tmp.write('noise.webp', await noiseAnimation(800, 600, 14));
    const result = await prepare(file);
    expect(result.bytes).toBeLessThanOrEqual(MAX_SHOT_BYTES);
    expect(result.pages).toBe(14);
    const codes = result.warnings.map((w) => w.code);
    expect(codes.some((c) => c === 'reduced-size' || c === 'reduced-colours')).toBe(true);
    const expected = codes.includes('reduced-size') ? { width: 400, pageHeight: 300 } : { width: 800, pageHeight: 600 };
    expect(await sharp(result.buffer, { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      pages: 14,
      ...expected,
    });
    expect(result.warnings.find((w) => w.code === 'reduced-size')?.message).toMatch(/over the 8\.0 MB limit/);
  }, 180_000);

  it('a tighter byte limit is honoured the same way', async () => {
    const file = await tmp.write('bars.gif', await animatedGif(800, 600, [80, 80, 80, 80]));
    const full = await prepare(file);
    const limited = await prepare(file, { maxBytes: full.bytes - 1 });
    expect(limited.bytes).toBeLessThan(full.bytes);
    expect(limited.warnings.map((w) => w.code).some((c) => c.startsWith('reduced-'))).toBe(true);
    expect(limited.pages).toBe(4);
  });

  it('the final check rejects a wrong size, a wrong frame count and an oversized file', async () => {
    const gif = await animatedGif(400, 300, [100, 100]);
    await expect(
      verifyOutput(gif, { format: 'gif', size: { width: 800, height: 600 }, pages: 2 }),
    ).rejects.toMatchObject({ code: 'output-check-failed' });
    await expect(
      verifyOutput(gif, { format: 'gif', size: { width: 400, height: 300 }, pages: 3 }),
    ).rejects.toMatchObject({ code: 'output-check-failed' });
    await expect(
      verifyOutput(gif, { format: 'png', size: { width: 400, height: 300 }, pages: 2 }),
    ).rejects.toMatchObject({ code: 'output-check-failed' });
    await expect(
      verifyOutput(gif, { format: 'gif', size: { width: 400, height: 300 }, pages: 2, maxBytes: 100 }),
    ).rejects.toMatchObject({ code: 'too-large-output' });
    await expect(
      verifyOutput(gif, { format: 'gif', size: { width: 400, height: 300 }, pages: 2 }),
    ).resolves.toMatchObject({ pages: 2, bytes: gif.length });
  });
});

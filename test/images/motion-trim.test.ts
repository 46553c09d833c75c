// The designer's trim: the prepared GIF holds exactly the frames that start inside it, from the
// CLI's decoders (ffmpeg for an MP4, sharp for a GIF) as from any MotionSource; the live estimate
// the editor shows follows the trim before any full encode; the strip of frames it is chosen on.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateFile, prepare } from '../../main/images/index';
import { resolveOptions } from '../../main/images/options';
import { estimateRanges } from '../../main/images/motion/estimate';
import { openMotion } from '../../main/images/motion/open';
import { stripOf } from '../../main/images/motion/strip';
import { scratch } from './fixtures';
import type { Scratch } from './fixtures';
import { H264, busyPattern, ffmpegClip, movingSquare } from './motion-fixtures';

let tmp: Scratch;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

/** A GIF of `count` frames of 100 ms, frame i filled with grey level i * 10. */
async function greyLadder(count: number): Promise<Buffer> {
  const frames = Array.from({ length: count }, (_, i) => Buffer.alloc(40 * 30 * 3, i * 10));
  return sharp(Buffer.concat(frames), { raw: { width: 40, height: 30 * count, channels: 3, pageHeight: 30 } })
    .gif({ delay: Array(count).fill(100), loop: 0, keepDuplicateFrames: true })
    .toBuffer();
}

describe('a trimmed clip', () => {
  it('an H.264 MP4 trimmed to 0.5–1.5 s holds exactly its 30 frames of 30 fps, one second long', async () => {
    const file = await ffmpegClip(tmp.file('square.mp4'), movingSquare('1024x768', 30, 2), H264);
    const whole = await prepare(file);
    expect(whole.pages).toBe(60);
    const result = await prepare(file, { trim: { startMs: 500, endMs: 1500 } });
    expect(result).toMatchObject({ format: 'gif', width: 800, height: 600, pages: 30 });
    const meta = await sharp(result.buffer, { animated: true }).metadata();
    expect(meta.pages).toBe(30);
    expect(meta.delay!.reduce((a, b) => a + b)).toBe(1000);
    // The first frame is the source's at 0.5 s: the square (x = 200 px/s × t, 80 px) starts at x 100.
    const first = await sharp(result.buffer, { page: 0 }).resize(1024, 768, { fit: 'fill' }).raw().toBuffer();
    const at = (x: number) => first[(60 * 1024 + x) * 3]!;
    expect(at(140)).toBeGreaterThan(200);
    expect(at(60)).toBeLessThan(120);
  }, 180_000);

  it('a GIF trimmed between frame starts keeps the frames starting inside, the first one first', async () => {
    const file = await tmp.write('ladder.gif', await greyLadder(20));
    const result = await prepare(file, { trim: { startMs: 300, endMs: 800 } });
    expect(result.pages).toBe(5);
    const meta = await sharp(result.buffer, { animated: true }).metadata();
    expect(meta.delay).toEqual(Array(5).fill(100));
    const first = await sharp(result.buffer, { page: 0 }).raw().toBuffer();
    const last = await sharp(result.buffer, { page: 4 }).raw().toBuffer();
    expect(Math.abs(first[0]! - 30)).toBeLessThanOrEqual(2);
    expect(Math.abs(last[0]! - 70)).toBeLessThanOrEqual(2);
  });

  it('a trim past the clip end keeps up to the end; an empty or backwards trim is refused in one sentence', async () => {
    const file = await tmp.write('ladder-end.gif', await greyLadder(10));
    expect((await prepare(file, { trim: { startMs: 700, endMs: 60_000 } })).pages).toBe(3);
    expect(() => resolveOptions({ trim: { startMs: 900, endMs: 900 } })).toThrow(
      'A trim needs a start of 0 or more and an end after it.',
    );
  });
});

describe('the live estimate', () => {
  it('samples a short clip once, from its middle, and a long one where the fitter does', () => {
    expect(estimateRanges(3000)).toEqual([{ startMs: 1000, endMs: 2000 }]);
    expect(estimateRanges(1000)).toEqual([{ startMs: 150, endMs: 850 }]);
    expect(estimateRanges(20_000)).toHaveLength(3);
  });

  it('follows the trim, says the size and rate the fitter would choose, and is near the file made', async () => {
    const file = await ffmpegClip(tmp.file('busy.mp4'), busyPattern('1024x768', 25, 3), H264);
    const started = Date.now();
    const whole = await estimateFile(file, {});
    const estimateMs = Date.now() - started;
    const half = await estimateFile(file, { trim: { startMs: 1000, endMs: 2500 } });
    expect(whole).toMatchObject({ width: 800, height: 600, fps: 25, durationMs: 3000 });
    expect(half).toMatchObject({ width: 800, height: 600, fps: 25, durationMs: 1500 });
    // Same sample rate per millisecond, half the length: about half the bytes.
    expect(half!.bytes / whole!.bytes).toBeGreaterThan(0.35);
    expect(half!.bytes / whole!.bytes).toBeLessThan(0.65);
    const madeStarted = Date.now();
    const made = await prepare(file, { trim: { startMs: 1000, endMs: 2500 } });
    const madeMs = Date.now() - madeStarted;
    console.log(
      `estimate: 3 s busy 1024x768 clip estimated at ${whole!.bytes} B in ${estimateMs} ms; 1.5 s trim estimated ${half!.bytes} B, made ${made.bytes} B in ${madeMs} ms`,
    );
    expect(half!.bytes / made.bytes).toBeGreaterThan(0.6);
    expect(half!.bytes / made.bytes).toBeLessThan(1.6);
  }, 240_000);

  it('answers nothing for a still', async () => {
    const file = await tmp.write(
      'still.png',
      await sharp({ create: { width: 80, height: 60, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    expect(await estimateFile(file, {})).toBeUndefined();
  });
});

describe('the strip of frames', () => {
  it('shows the frame on screen at the middle of each slot, small, from one decode', async () => {
    const file = await tmp.write('ladder-strip.gif', await greyLadder(20));
    const opened = (await openMotion(file))!;
    try {
      const strip = await stripOf(opened.source, 4, 24);
      // Slots of 500 ms: their middles at 250, 750, 1250 and 1750 ms show frames 2, 7, 12 and 17.
      expect(strip.map((frame) => frame.timeMs)).toEqual([200, 700, 1200, 1700]);
      for (const [i, frame] of strip.entries()) {
        const meta = await sharp(frame.jpeg).metadata();
        expect(meta).toMatchObject({ format: 'jpeg', height: 24, width: 32 });
        const { dominant } = await sharp(frame.jpeg).stats();
        expect(Math.abs(dominant.r - [20, 70, 120, 170][i]!)).toBeLessThanOrEqual(16);
      }
    } finally {
      await opened.close();
    }
  });
});

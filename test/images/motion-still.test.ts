// The still-pixel encode: pixels that stand still are sent transparent over frames left in place,
// so the quantiser's search skips them. What a viewer sees must stay the source, frame for frame,
// across the joints between runs too.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../main/images/index';
import { StillPixels } from '../../main/images/motion/still-pixels';
import { scratch } from './fixtures';
import type { Scratch } from './fixtures';
import { APNG, ffmpegClip, movingSquare } from './motion-fixtures';

const run = promisify(execFile);

let tmp: Scratch;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

/** Per frame of a GIF: disposal method, transparency flag and the image rectangle's size. */
function gifFrames(gif: Buffer): { disposal: number; transparent: boolean; width: number; height: number }[] {
  const table = (packed: number) => (packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0);
  const skip = (at: number) => {
    while (gif[at] !== 0) at += gif[at]! + 1;
    return at + 1;
  };
  const frames = [];
  let control = 0;
  let at = 13 + table(gif[10]!);
  while (gif[at] !== 0x3b) {
    if (gif[at] === 0x21) {
      if (gif[at + 1] === 0xf9) control = gif[at + 3]!;
      at = skip(at + 2);
    } else {
      const width = gif.readUInt16LE(at + 5);
      const height = gif.readUInt16LE(at + 7);
      frames.push({ disposal: (control >> 2) & 7, transparent: (control & 1) === 1, width, height });
      at = skip(at + 10 + table(gif[at + 9]!) + 1);
    }
  }
  return frames;
}

describe('the still-pixel encode', () => {
  it('a mostly still clip shows every source frame exactly, joints included, sending only what moved', async () => {
    // 80 lossless frames at 800x600: three runs of frames, two joints.
    const file = await ffmpegClip(tmp.file('square.apng'), movingSquare('800x600', 50, 1.6), APNG);
    const source = (
      await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
        encoding: 'buffer',
        maxBuffer: 1 << 28,
      })
    ).stdout;
    const result = await prepare(file);
    expect(result).toMatchObject({ format: 'gif', width: 800, height: 600, pages: 80 });
    const frames = gifFrames(result.buffer);
    expect(frames).toHaveLength(80);
    expect(frames.every((frame) => frame.disposal === 1)).toBe(true);
    // Every frame after the first carries transparent (still) pixels, the joints' first frames too.
    expect(frames.slice(1).every((frame) => frame.transparent)).toBe(true);
    const shown = await sharp(result.buffer, { animated: true }).removeAlpha().raw().toBuffer();
    expect(shown.length).toBe(source.length);
    let worst = 0;
    for (let i = 0; i < shown.length; i++) worst = Math.max(worst, Math.abs(shown[i]! - source[i]!));
    expect(worst).toBe(0);
  }, 120_000);

  it('counts a pixel still within the inter-frame error of what was last sent, so slow drift still shows', () => {
    const still = new StillPixels(1, 8);
    const frame = (value: number) => Buffer.from([value, value, value]);
    // 100 → 105 (within 8 of 100: still) → 110 (10 from 100: sent) → 115 (within 8 of 110: still).
    const { rgba, stillShare } = still.clear([frame(100), frame(105), frame(110), frame(115)]);
    expect([...rgba]).toEqual([100, 100, 100, 255, 0, 0, 0, 0, 110, 110, 110, 255, 0, 0, 0, 0]);
    expect(stillShare).toBeCloseTo(2 / 3);
    // The next run builds on what was sent (110) only when this run was sent cleared.
    still.sent(true);
    expect([...still.clear([frame(112)]).rgba]).toEqual([0, 0, 0, 0]);
    still.sent(false);
    expect([...still.clear([frame(112)]).rgba]).toEqual([112, 112, 112, 255]);
  });
});

// Lottie as a motion source: told from a sidecar by its content, drawn (not enlarged) to cover
// 800x600, frame by frame where asked, from JSON and from a dotLottie archive alike; one sentence
// for a Lottie whose images are kept outside it and for one that cannot be read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageError } from '../../main/images/image-error';
import { motionKind, openMotion } from '../../main/images/motion/open';
import type { MotionFrame } from '../../main/images/motion/source';
import { filesInFolder } from '../../main/uploads/folder-files';
import { dotLottie, slidingSquare } from './lottie-fixtures';
import { photo } from './fixtures';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-lottie-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const square = slidingSquare({ width: 400, height: 300, fps: 30, frames: 60 });

/** The mean x of the square's red pixels in a frame. */
function squareX(frame: MotionFrame): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < frame.data.length; i += 4) {
    if (frame.data[i]! > 200 && frame.data[i + 1]! < 60 && frame.data[i + 3]! > 200) {
      sum += (i / 4) % frame.width;
      count++;
    }
  }
  return count === 0 ? -1 : sum / count;
}

async function collect(frames: AsyncIterable<MotionFrame>): Promise<MotionFrame[]> {
  const all: MotionFrame[] = [];
  for await (const frame of frames) all.push(frame);
  return all;
}

describe('Lottie', () => {
  it('is told from a sidecar and from other JSON by its content', () => {
    expect(motionKind(Buffer.from(JSON.stringify(square)))).toBe('lottie');
    // Keys sorted, a long embedded image first: still a Lottie from its first bytes.
    const sorted = slidingSquare({ width: 400, height: 300, fps: 30, frames: 60, assetsFirst: true });
    expect(motionKind(Buffer.from(JSON.stringify(sorted)).subarray(0, 64 * 1024))).toBe('lottie');
    expect(motionKind(dotLottie(square))).toBe('lottie');
    expect(motionKind(Buffer.from('{"title":"Dashboard","tags":["ui","dark"],"description":"A \\"fr\\": 1"}'))).toBe(
      undefined,
    );
    expect(motionKind(Buffer.from('{"name":"shotput","version":"1.0.0"}'))).toBe(undefined);
  });

  it('is drawn to cover 800x600, every frame at its time, the square moving across', async () => {
    const opened = (await openMotion(Buffer.from(JSON.stringify(square))))!;
    try {
      const { info } = opened.source;
      expect(info).toMatchObject({ label: 'Lottie', width: 800, height: 600, durationMs: 2000, fps: 30, frames: 60 });
      const frames = await collect(opened.source.frames());
      expect(frames).toHaveLength(60);
      expect(frames[30]!.timeMs).toBe(1000);
      // Drawn at twice its size: the square goes from x = 120 to x = 680 (its 60 px side, doubled).
      expect(squareX(frames[0]!)).toBeCloseTo(120, -1);
      expect(squareX(frames[59]!)).toBeCloseTo(680, -1);
      // Each frame its own copy: the player draws over its buffer for the next one.
      expect(squareX(frames[0]!)).toBeLessThan(squareX(frames[30]!));
      // A part, at a lower rate: only the frames needed are drawn.
      const part = await collect(opened.source.frames({ range: { startMs: 500, endMs: 1000 }, fps: 10 }));
      expect(part.map((frame) => frame.timeMs)).toEqual([500, 600, 700, 800, 900]);
    } finally {
      await opened.close();
    }
  });

  it('reads a dotLottie archive like its JSON', async () => {
    const file = path.join(root, 'sliding.lottie');
    fs.writeFileSync(file, dotLottie(square));
    const opened = (await openMotion(file))!;
    try {
      expect(opened.source.info).toMatchObject({ label: 'Lottie', width: 800, height: 600, frames: 60 });
      const [first] = await collect(opened.source.frames({ range: { startMs: 0, endMs: 30 } }));
      expect(squareX(first!)).toBeCloseTo(120, -1);
    } finally {
      await opened.close();
    }
  });

  it('says what to do when its images are kept outside it, or when it cannot be read', async () => {
    const outside = slidingSquare({ width: 400, height: 300, fps: 30, frames: 30, outsideImage: 'img_0.png' });
    const refused = await openMotion(Buffer.from(JSON.stringify(outside))).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImageError);
    expect((refused as ImageError).message).toBe(
      'The Lottie uses an image kept outside it (images/img_0.png); export it with images embedded, or as a .lottie file.',
    );
    const damaged = await openMotion(Buffer.from('{"v":"5.7.4","fr":30,"op":')).catch((error: unknown) => error);
    expect((damaged as ImageError).message).toBe('The Lottie file is not valid JSON (it may be truncated).');
  });

  it('is taken from a folder while the sidecars beside images are not', async () => {
    const folder = path.join(root, 'exports');
    fs.mkdirSync(path.join(folder, 'motion'), { recursive: true });
    await photo(800, 600).png().toFile(path.join(folder, 'dashboard.png'));
    fs.writeFileSync(path.join(folder, 'dashboard.json'), JSON.stringify({ title: 'Dashboard', tags: ['ui'] }));
    fs.writeFileSync(path.join(folder, 'motion', 'loader.json'), JSON.stringify(square));
    fs.writeFileSync(path.join(folder, 'motion', 'spinner.lottie'), dotLottie(square));
    fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'exports' }));
    const found = await filesInFolder(folder);
    expect(found.files.map((file) => path.relative(folder, file))).toEqual([
      'dashboard.png',
      path.join('motion', 'loader.json'),
      path.join('motion', 'spinner.lottie'),
    ]);
    expect(found.skipped).toEqual([]);
  });
});

// When a watched file counts as final: real images cut short or whole, a file that keeps its
// end missing, one that goes away, and a wait stopped with the folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksComplete } from '../../main/uploads/image-complete';
import { waitUntilFinal } from '../../main/uploads/stable-file';

let root: string;
beforeAll(() => void (root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-stable-'))));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const base = () =>
  sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: '#3366aa',
      noise: { type: 'gaussian', mean: 100, sigma: 30 },
    },
  });

describe('looksComplete', () => {
  it('tells whole PNG, JPEG, GIF and WebP files from the same files cut short', async () => {
    const encoded = {
      png: await base().png().toBuffer(),
      jpg: await base().jpeg().toBuffer(),
      gif: await base().gif().toBuffer(),
      webp: await base().webp().toBuffer(),
    };
    for (const [ext, bytes] of Object.entries(encoded)) {
      const whole = path.join(root, `whole.${ext}`);
      const cut = path.join(root, `cut.${ext}`);
      fs.writeFileSync(whole, bytes);
      fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
      expect(await looksComplete(whole), ext).toBe(true);
      expect(await looksComplete(cut), ext).toBe(false);
    }
    // A JPEG padded with zeros after its end is whole; an empty file is not.
    fs.writeFileSync(path.join(root, 'padded.jpg'), Buffer.concat([encoded.jpg, Buffer.alloc(32)]));
    expect(await looksComplete(path.join(root, 'padded.jpg'))).toBe(true);
    fs.writeFileSync(path.join(root, 'empty.png'), '');
    expect(await looksComplete(path.join(root, 'empty.png'))).toBe(false);
  });
});

describe('waitUntilFinal', () => {
  it('waits out a pause in the middle of a PNG, and takes a file that stays cut short only after the longer wait', async () => {
    const bytes = await base().png().toBuffer();
    const file = path.join(root, 'paused.png');
    fs.writeFileSync(file, bytes.subarray(0, 100));
    const started = Date.now();
    const waiting = waitUntilFinal(file, { stableMs: 100, incompleteMs: 5_000 });
    await new Promise((r) => setTimeout(r, 600));
    fs.appendFileSync(file, bytes.subarray(100));
    expect(await waiting).toBe('final');
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);

    const stuck = path.join(root, 'stuck.png');
    fs.writeFileSync(stuck, bytes.subarray(0, 100));
    const stuckStart = Date.now();
    expect(await waitUntilFinal(stuck, { stableMs: 50, incompleteMs: 400 })).toBe('final');
    expect(Date.now() - stuckStart).toBeGreaterThanOrEqual(400);
  });

  it('says when the file went away or the wait was stopped', async () => {
    const file = path.join(root, 'moving.png');
    fs.writeFileSync(file, 'x');
    const gone = waitUntilFinal(file, { stableMs: 10_000, incompleteMs: 20_000 });
    setTimeout(() => fs.renameSync(file, `${file}.elsewhere`), 100);
    expect(await gone).toBe('gone');
    const controller = new AbortController();
    const stopped = waitUntilFinal(`${file}.elsewhere`, {
      stableMs: 10_000,
      incompleteMs: 20_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    expect(await stopped).toBe('stopped');
  });
});

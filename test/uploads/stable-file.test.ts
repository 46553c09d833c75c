// When a watched file counts as final: real images cut short or whole, a file that keeps its
// end missing, one that goes away, and a wait stopped with the folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksComplete } from '../../main/uploads/image-complete';
import { waitUntilFinal } from '../../main/uploads/stable-file';
import { StepClock } from './step-clock';

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

// The windows are ours, not the subject: the test moves the wait's clock instead of waiting them out,
// and the files are real, read by the real code between its sleeps.
describe('waitUntilFinal', () => {
  it('waits out a pause in the middle of a PNG, and takes a file that stays cut short only after the longer wait', async () => {
    const bytes = await base().png().toBuffer();
    const file = path.join(root, 'paused.png');
    fs.writeFileSync(file, bytes.subarray(0, 100));
    const clock = new StepClock();
    const waiting = waitUntilFinal(file, { stableMs: 100, incompleteMs: 5_000, clock });
    let result: string | undefined;
    void waiting.then((r) => (result = r));
    // Unchanged for six stability windows, but cut short: not taken.
    await clock.advance(600);
    expect(result).toBeUndefined();
    fs.appendFileSync(file, bytes.subarray(100));
    expect(await clock.run(waiting)).toBe('final');
    expect(clock.elapsed()).toBeGreaterThanOrEqual(600);
    // Taken for being whole, one window (100) and at most one poll (25) after the last piece.
    expect(clock.elapsed()).toBeLessThanOrEqual(600 + 100 + 25);

    const stuck = path.join(root, 'stuck.png');
    fs.writeFileSync(stuck, bytes.subarray(0, 100));
    const stuckClock = new StepClock();
    const options = { stableMs: 1_000, incompleteMs: 5_000, clock: stuckClock };
    expect(await stuckClock.run(waitUntilFinal(stuck, options))).toBe('final');
    // At the first poll (every 250 ms) once the longer wait is over.
    expect(stuckClock.elapsed()).toBeGreaterThanOrEqual(5_000);
    expect(stuckClock.elapsed()).toBeLessThanOrEqual(5_000 + 250);
  });

  it('says when the file went away or the wait was stopped', async () => {
    const file = path.join(root, 'moving.png');
    fs.writeFileSync(file, 'x');
    const clock = new StepClock();
    const gone = waitUntilFinal(file, { stableMs: 10_000, incompleteMs: 20_000, clock });
    await clock.advance(100);
    fs.renameSync(file, `${file}.elsewhere`);
    expect(await clock.run(gone)).toBe('gone');
    const controller = new AbortController();
    const stopped = waitUntilFinal(`${file}.elsewhere`, {
      stableMs: 10_000,
      incompleteMs: 20_000,
      signal: controller.signal,
      clock,
    });
    await clock.advance(100);
    controller.abort();
    expect(await clock.run(stopped)).toBe('stopped');
  });

  it('keeps real time when no clock is given', async () => {
    const file = path.join(root, 'real.png');
    fs.writeFileSync(file, await base().png().toBuffer());
    const started = Date.now();
    expect(await waitUntilFinal(file, { stableMs: 100, incompleteMs: 1_000 })).toBe('final');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});

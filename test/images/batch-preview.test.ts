// Batches run a few files at a time and a bad file fails alone; previews are small and immediate.
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachPrepared, prepareBatch, preview, toDataUrl } from '../../main/images/index';
import { photo, scratch } from './fixtures';
import type { Scratch } from './fixtures';

let tmp: Scratch;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

describe('prepareBatch', () => {
  it('returns a result per file in input order; the bad file fails alone', async () => {
    const good1 = tmp.file('one.jpg');
    const good2 = tmp.file('two.png');
    await photo(1000, 800).jpeg().toFile(good1);
    await photo(500, 400).png().toFile(good2);
    const bad = await tmp.write('bad.png', 'not an image');
    const results = await prepareBatch([good1, bad, good2], {}, { concurrency: 2 });
    expect(results.map((r) => [r.source, r.ok])).toEqual([
      [good1, true],
      [bad, false],
      [good2, true],
    ]);
    const [first, failed, last] = results;
    expect(first?.ok && `${first.value.width}x${first.value.height} ${first.value.format}`).toBe('800x600 jpeg');
    expect(failed?.ok === false && failed.error).toEqual({
      code: 'image-not-an-image',
      message: expect.stringMatching(/not an image/),
    });
    expect(last?.ok && `${last.value.width}x${last.value.height} ${last.value.format}`).toBe('400x300 png');
  });

  it('runs as many pipelines at once as asked, but never more than the cores', async () => {
    const files = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const file = tmp.file(`n${i}.jpg`);
        await photo(900, 700).jpeg().toFile(file);
        return file;
      }),
    );
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    // optionsFor is called as a file starts; onResult as it ends.
    const track = (concurrency: number) =>
      forEachPrepared(
        files,
        {},
        { concurrency, optionsFor: () => ((most = Math.max(most, ++running)), undefined) },
        (result, index) => {
          running--;
          seen.push(index);
          expect(result.ok).toBe(true);
        },
      );
    await track(1);
    expect(most).toBe(1);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
    most = 0;
    seen.length = 0;
    await track(99);
    expect(most).toBe(Math.min(os.availableParallelism(), files.length));
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('stops starting files once aborted', async () => {
    const file = tmp.file('a.jpg');
    await photo(900, 700).jpeg().toFile(file);
    const controller = new AbortController();
    controller.abort();
    expect(await prepareBatch([file, file], {}, { signal: controller.signal })).toEqual([]);
  });
});

describe('preview', () => {
  it('is a small oriented JPEG for an opaque image, with a data URL', async () => {
    const file = tmp.file('tall.jpg');
    await photo(1200, 900).jpeg().withMetadata({ orientation: 6 }).toFile(file);
    const result = await preview(file, { maxSize: 200 });
    expect(result).toMatchObject({ format: 'jpeg', width: 150, height: 200 });
    expect(result.dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(Buffer.from(result.dataUrl.split(',')[1]!, 'base64').equals(result.buffer)).toBe(true);
    expect((await sharp(result.buffer).metadata()).format).toBe('jpeg');
  });

  it('is a PNG when the image has transparency, and never enlarges', async () => {
    const file = tmp.file('clear.png');
    await sharp({ create: { width: 100, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toFile(file);
    const result = await preview(file, { maxSize: 320 });
    expect(result).toMatchObject({ format: 'png', width: 100, height: 80 });
  });

  it('toDataUrl makes a data URL of a prepared result', () => {
    expect(toDataUrl(Buffer.from('GIF89a'), 'gif')).toBe('data:image/gif;base64,R0lGODlh');
  });
});

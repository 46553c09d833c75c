// The Queue view's pictures: a job made from a draft shows the draft's card (the image as sent);
// another job shows a thumbnail of its source file, made once; a job whose file is gone, a stand-in.
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import { JobThumbnails } from '../../main/desktop/job-thumbnails';

const JOB = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('job thumbnails', () => {
  test('a draft’s card picture is the job’s, without reading the source', async () => {
    const thumbnails = new JobThumbnails(() => {
      throw new Error('the source is not read');
    });
    const card = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c2255c' } })
      .jpeg()
      .toBuffer();
    thumbnails.remember(JOB, { type: 'image/jpeg', buffer: card });
    expect(await thumbnails.get(JOB)).toEqual({ type: 'image/jpeg', buffer: card });
  });

  test('another job shows its source, made once; a job with its file gone shows a stand-in; a job of no queue, nothing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shotput-thumbnails-'));
    const source = join(dir, 'watched.png');
    await sharp({ create: { width: 1600, height: 1200, channels: 4, background: '#2266aa80' } })
      .png()
      .toFile(source);
    const asked: string[] = [];
    const thumbnails = new JobThumbnails((id) => {
      asked.push(id);
      return id === JOB ? source : undefined;
    });
    const made = await thumbnails.get(JOB);
    expect(made?.type).toBe('image/png');
    expect(await sharp(made!.buffer).metadata()).toMatchObject({ width: 240, height: 180 });
    expect(await thumbnails.get(JOB)).toBe(made);
    expect(asked).toEqual([JOB]);

    expect(await thumbnails.get('7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f')).toBeUndefined();
    expect(await thumbnails.get('../../etc/passwd')).toBeUndefined();
    const gone = new JobThumbnails(() => join(dir, 'moved-away.png'));
    expect((await gone.get(JOB))?.type).toBe('image/svg+xml');
    await unlink(source);
  });
});

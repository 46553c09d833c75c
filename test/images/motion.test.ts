// Motion in: videos, APNG and long GIFs become one animated GIF at the service's size, framed like
// stills, on the GIF's 10 ms grid, fitted under the byte limit by trading what shows least.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare, probe } from '../../main/images/index';
import { GifJoiner } from '../../main/images/motion/gif-mux';
import { openMotion } from '../../main/images/motion/open';
import { Retimer } from '../../main/images/motion/retime';
import { photo, scratch } from './fixtures';
import type { Scratch } from './fixtures';
import { APNG, H264, VP9, busyPattern, ffmpegClip, movingSquare } from './motion-fixtures';

let tmp: Scratch;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

function retime(fps: number | undefined, starts: number[], durationMs: number): number[] {
  const retimer = new Retimer<number>(fps);
  const out = starts.flatMap((start, i) => retimer.push(i, start));
  return [...out, ...retimer.end(durationMs)].map((timed) => timed.delayMs);
}

describe('frame times on the GIF grid', () => {
  it('keeps a 30 fps pace with 30 and 40 ms delays, and a 60 fps clip plays at a steady 50', () => {
    const thirty = retime(
      undefined,
      Array.from({ length: 30 }, (_, i) => (i * 1000) / 30),
      1000,
    );
    expect(thirty).toHaveLength(30);
    expect(new Set(thirty)).toEqual(new Set([30, 40]));
    expect(thirty.reduce((a, b) => a + b)).toBe(1000);
    const sixty = retime(
      50,
      Array.from({ length: 60 }, (_, i) => (i * 1000) / 60),
      1000,
    );
    expect(sixty).toEqual(Array(50).fill(20));
  });

  it('keeps a GIF own delays and never writes one under 20 ms', () => {
    expect(retime(undefined, [0, 100, 300, 600], 750)).toEqual([100, 200, 300, 150]);
    // 10 ms frames: two of them share one 20 ms slot.
    expect(retime(undefined, [0, 10, 20, 30], 40)).toEqual([20, 20]);
    // At a lower rate a frame shows from the first tick at or after its start.
    expect(retime(20, [0, 500], 1000)).toEqual([500, 500]);
    expect(retime(25, [0, 500], 1000)).toEqual([520, 480]);
  });
});

describe('joining runs of frames', () => {
  it('gives one GIF whose frames are every run frame, each run palette kept', async () => {
    // Three 40x30 frames of one colour each, the middle one grey, encoded as one run.
    const run = (colour: [number, number, number]) => {
      const frame = (rgb: number[]) => Buffer.from(Array.from({ length: 40 * 30 }, () => rgb).flat());
      const raw = Buffer.concat([frame(colour), frame([128, 128, 128]), frame(colour)]);
      return sharp(raw, { raw: { width: 40, height: 90, channels: 3, pageHeight: 30 } })
        .gif({ delay: [50, 50, 50], loop: 0, keepDuplicateFrames: true })
        .toBuffer();
    };
    const joiner = new GifJoiner();
    joiner.append(await run([255, 0, 0]));
    joiner.append(await run([0, 0, 255]));
    expect(joiner.frames).toBe(6);
    const gif = joiner.finish();
    const meta = await sharp(gif, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', width: 40, pageHeight: 30, pages: 6 });
    const last = await sharp(gif, { page: 5 }).raw().toBuffer();
    const first = await sharp(gif, { page: 0 }).raw().toBuffer();
    expect([...first.subarray(0, 3)]).toEqual([255, 0, 0]);
    expect([...last.subarray(0, 3)]).toEqual([0, 0, 255]);
  });
});

describe('videos and APNG through prepare()', () => {
  it('an H.264 MP4 at 30 fps becomes an animated GIF with every frame, at its pace', async () => {
    const file = await ffmpegClip(tmp.file('clip.mp4'), movingSquare('320x240', 30, 1), H264);
    expect(await probe(file)).toMatchObject({ format: 'video', width: 320, height: 240, animated: true });
    const result = await prepare(file);
    expect(result).toMatchObject({ format: 'gif', width: 400, height: 300, pages: 30 });
    const meta = await sharp(result.buffer, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', width: 400, pageHeight: 300, pages: 30, loop: 0 });
    expect(new Set(meta.delay)).toEqual(new Set([30, 40]));
    expect(meta.delay!.reduce((a, b) => a + b)).toBe(1000);
    expect(result.warnings.map((w) => w.code)).toEqual(['enlarged']);
  });

  it('a portrait phone recording (its 4:3 area 720x540) is sent at 800x600, said enlarged; a smaller clip at 400x300', async () => {
    const phone = await ffmpegClip(tmp.file('phone.mp4'), movingSquare('720x1280', 10, 1), H264);
    const large = await prepare(phone);
    expect(large).toMatchObject({ format: 'gif', width: 800, height: 600, pages: 10 });
    // A 4:3 cut of a portrait keeps under 60% of it: Fit is offered, as for a still.
    expect(large.warnings.map((w) => w.code)).toEqual(['crop-loss', 'enlarged']);
    // Asked for 400x300, it is 400x300; and a clip whose 4:3 area is under 600x450 stays at 400x300.
    expect(await prepare(phone, { target: '400x300' })).toMatchObject({ width: 400, height: 300 });
    const small = await ffmpegClip(tmp.file('small.mp4'), movingSquare('480x640', 10, 1), H264);
    expect(await prepare(small)).toMatchObject({ format: 'gif', width: 400, height: 300 });
  });

  it('a VP9 WebM at 800x600 keeps 800x600, cropped around the focus point like a still', async () => {
    const file = await ffmpegClip(tmp.file('clip.webm'), movingSquare('1000x600', 25, 1), VP9);
    const result = await prepare(file, { focus: { x: 0, y: 0.5 } });
    expect(result).toMatchObject({ format: 'gif', width: 800, height: 600, pages: 25 });
    // The focus at the left edge keeps the left of the frame: the square starts there (yellow).
    const first = await sharp(result.buffer, { page: 0 })
      .extract({ left: 60, top: 70, width: 10, height: 10 })
      .raw()
      .toBuffer();
    expect(first[0]).toBeGreaterThan(200);
    expect(first[2]).toBeLessThan(80);
  }, 120_000);

  it('names a Matroska or WebM clip by its header, not its file name (a draft reads a copy named by its hash)', async () => {
    const webm = await ffmpegClip(tmp.file('a1b2c3'), movingSquare('320x240', 10, 1), [...VP9, '-f', 'webm']);
    const mkv = await ffmpegClip(tmp.file('d4e5f6'), movingSquare('320x240', 10, 1), [...VP9, '-f', 'matroska']);
    for (const [file, container] of [
      [webm, 'WebM'],
      [mkv, 'MKV'],
    ] as const) {
      const opened = (await openMotion(file))!;
      try {
        expect(opened.source.info.label).toBe(`VP9 ${container}`);
      } finally {
        await opened.close();
      }
    }
  }, 60_000);

  it('an APNG keeps its animation', async () => {
    const file = await ffmpegClip(tmp.file('moving.apng'), movingSquare('400x300', 10, 1), APNG);
    const png = await ffmpegClip(tmp.file('moving.png'), movingSquare('400x300', 10, 1), APNG);
    expect(await probe(png)).toMatchObject({ format: 'apng', animated: true });
    for (const input of [file, png]) {
      const result = await prepare(input);
      expect(result).toMatchObject({ format: 'gif', width: 400, height: 300, pages: 10 });
      expect((await sharp(result.buffer, { animated: true }).metadata()).delay).toEqual(Array(10).fill(100));
    }
    // Asked for a still PNG, it is its first frame, said so.
    const still = await prepare(png, { format: 'png' });
    expect(still).toMatchObject({ format: 'png', pages: 1 });
    expect(still.warnings.map((w) => w.code)).toEqual(['animation-dropped']);
  });

  it('a long GIF is accepted: 130 megapixels in all, refused before, only each frame is limited', async () => {
    // 4000x3000 frames, 11 of them: the sum was over the old 120-megapixel refusal.
    const file = await ffmpegClip(tmp.file('long.gif'), movingSquare('4000x3000', 10, 1.1), ['-f', 'gif']);
    expect(await probe(file)).toMatchObject({ format: 'gif', pages: 11 });
    const result = await prepare(file);
    expect(result).toMatchObject({ format: 'gif', width: 800, height: 600, pages: 11 });
    const meta = await sharp(result.buffer, { animated: true }).metadata();
    expect(meta.delay).toEqual(Array(11).fill(100));
  }, 120_000);

  it('over the limit at 800x600, a busy clip keeps 800x600 and trades frames per second, said in fps', async () => {
    const file = await ffmpegClip(tmp.file('busy.mp4'), busyPattern('800x600', 30, 0.6), H264);
    const limit = 300_000;
    const result = await prepare(file, { maxBytes: limit });
    expect(result).toMatchObject({ format: 'gif', width: 800, height: 600 });
    expect(result.bytes).toBeLessThanOrEqual(limit);
    const rate = result.warnings.find((w) => w.code === 'reduced-frame-rate');
    expect(rate?.message).toMatch(/^\d+ fps instead of 30 to fit 300 KB\.$/);
    expect(result.warnings.map((w) => w.code)).not.toContain('reduced-size');
  }, 180_000);
});

describe('bad motion input', () => {
  it('a file with no video track, a damaged file, and no ffmpeg: one sentence each; stills still work', async () => {
    const audio = await ffmpegClip(
      tmp.file('sound.mp4'),
      ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
      ['-c:a', 'aac'],
    );
    await expect(prepare(audio)).rejects.toMatchObject({
      code: 'unsupported-format',
      message: 'The MP4 file has no video track; export the clip with its picture as H.264 MP4.',
    });
    const whole = await readFile(await ffmpegClip(tmp.file('whole.mp4'), movingSquare('320x240', 30, 1), H264));
    const cut = await tmp.write('cut.mp4', whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(prepare(cut)).rejects.toMatchObject({
      message: expect.stringMatching(/damaged or incomplete.*H\.264 MP4/),
    });

    const saved = process.env.SHOTPUT_FFMPEG;
    process.env.SHOTPUT_FFMPEG = tmp.file('no-ffmpeg-here');
    try {
      await expect(prepare(tmp.file('whole.mp4'))).rejects.toMatchObject({
        message: expect.stringMatching(
          /need ffmpeg.*brew install ffmpeg.*winget install ffmpeg.*apt install ffmpeg.*SHOTPUT_FFMPEG/,
        ),
      });
      const still = await tmp.write('still.png', await photo(800, 600).png().toBuffer());
      expect(await prepare(still)).toMatchObject({ format: 'png', width: 800 });
    } finally {
      if (saved === undefined) delete process.env.SHOTPUT_FFMPEG;
      else process.env.SHOTPUT_FFMPEG = saved;
    }
  });
});

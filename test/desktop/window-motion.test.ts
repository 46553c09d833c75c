// Main's side of motion decoded in the window: the window is played here by a listener of
// `decode` that answers through the same methods the motion.* handlers call, with real frames and
// a real file; the motion encoder that reads them is the real one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MotionDecodeRequest, MotionWindowFrame } from '../../common/contract/index';
import { frameSizeFor, scaledChoice, windowDraftMotion } from '../../main/desktop/draft-motion';
import { WindowMotion } from '../../main/desktop/window-motion';
import { prepareMotion } from '../../main/images/motion/prepare-motion';
import { resolveOptions } from '../../main/images/options';

let dir: string;
let file: string;
const poster = 'data:image/png;base64,iVBORw0KGgo=';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shotput-window-motion-'));
  file = join(dir, 'clip.mp4');
  await writeFile(file, Buffer.alloc(100_000, 7));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

function frameAt(width: number, height: number, index: number): MotionWindowFrame {
  const data = new Uint8Array(width * height * 4);
  for (let at = 0; at < data.length; at += 4) {
    data[at] = (index * 8 + (at % (width * 4)) / 16) & 255;
    data[at + 1] = 80;
    data[at + 2] = (at / (width * 4)) & 255;
    data[at + 3] = 255;
  }
  return { width, height, timeMs: (index * 1000) / 25, data };
}

/** A window that describes a 1280x720 clip at 25 fps and sends its frames two at a time. */
function playWindow(motion: WindowMotion, count = 24) {
  const seen = { requests: [] as MotionDecodeRequest[], answers: [] as boolean[], held: 0, mostHeld: 0 };
  motion.markReady();
  motion.on('decode', (request) => {
    seen.requests.push(request);
    void (async () => {
      if (request.want === 'info') {
        motion.info(request.streamId, {
          label: 'H.264 MP4',
          width: 1280,
          height: 720,
          durationMs: (count * 1000) / 25,
          fps: 25,
          loop: 0,
          hasAlpha: false,
          poster,
        });
        return;
      }
      for (let index = 0; index < count; index += 2) {
        const batch = [
          frameAt(request.width!, request.height!, index),
          frameAt(request.width!, request.height!, index + 1),
        ];
        const { more } = await motion.frames(request.streamId, batch);
        seen.answers.push(more);
        if (!more) return;
      }
      motion.end(request.streamId);
    })();
  });
  return seen;
}

describe('motion decoded in the window, seen from main', () => {
  test('frames cross scaled to what 800x600 needs, and a crop chosen in source pixels follows', () => {
    expect(frameSizeFor({ width: 1920, height: 1080 }, {})).toMatchObject({ width: 1067, height: 600 });
    expect(frameSizeFor({ width: 1080, height: 1920 }, {})).toMatchObject({ width: 800, height: 1423 });
    // Smaller than 800x600: never enlarged in the window (the encoder says so itself).
    expect(frameSizeFor({ width: 640, height: 480 }, {})).toMatchObject({ width: 640, height: 480, scale: 1 });
    const crop = { left: 960, top: 540, width: 960, height: 540 };
    const size = frameSizeFor({ width: 1920, height: 1080 }, { crop });
    expect(size).toMatchObject({ width: 1920, height: 1080, scale: 1 });
    const half = frameSizeFor({ width: 3840, height: 2160 }, { crop: { left: 0, top: 0, width: 1920, height: 1440 } });
    expect(half.scale).toBeCloseTo(5 / 12);
    expect(scaledChoice({ crop: { left: 0, top: 0, width: 1920, height: 1440 } }, half.scale, half).crop).toEqual({
      left: 0,
      top: 0,
      width: 800,
      height: 600,
    });
  });

  test('the window’s frames become an animated 800x600 GIF; main holds a few frames at a time', async () => {
    const motion = new WindowMotion();
    const seen = playWindow(motion);
    expect(motion.available()).toBe(true);
    const clip = await motion.describe(file);
    expect(clip.info).toMatchObject({ label: 'H.264 MP4', width: 1280, height: 720 });
    const size = frameSizeFor(clip.info, {});
    const source = clip.source(size.width, size.height);
    // What the window sent and the encoder had not taken yet, sampled as the encoder reads.
    let pushed = 0;
    let taken = 0;
    const counted = {
      info: source.info,
      frames: (options?: Parameters<typeof source.frames>[0]) => ({
        async *[Symbol.asyncIterator]() {
          for await (const frame of source.frames(options)) {
            taken += 1;
            pushed = seen.answers.length * 2 + 2;
            seen.mostHeld = Math.max(seen.mostHeld, pushed - taken);
            yield frame;
          }
        },
      }),
    };
    const started = Date.now();
    const prepared = await prepareMotion(counted, resolveOptions({}));
    console.log(`24 frames from the window prepared in ${Date.now() - started} ms (${seen.requests.length} decodes)`);
    const meta = await sharp(prepared.buffer, { pages: -1 }).metadata();
    expect(meta).toMatchObject({ format: 'gif', width: 800, pageHeight: 600 });
    expect(meta.pages).toBeGreaterThan(10);
    expect(seen.requests.filter((request) => request.want === 'frames')[0]).toMatchObject({ width: 1067, height: 600 });
    // The queue's room (8) and one batch in flight: never the whole clip.
    expect(seen.mostHeld).toBeLessThanOrEqual(12);
  }, 240_000);

  test('a reader that stops early tells the window to stop', async () => {
    const motion = new WindowMotion();
    const seen = playWindow(motion, 400);
    const clip = await motion.describe(file);
    for await (const frame of clip.source(1067, 600).frames()) {
      expect(frame.width).toBe(1067);
      break;
    }
    await expect.poll(() => seen.answers.at(-1)).toBe(false);
    expect(seen.answers.length).toBeLessThan(10);
  });

  test('a frame of another size than asked ends the stream as a damaged clip', async () => {
    const motion = new WindowMotion();
    motion.markReady();
    motion.on('decode', (request) => {
      if (request.want === 'info') {
        const info = { label: 'VP9 WebM', width: 640, height: 480, durationMs: 1000, fps: 10, loop: 0 };
        motion.info(request.streamId, { ...info, hasAlpha: false, poster });
      } else void motion.frames(request.streamId, [frameAt(320, 240, 0)]);
    });
    const clip = await motion.describe(file);
    const reading = (async () => {
      for await (const frame of clip.source(640, 480).frames()) void frame;
    })();
    await expect(reading).rejects.toThrow(
      'clip.mp4 is damaged or incomplete and could not be read; export it again as H.264 MP4.',
    );
  });

  test('a window reloaded while a clip decodes fails the clip at once instead of leaving it waiting', async () => {
    const motion = new WindowMotion();
    motion.markReady();
    const asked: string[] = [];
    motion.on('decode', (request) => {
      asked.push(request.want);
      // Described, then never a frame: the Worker went away with the page.
      const info = { label: 'VP9 WebM', width: 640, height: 480, durationMs: 1000, fps: 10, loop: 0 };
      if (request.want === 'info') motion.info(request.streamId, { ...info, hasAlpha: false, poster });
    });
    const clip = await motion.describe(file);
    const reading = (async () => {
      for await (const frame of clip.source(640, 480).frames()) void frame;
    })();
    await expect.poll(() => asked).toEqual(['info', 'frames']);
    motion.markReady();
    await expect(reading).rejects.toThrow('The window could not decode clip.mp4; reopen Shotput and add it again.');
  });

  test('a clip the window cannot decode is one sentence saying what to do', async () => {
    const motion = new WindowMotion();
    motion.markReady();
    motion.on('decode', (request) => motion.end(request.streamId, 'unsupported-codec'));
    await expect(motion.describe(file)).rejects.toThrow(
      'clip.mp4 uses a video format this computer cannot decode; export it as H.264 MP4.',
    );
  });

  test('a clip restored before the window’s decoder runs waits for it, not for a decoder main lacks', async () => {
    // The engine restores drafts as it starts, at a launch or after its process restarted, often
    // before the page's Worker is up. The clip went to main's own decoder (ffmpeg, the CLI's, not on
    // most designers' computers) and the draft failed; the motion restart walk's broken picture.
    const video = join(dir, 'restored.mp4');
    await writeFile(video, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)]));
    const choice = { size: 'auto', fit: 'cover' } as const;

    const noWindow = new WindowMotion();
    expect(await windowDraftMotion(noWindow, video, choice), 'no window at all: main decodes, at once').toBeUndefined();

    const motion = new WindowMotion();
    // The window's events are forwarded from the engine's start; its Worker says it runs later.
    const forwarded = (request: MotionDecodeRequest) => void request;
    motion.on('decode', forwarded);
    let settled = false;
    const found = windowDraftMotion(motion, video, choice).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
    motion.off('decode', forwarded);
    playWindow(motion);
    const clip = await found;
    expect(clip?.facts).toMatchObject({ format: 'H.264 MP4', width: 1280, height: 720, animated: true });

    // A window that never says it runs: the clip goes to main's decoders after the wait.
    const silent = new WindowMotion();
    silent.on('decode', forwarded);
    expect(await silent.whenAvailable(50)).toBe(false);
  });

  test('reads serve only the stream’s own file, in slices', async () => {
    const motion = new WindowMotion();
    motion.markReady();
    const slices: number[] = [];
    motion.on('decode', (request) => {
      void (async () => {
        slices.push((await motion.read(request.streamId, 10, 20)).length);
        await expect(motion.read(request.streamId, 0, 64 * 1024 * 1024)).rejects.toThrow();
        await expect(motion.read('00000000-0000-0000-0000-000000000000', 0, 10)).rejects.toThrow();
        motion.end(request.streamId, 'no-video');
      })();
    });
    await expect(motion.describe(file)).rejects.toThrow('clip.mp4 has no video in it; export it as H.264 MP4.');
    expect(slices).toEqual([10]);
  });
});

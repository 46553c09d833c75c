// The desktop seam: frames pushed by a feeder (the WebCodecs worker, here a loop) go through the
// same encoder, and the feeder is held back to a few frames ahead and told when to stop.
import { describe, expect, it } from 'vitest';
import { FrameQueue, pushedSource } from '../../main/images/motion/frame-queue';
import { prepareMotion } from '../../main/images/motion/prepare-motion';
import { resolveOptions } from '../../main/images/options';
import type { MotionFrame } from '../../main/images/motion/source';

function frame(i: number): MotionFrame {
  const data = Buffer.alloc(160 * 120 * 4, 255);
  for (let p = 0; p < 160 * 120; p++) data[p * 4] = (i * 40) % 256;
  return { data, width: 160, height: 120, timeMs: i * 100 };
}

describe('frames pushed from a decoder elsewhere', () => {
  it('become the same animated GIF as any decoder gives', async () => {
    const source = pushedSource(
      { label: 'H.264 MP4', width: 160, height: 120, durationMs: 1000, fps: 10, loop: 0, hasAlpha: false },
      () => {
        const queue = new FrameQueue();
        void (async () => {
          for (let i = 0; i < 10; i++) if (!(await queue.push(frame(i)))) return;
          queue.end();
        })();
        return queue;
      },
    );
    const result = await prepareMotion(source, resolveOptions({}));
    expect(result.checked).toMatchObject({ format: 'gif', width: 400, height: 300, pages: 10 });
    expect(result.delays).toEqual(Array(10).fill(100));
  });

  it('holds the feeder a few frames ahead of a reader that has not read', async () => {
    const queue = new FrameQueue();
    let pushed = 0;
    const feeding = (async () => {
      for (let i = 0; i < 50; i++) {
        if (!(await queue.push(frame(i)))) return;
        pushed++;
      }
      queue.end();
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pushed).toBe(4);
    let read = 0;
    for await (const got of queue) read += got ? 1 : 0;
    await feeding;
    expect(read).toBe(50);
  });

  it('a reader that stops early tells the feeder, and a feeder error reaches the reader', async () => {
    const queue = new FrameQueue();
    const feeding = (async () => {
      for (let i = 0; i < 100; i++) if (!(await queue.push(frame(i)))) return i;
      return 100;
    })();
    for await (const got of queue) if (got.timeMs >= 200) break;
    expect(await feeding).toBeLessThan(10);
    expect(queue.cancelled).toBe(true);

    const failing = new FrameQueue();
    failing.end(new Error('The clip could not be decoded.'));
    await expect(
      (async () => {
        for await (const got of failing) void got;
      })(),
    ).rejects.toThrow('The clip could not be decoded.');
  });
});

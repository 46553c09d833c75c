// The motion Worker's frames on their way to the engine: the decoder goes on while a batch travels
// (it waited a whole round trip per batch before, which in the end-to-end harness was 180 to 400 ms
// of each 2.5 MB frame), the engine's queue still bounds what is held, the order is kept, and a
// reader that stops or a batch that cannot go stops the decoder.
import { describe, expect, it } from 'vitest';
import { FRAME_BATCHES_AHEAD, FrameSender } from '../../renderer/src/workers/frame-sender';
import { FrameQueue } from '../../main/desktop/frame-queue';
import type { MotionWindowFrame } from '../../common/contract/index';

const frame = (timeMs: number): MotionWindowFrame => ({ width: 1, height: 1, timeMs, data: new Uint8Array(4) });

/** An engine whose answers the test releases one at a time. */
function heldEngine() {
  const sent: number[][] = [];
  const release: ((more: boolean) => void)[] = [];
  const send = (frames: MotionWindowFrame[]) => {
    sent.push(frames.map((f) => f.timeMs));
    return new Promise<boolean>((resolve) => release.push(resolve));
  };
  return { sent, release, send };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FrameSender', () => {
  it('sends the next batch before the last is answered, and waits once FRAME_BATCHES_AHEAD are out', async () => {
    const engine = heldEngine();
    const sender = new FrameSender(engine.send);
    let resolved = 0;
    const first = sender.frames([frame(0)]).then(() => resolved++);
    await tick();
    expect(resolved).toBe(1);
    const second = sender.frames([frame(33)]).then(() => resolved++);
    await tick();
    // Two out, none answered: the decoder waits.
    expect(FRAME_BATCHES_AHEAD).toBe(2);
    expect(engine.sent).toEqual([[0], [33]]);
    expect(resolved).toBe(1);
    engine.release[0]!(true);
    await Promise.all([first, second]);
    expect(resolved).toBe(2);
  });

  it('stops the decoder when the engine wants no more, and settled() waits for every answer', async () => {
    const engine = heldEngine();
    const sender = new FrameSender(engine.send);
    await sender.frames([frame(0)]);
    const waiting = sender.frames([frame(33)]);
    engine.release[0]!(false);
    expect(await waiting).toBe(false);
    expect(await sender.frames([frame(66)])).toBe(false);
    expect(engine.sent).toEqual([[0], [33]]);
    let settled = false;
    const done = sender.settled().then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    engine.release[1]!(false);
    await done;
  });

  it('a batch that cannot go fails the decode where it is awaited, never as an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const count = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', count);
    try {
      const sender = new FrameSender(() => Promise.reject(new Error('port closed')));
      await sender.frames([frame(0)]);
      await expect(sender.frames([frame(33)])).rejects.toThrow('port closed');
      await expect(sender.settled()).rejects.toThrow('port closed');
      await tick();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', count);
    }
  });

  it("into the engine's queue: every frame arrives once, in order, and the queue holds at most its room plus the batches out", async () => {
    const room = 4;
    const queue = new FrameQueue(room);
    let most = 0;
    const sender = new FrameSender(async (frames) => {
      const taken = frames.map((f) => ({ data: Buffer.from(f.data), width: 1, height: 1, timeMs: f.timeMs }));
      const more = queue.push(taken);
      most = Math.max(most, (queue as unknown as { frames: unknown[] }).frames.length);
      return more;
    });
    const producer = (async () => {
      for (let i = 0; i < 60; i += 3) if (!(await sender.frames([frame(i), frame(i + 1), frame(i + 2)]))) return;
      await sender.settled();
      queue.end();
    })();
    const seen: number[] = [];
    for await (const taken of queue) {
      seen.push(taken.timeMs);
      await tick();
    }
    await producer;
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(most).toBeLessThanOrEqual(room + 3 * FRAME_BATCHES_AHEAD);
  });
});

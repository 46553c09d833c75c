// Events gathered per frame: applied together, in order, once per frame; and applied without a
// frame when none comes (a hidden window), so nothing waits long or piles up.
import { describe, expect, it } from 'vitest';
import { perFrame, type FrameScheduler } from '../../renderer/src/lib/per-frame';

function manualScheduler() {
  const frames: Array<() => void> = [];
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const scheduler: FrameScheduler = {
    frame: (run) => void frames.push(run),
    timer: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return { cancel: () => void (timer.cancelled = true) };
    },
  };
  const drawFrame = () => frames.splice(0).forEach((run) => run());
  const fireTimers = () => timers.splice(0).forEach((timer) => timer.cancelled || timer.run());
  return { scheduler, drawFrame, fireTimers, timers };
}

describe('perFrame', () => {
  it('applies what arrived between two frames once, in order', () => {
    const { scheduler, drawFrame, fireTimers } = manualScheduler();
    const applied: number[][] = [];
    const hear = perFrame<number>((batch) => applied.push(batch), scheduler);
    hear(1);
    hear(2);
    hear(3);
    expect(applied).toEqual([]);
    drawFrame();
    expect(applied).toEqual([[1, 2, 3]]);
    // The timer that stood in for a frame that might not come does nothing now.
    fireTimers();
    hear(4);
    drawFrame();
    expect(applied).toEqual([[1, 2, 3], [4]]);
  });

  it('applies without a frame when none comes, a quarter of a second later', () => {
    const { scheduler, fireTimers, timers, drawFrame } = manualScheduler();
    const applied: string[][] = [];
    const hear = perFrame<string>((batch) => applied.push(batch), scheduler);
    hear('a');
    hear('b');
    expect(timers.map((timer) => timer.ms)).toEqual([250]);
    fireTimers();
    expect(applied).toEqual([['a', 'b']]);
    drawFrame();
    expect(applied).toEqual([['a', 'b']]);
  });
});

// bench:desktop samples main's event loop inside main's process. On the real Electron the sampler
// reaches it as source text (playwright-core's evaluate), so it must run with nothing but its own
// text and the process's globals: here it is run that way, in a scope of its own, as Electron's main
// would run it, and it must see a loop held for 80 ms.
import { describe, expect, test } from 'vitest';
import type { AppDriver } from '../e2e/harness/app-driver';
import { sampleMainLoop } from '../../bench/lib/main-loop-sampler';

/** A driver whose main is this process, reached as the real Electron is: by the function's source only. */
const bySource = {
  inMain: async (fn: (electron: unknown, arg: unknown) => unknown, arg: unknown) =>
    (new Function(`return (${fn.toString()})`)() as typeof fn)({}, arg),
} as unknown as AppDriver;

describe("bench:desktop's sampler of main's loop", () => {
  test('runs from its source alone and counts a loop held for 80 ms as one stall', async () => {
    const sampler = await sampleMainLoop(bySource);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const held = performance.now();
    while (performance.now() - held < 80);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const figures = await sampler.stop();
    expect(figures.stalls).toBe(1);
    expect(figures.maxMs).toBeGreaterThanOrEqual(75);
    expect(figures.p99Ms).toBeGreaterThan(0);
    const [stall] = figures.stallWindows;
    expect((stall!.toUs - stall!.fromUs) / 1000).toBeGreaterThanOrEqual(75);
    await expect(sampler.stop()).rejects.toThrow('The loop sampler was not started in main.');
  });
});

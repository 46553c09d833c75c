// Samples the event loop of main's process, on either runtime: on the real Electron inside its main
// process (through the driver), on the double in this process, where the harness runs main's code.
// Node's event-loop delay histogram at 1 ms resolution gives p99 and max, and a 1 ms timer whose
// late firings over 50 ms are counted as stalls (a stall is one event the window would wait on).
import type { AppDriver } from '../../test/e2e/harness/app-driver';
import type { StallWindow } from './stall-owners';

export interface LoopFigures {
  p99Ms: number;
  maxMs: number;
  stalls: number;
  /**
   * Each stall's span on process.hrtime's clock in µs (stall-owners.ts puts them down to the code
   * that held the loop, on the double, where that clock is this process's).
   */
  stallWindows: StallWindow[];
}

type SamplerGlobal = { __shotputLoopSampler?: { stop(): LoopFigures } };

/**
 * Starts the sampler in main's process. Its code is sent to the real Electron as source, so it
 * uses nothing but globals, and no named inner functions (a transform could wrap them in a helper
 * that main's process does not have).
 */
export async function sampleMainLoop(driver: AppDriver): Promise<{ stop(): Promise<LoopFigures> }> {
  await driver.inMain(() => {
    const { monitorEventLoopDelay } = process.getBuiltinModule('node:perf_hooks');
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    const stallWindows: StallWindow[] = [];
    let last = Number(process.hrtime.bigint() / 1000n);
    const timer = setInterval(() => {
      const now = Number(process.hrtime.bigint() / 1000n);
      if (now - last > 50_000) stallWindows.push({ fromUs: last, toUs: now });
      last = now;
    }, 1);
    (globalThis as SamplerGlobal).__shotputLoopSampler = {
      stop: () => {
        clearInterval(timer);
        histogram.disable();
        return {
          p99Ms: histogram.percentile(99) / 1e6,
          maxMs: histogram.max / 1e6,
          stalls: stallWindows.length,
          stallWindows,
        };
      },
    };
  }, undefined);
  return {
    stop: () =>
      driver.inMain(() => {
        const sampler = (globalThis as SamplerGlobal).__shotputLoopSampler;
        delete (globalThis as SamplerGlobal).__shotputLoopSampler;
        if (sampler === undefined) throw new Error('The loop sampler was not started in main.');
        return sampler.stop();
      }, undefined),
  };
}

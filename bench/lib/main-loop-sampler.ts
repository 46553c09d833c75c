// Samples the event loop of this process (where the end-to-end harness runs main's code): Node's
// event-loop delay histogram at 1 ms resolution for p99 and max, and a 1 ms timer whose late
// firings over 50 ms are counted as stalls (a stall is one event the window would wait on).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { nowUs, type StallWindow } from './stall-owners';

export interface LoopFigures {
  p99Ms: number;
  maxMs: number;
  stalls: number;
  /** Each stall's span, for putting it down to the code that held the loop (stall-owners.ts). */
  stallWindows: StallWindow[];
}

export function sampleMainLoop(): { stop(): LoopFigures } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const stallWindows: StallWindow[] = [];
  let last = nowUs();
  const timer = setInterval(() => {
    const now = nowUs();
    if (now - last > 50_000) stallWindows.push({ fromUs: last, toUs: now });
    last = now;
  }, 1);
  return {
    stop() {
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
}

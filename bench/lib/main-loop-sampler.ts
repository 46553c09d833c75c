// Samples the event loop of this process (where the end-to-end harness runs main's code): Node's
// event-loop delay histogram at 1 ms resolution for p99 and max, and a 1 ms timer whose late
// firings over 50 ms are counted as stalls (a stall is one event the window would wait on).
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopFigures {
  p99Ms: number;
  maxMs: number;
  stalls: number;
}

export function sampleMainLoop(): { stop(): LoopFigures } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let stalls = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > 50) stalls += 1;
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      histogram.disable();
      return {
        p99Ms: histogram.percentile(99) / 1e6,
        maxMs: histogram.max / 1e6,
        stalls,
      };
    },
  };
}

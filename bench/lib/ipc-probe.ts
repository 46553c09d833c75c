// A renderer→main→renderer round trip every 100 ms, timed in the page: window.shotput.app.info(),
// the cheapest request of the contract, so what is measured is the wait for main, not the work.
import type { Page } from 'playwright-core';

export interface IpcFigures {
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

type ProbeWindow = { shotput: { app: { info(): Promise<unknown> } }; ipcProbe?: { times: number[]; stop: boolean } };

export async function startIpcProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe = { times: [] as number[], stop: false };
    const w = window as unknown as ProbeWindow;
    w.ipcProbe = probe;
    const tick = async () => {
      if (probe.stop) return;
      const asked = performance.now();
      await w.shotput.app.info();
      probe.times.push(performance.now() - asked);
      setTimeout(() => void tick(), Math.max(0, 100 - (performance.now() - asked)));
    };
    void tick();
  });
}

export async function stopIpcProbe(page: Page): Promise<IpcFigures> {
  const times = await page.evaluate(() => {
    const probe = (window as unknown as ProbeWindow).ipcProbe;
    if (probe === undefined) return [];
    probe.stop = true;
    return probe.times;
  });
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return { count: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: sorted.at(-1) ?? 0 };
}

// A renderer→main→renderer round trip every 100 ms, timed in the page, of two requests: the
// cheapest of the contract main answers itself (window.shotput.app.info()) and the cheapest the
// engine answers (auth.state, forwarded to the engine's process since it moved there). What is
// measured is the wait for each process, not the work.
import type { Page } from 'playwright-core';

export interface IpcFigures {
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export type ProbeTarget = 'main' | 'engine';

type ProbeWindow = {
  shotput: { app: { info(): Promise<unknown> }; auth: { state(): Promise<unknown> } };
  ipcProbes?: Record<ProbeTarget, { times: number[]; stop: boolean }>;
};

export async function startIpcProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as ProbeWindow;
    const ask = { main: () => w.shotput.app.info(), engine: () => w.shotput.auth.state() };
    w.ipcProbes = { main: { times: [], stop: false }, engine: { times: [], stop: false } };
    for (const target of ['main', 'engine'] as const) {
      const probe = w.ipcProbes[target];
      const tick = async () => {
        if (probe.stop) return;
        const asked = performance.now();
        await ask[target]();
        probe.times.push(performance.now() - asked);
        setTimeout(() => void tick(), Math.max(0, 100 - (performance.now() - asked)));
      };
      void tick();
    }
  });
}

export async function stopIpcProbe(page: Page): Promise<Record<ProbeTarget, IpcFigures>> {
  const times = await page.evaluate(() => {
    const probes = (window as unknown as ProbeWindow).ipcProbes;
    if (probes === undefined) return { main: [], engine: [] };
    probes.main.stop = true;
    probes.engine.stop = true;
    return { main: probes.main.times, engine: probes.engine.times };
  });
  return { main: figures(times.main), engine: figures(times.engine) };
}

function figures(times: number[]): IpcFigures {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return { count: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: sorted.at(-1) ?? 0 };
}

// `npm run bench:desktop`: how responsive main stays while the desktop app works, on either runtime
// of the end-to-end tests (SHOTPUT_E2E_RUNTIME): here the Electron double (main's code in this
// process, the engine and the bundled sandbox in processes of their own, the real renderer in
// Chromium); in CI also the real Electron (.github/workflows/ci.yml), where main is Electron's own
// process. Main's event loop is sampled at 1 ms in main's process, and two requests of the window
// are timed every 100 ms (one main answers, one the engine answers) during three phases: idle for
// 10 s; BENCH_FILES (300) distinct 2400x1800 PNGs chosen in the file picker, until every draft is
// prepared; Upload all until every job has reached the service. Prints one table (and writes it to
// the job's summary in a GitHub workflow); its figures mean something only with the machine's load
// beside them (the load average and the processor are printed too). BENCH_PROFILE=1 (double only) adds a second table: whose
// code held main's loop during the stalls (the harness's or main's own, stall-owners.ts); the
// profiler's sampling slows the loop a little.
import { existsSync } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { launchDriver, type AppDriver } from '../test/e2e/harness/app-driver';
import { waitForShell } from '../test/e2e/harness/index';
import { e2eRuntime } from '../test/e2e/harness/real-electron';
import { signInThroughBrowser } from '../test/e2e/support/driver-sign-in';
import { startIpcProbe, stopIpcProbe, type IpcFigures, type ProbeTarget } from './lib/ipc-probe';
import { sampleMainLoop, type LoopFigures } from './lib/main-loop-sampler';
import { startStallProfile } from './lib/stall-owners';

vi.mock('electron', () => import('../test/e2e/harness/electron-module'));

const FILES = Number(process.env['BENCH_FILES'] ?? '300');
const PROFILE = process.env['BENCH_PROFILE'] === '1';

/** Distinct exports (each its own gradient and number), kept between runs: making them is not measured. */
async function corpus(count: number): Promise<string[]> {
  const dir = join(tmpdir(), 'shotput-bench-desktop-flat');
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = join(dir, `board-${String(i).padStart(4, '0')}.png`);
    files.push(file);
    if (existsSync(file)) continue;
    // Flat colours, as exported boards often are: small files, the same 2400x1800 pixels for sharp to decode.
    const hue = (i * 47) % 360;
    const label = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300">
      <circle cx="150" cy="150" r="${60 + (i % 9) * 10}" fill="white"/>
      <text x="300" y="200" font-size="140" font-family="sans-serif" fill="white">#${i}</text>
    </svg>`;
    await sharp({ create: { width: 2400, height: 1800, channels: 3, background: `hsl(${hue}, 55%, 45%)` } })
      .composite([{ input: Buffer.from(label), left: 200 + (i % 13) * 60, top: 300 + (i % 11) * 90 }])
      .png()
      .toFile(file);
  }
  return files;
}

interface Row {
  phase: string;
  loop: LoopFigures;
  ipc: Record<ProbeTarget, IpcFigures>;
  wallMs: number;
  /** Whose code held the loop in the stalls (ms) and allocated over the phase (MB) (BENCH_PROFILE=1). */
  owners?: { stalls: [string, number][]; allocatedMb: [string, number][] };
}

function table(rows: Row[]): string {
  const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
  const trip = (ipc: IpcFigures) => `${ms(ipc.p50Ms)} / ${ms(ipc.p95Ms)} / ${ms(ipc.maxMs)} ms (${ipc.count})`;
  const lines = [
    '| phase | loop p99 / max | stalls > 50 ms | main request p50 / p95 / max | engine request p50 / p95 / max | wall time |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      ({ phase, loop, ipc, wallMs }) =>
        `| ${phase} | ${ms(loop.p99Ms)} / ${ms(loop.maxMs)} ms | ${loop.stalls} | ${trip(ipc.main)} | ${trip(ipc.engine)} | ${(wallMs / 1000).toFixed(1)} s |`,
    ),
  ];
  return lines.join('\n');
}

function ownersTable(rows: Row[]): string {
  const lines = [
    '| phase | stalls | total | who held the loop (ms of the stalls) | who allocated (MB over the phase) |',
    '|---|---|---|---|---|',
  ];
  const list = (entries: [string, number][], unit: string) =>
    entries.map(([owner, amount]) => `${owner} ${amount.toFixed(0)}${unit}`).join(', ') || '-';
  for (const { phase, loop, owners } of rows) {
    const total = loop.stallWindows.reduce((sum, w) => sum + (w.toUs - w.fromUs) / 1000, 0);
    const who = `${list(owners?.stalls ?? [], ' ms')} | ${list(owners?.allocatedMb ?? [], ' MB')}`;
    lines.push(`| ${phase} | ${loop.stalls} | ${total.toFixed(0)} ms | ${who} |`);
  }
  return lines.join('\n');
}

/** The processor and how busy the machine was: the figures mean something only beside these. */
function machineLoad(): string {
  const processors = cpus();
  // Windows keeps no load average (Node answers zeros there).
  const load =
    process.platform === 'win32'
      ? 'no load average on Windows'
      : `load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(', ')}`;
  return `${processors.length} × ${processors[0]?.model.trim() ?? 'unknown processor'}, ${load}`;
}

/** The Queue's counts ("300 published"): how many jobs have reached the service, and whether any failed. */
async function queueCounts(page: Page): Promise<{ sent: number; failed: number }> {
  const items = await page.getByRole('list', { name: 'Jobs by state' }).getByRole('listitem').allTextContents();
  let sent = 0;
  let failed = 0;
  for (const item of items) {
    const [, count = '0', label = ''] = /^\s*([\d,]+)\s+(.*?)\s*$/.exec(item) ?? [];
    const n = Number(count.replaceAll(',', ''));
    if (/^(published|scheduled|processing on the service)$/.test(label)) sent += n;
    if (label === 'failed') failed += n;
  }
  return { sent, failed };
}

describe('desktop responsiveness', () => {
  let driver: AppDriver | undefined;
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });

  test(`idle, ${FILES} PNGs at 2400x1800 chosen until prepared, Upload all until sent`, async () => {
    const runtime = e2eRuntime();
    if (PROFILE && runtime === 'electron')
      throw new Error("BENCH_PROFILE=1 profiles main's code in this process: it works on the Electron double only.");
    const files = await corpus(FILES);
    process.stderr.write(
      `bench:desktop: ${FILES} files ready, launching on the ${runtime === 'electron' ? 'real Electron' : 'Electron double'}\n`,
    );
    // The bundled sandbox lets the whole batch through at once: its per-minute limit is not what is measured.
    driver = await launchDriver({
      env: { SHOTPUT_SANDBOX_RATE_LIMIT: '100000', SHOTPUT_EXPECTED_PROCESSING_MS: '300' },
    });
    const running = driver;
    const { page } = running;
    await waitForShell(page);
    await signInThroughBrowser(running, 'ben', 'Ben Okafor');
    const rows: Row[] = [];
    const phase = async (name: string, work: () => Promise<void>) => {
      process.stderr.write(`bench:desktop: ${name}…\n`);
      await startIpcProbe(page);
      const profile = PROFILE ? await startStallProfile() : undefined;
      const loop = await sampleMainLoop(running);
      const started = performance.now();
      await work();
      const wallMs = performance.now() - started;
      const figures = await loop.stop();
      const owners = await profile?.stop(figures.stallWindows);
      rows.push({ phase: name, loop: figures, ipc: await stopIpcProbe(page), wallMs, owners });
    };

    await phase('idle 10 s', () => page.waitForTimeout(10_000));

    // Through the file picker, which both runtimes answer the same way; a drop on the double would
    // add the harness's own work (it hands each dropped file's bytes to the page) to this process.
    await running.answerOpenDialog(files);
    await phase(`${FILES} PNGs 2400x1800 chosen, until prepared`, async () => {
      await page.getByRole('button', { name: 'Choose files…' }).click();
      await expect
        .poll(() => page.getByRole('button', { name: `Upload all (${FILES})` }).count(), {
          timeout: 900_000,
          interval: 250,
        })
        .toBe(1);
      await expect.poll(() => page.getByText(/being prepared/).count(), { timeout: 900_000, interval: 250 }).toBe(0);
    });

    // Until every job has reached the service (its processing after that is the service's time, not main's).
    await phase(`Upload all ${FILES} to the bundled sandbox, until sent`, async () => {
      await page.getByRole('button', { name: `Upload all (${FILES})` }).click();
      await page.getByRole('button', { name: 'Open the queue' }).click();
      await expect
        .poll(() => queueCounts(page), { timeout: 900_000, interval: 250 })
        .toEqual({ sent: FILES, failed: 0 });
    });

    const machine = `${runtime === 'electron' ? 'real Electron' : 'Electron double'}, ${process.platform}, ${machineLoad()}`;
    const report = `bench:desktop, ${FILES} files, ${machine}\n\n${table(rows)}`;
    console.log(`\n${report}`);
    if (PROFILE) console.log(`\nWhose code held main's loop during the stalls:\n${ownersTable(rows)}`);
    // In a GitHub workflow the table is also the job's summary, where it is read at a glance.
    const summary = process.env['GITHUB_STEP_SUMMARY'];
    if (summary) await appendFile(summary, `${report}\n`);
  });
});

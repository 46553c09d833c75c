// The same 30-file batch through a bad network: 10% of requests answer 500, 5% have their
// connection dropped, every request waits 200 ms. Each file still ends on the service once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listAllShots,
  makeImages,
  sandboxToken,
  setFaults,
  startSandboxProcess,
  stopChild,
} from '../../bench/lib/uploads-sandbox';
import type { SandboxProcess } from '../../bench/lib/uploads-sandbox';
import { runCli } from './cli-process';
import type { CliRun } from './cli-process';

const PROCESSING_MS = 400;
let root: string;
let sandbox: SandboxProcess | undefined;
const children: CliRun[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-faults-'));
  sandbox = await startSandboxProcess({
    dataDir: path.join(root, 'sandbox'),
    processingMs: PROCESSING_MS,
    rateLimit: 60,
    rateWindowS: 5,
  });
});

afterAll(async () => {
  for (const run of children) await stopChild(run.child, 'SIGKILL');
  await sandbox?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('uploads through faults', () => {
  it(
    'publishes each of 30 files exactly once with 500s, dropped connections and latency',
    { timeout: 240_000 },
    async () => {
      const files = await makeImages(path.join(root, 'images'), 30, 'faulty', 500);
      const token = await sandboxToken(sandbox!.url);
      await setFaults(sandbox!.url, { status: 500, rate: 0.1, reset_rate: 0.05, latency_ms: 200 });
      const globals = ['--api', sandbox!.url, '--token', token, '--data-dir', path.join(root, 'data')];
      const run = runCli(globals, ['upload', ...files], { SHOTPUT_EXPECTED_PROCESSING_MS: String(PROCESSING_MS) });
      children.push(run);
      const code = await run.exited;
      expect(code, run.stderr()).toBe(0);
      const published = run.lines.filter((l) => l.type === 'job' && l.state === 'published');
      expect(new Set(published.map((l) => l.file)).size).toBe(30);
      // The faults were really met: some POST outcomes were unknown and had to be looked for.
      expect(run.lines.some((l) => l.type === 'job' && typeof l.last_error === 'string')).toBe(true);

      await setFaults(sandbox!.url, {});
      const reader = await sandboxToken(sandbox!.url, 'ada', 'web-demo');
      const titles = (await listAllShots(sandbox!.url, reader))
        .map((s) => s.title)
        .filter((t) => t.startsWith('faulty-'));
      expect(titles.sort()).toEqual(files.map((f) => path.parse(f).name).sort());
    },
  );
});

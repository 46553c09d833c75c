// SIGKILL the real CLI at random moments of a 30-file upload (while preparing, while a POST is
// in flight, while shots are processing), start it again each time, and check that the sandbox
// (its own process, so it survives) ends with each file exactly once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAllShots, makeImages, sandboxToken, startSandboxProcess, stopChild } from '../../bench/lib/uploads-sandbox';
import type { SandboxProcess } from '../../bench/lib/uploads-sandbox';
import { runCli } from './cli-process';
import type { CliRun } from './cli-process';

const FILES = 30;
const KILLS = 15;
const PROCESSING_MS = 400;

let root: string;
let sandbox: SandboxProcess | undefined;
const children: CliRun[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-crash-'));
  sandbox = await startSandboxProcess({ dataDir: path.join(root, 'sandbox'), processingMs: PROCESSING_MS, rateLimit: 60, rateWindowS: 5 });
});

afterAll(async () => {
  for (const run of children) await stopChild(run.child, 'SIGKILL');
  await sandbox?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('uploads survive SIGKILL', () => {
  it('publishes each of 30 files exactly once across 15 kills and restarts', { timeout: 240_000 }, async () => {
    const files = await makeImages(path.join(root, 'images'), FILES, 'crash');
    const token = await sandboxToken(sandbox!.url);
    const globals = ['--api', sandbox!.url, '--token', token, '--data-dir', path.join(root, 'data')];
    const env = { SHOTPUT_EXPECTED_PROCESSING_MS: String(PROCESSING_MS) };
    const phases = ['preparing', 'uploading', 'processing'];
    const killedIn: string[] = [];

    for (let kill = 0; kill < KILLS; kill++) {
      const run = runCli(globals, ['upload', ...files], env);
      children.push(run);
      const phase = phases[kill % phases.length]!;
      // Let a few jobs pass this phase first, so kills land at different places of the batch.
      const skip = Math.floor(Math.random() * 4);
      let seen = 0;
      const line = await run.waitForLine((l) => l.type === 'job' && l.state === phase && seen++ >= skip);
      if (!line) break; // this run finished the batch before reaching the moment
      // Within a few milliseconds of the state being written: the POST or the prepare is in flight.
      await new Promise((r) => setTimeout(r, Math.random() * 40));
      run.child.kill('SIGKILL');
      await run.exited;
      killedIn.push(phase);
    }
    expect(killedIn.length).toBeGreaterThanOrEqual(10);

    const last = runCli(globals, ['upload', ...files], env);
    children.push(last);
    const code = await last.exited;
    expect(code, last.stderr()).toBe(0);

    const reader = await sandboxToken(sandbox!.url, 'ada', 'web-demo');
    const shots = await listAllShots(sandbox!.url, reader);
    const titles = shots.map((s) => s.title).filter((t) => t.startsWith('crash-'));
    const expected = files.map((f) => path.parse(f).name);
    expect(titles.sort()).toEqual(expected.sort());
  });
});

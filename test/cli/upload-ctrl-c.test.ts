// Issue 32, finding 8: Ctrl-C answers at once. Ten files against a sandbox at 3 requests a minute,
// SIGINT after the first POST: jobs only waiting for the budget or their turn stop at once, the
// command says so in one line and exits within 2 s, and every job waits in the queue (none failed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImages, sandboxToken, startSandboxProcess, stopChild } from '../../bench/lib/uploads-sandbox';
import type { SandboxProcess } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../uploads/cli-process';
import type { CliRun } from '../uploads/cli-process';

let root: string;
let sandbox: SandboxProcess | undefined;
const runs: CliRun[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-ctrl-c-'));
  sandbox = await startSandboxProcess({ dataDir: path.join(root, 'sandbox'), processingMs: 300, rateLimit: 3 });
}, 90_000);

afterAll(async () => {
  for (const run of runs) await stopChild(run.child, 'SIGKILL');
  await sandbox?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('Ctrl-C while uploads wait for the rate limit', () => {
  it('says so in one line at once and exits within 2 s, every job left waiting', { timeout: 120_000 }, async () => {
    const token = await sandboxToken(sandbox!.url, 'ada');
    const files = await makeImages(path.join(root, 'files'), 10, 'budget', 700);
    const globals = ['--api', sandbox!.url, '--token', token, '--data-dir', path.join(root, 'data')];
    const run = runCli(globals, ['upload', ...files]);
    runs.push(run);
    await run.waitForLine((l) => l.type === 'job' && l.state === 'processing');
    const before = run.stderr().length;
    const sentAt = Date.now();
    run.child.kill('SIGINT');
    const code = await run.exited;
    const took = Date.now() - sentAt;
    expect(code, run.stderr()).toBe(130);
    expect(took).toBeLessThan(2_000);
    // One line said what happens to the rest; no upload failed for the stop.
    const said = run.stderr().slice(before).trim().split('\n');
    expect(said).toEqual([expect.stringMatching(/^shotput: (interrupted|finishing)/)]);
    expect(run.lines.filter((l) => l.type === 'job' && l.state === 'failed')).toEqual([]);

    const list = runCli(['--data-dir', path.join(root, 'data')], ['queue', 'list']);
    runs.push(list);
    expect(await list.exited).toBe(0);
    const states = (JSON.parse(list.stdout()) as { state: string }[]).map((j) => j.state);
    expect(states).toHaveLength(10);
    expect(states.filter((s) => s === 'failed')).toEqual([]);
    expect(states.filter((s) => s === 'queued' || s === 'ready').length).toBeGreaterThanOrEqual(8);
  });
});

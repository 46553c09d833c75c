// The bundled sandbox starts on a free port each run, and keeps its shots in the data dir. A file
// an earlier run published is reported again with its shot: the address printed must be the one
// of the sandbox running now (the one the "Links to … are local" note names), not the port of the
// run that published it, where nothing listens any more.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from './run-cli';

let root: string;
let dataDir: string;
let file: string;
const env = { SHOTPUT_EXPECTED_PROCESSING_MS: '100' };
const cli = (...argv: string[]) => runCli(['--data-dir', dataDir, ...argv], { env });

/** The host of the sandbox a run used, from the notice it printed on stderr. */
function sandboxHost(stderr: string): string {
  const match = /Using the local sandbox at (http:\/\/\S+),/.exec(stderr);
  expect(match, stderr).not.toBeNull();
  return new URL(match![1]!).host;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'shotput-sandbox-links-'));
  dataDir = path.join(root, 'data');
  file = path.join(root, 'hero.png');
  await sharp({ create: { width: 820, height: 620, channels: 3, background: '#c85028' } })
    .png()
    .toFile(file);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('links to the bundled sandbox across runs', () => {
  it('a file published by an earlier run is shown at the sandbox of this run', async () => {
    const first = await cli('upload', file);
    expect(first.code, first.stderr).toBe(0);
    const published = /shot (\d+)\s+(http:\/\/\S+)/.exec(first.stdout);
    expect(published, first.stdout).not.toBeNull();
    expect(new URL(published![2]!).host).toBe(sandboxHost(first.stderr));

    // The first run's port is taken now, so the later runs' sandboxes get others.
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(Number(new URL(published![2]!).port), '127.0.0.1', resolve));
    onTestFinished(() => void holder.close());
    const again = await cli('upload', file);
    expect(again.code, again.stderr).toBe(0);
    const host = sandboxHost(again.stderr);
    expect(again.stdout).toContain(`shot ${published![1]}  http://${host}/shots/${published![1]}`);
    expect(again.stderr).toContain(`Links to ${host} are local`);

    const json = await cli('--json', 'upload', file);
    const line = JSON.parse(json.stdout.split('\n')[0]!) as { html_url: string; location: string };
    const jsonHost = sandboxHost(json.stderr);
    expect(new URL(line.html_url).host).toBe(jsonHost);
    expect(new URL(line.location).host).toBe(jsonHost);
  }, 90_000);
});

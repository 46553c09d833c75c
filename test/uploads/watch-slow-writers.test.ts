// Files still being written when `shotput watch --once` starts, as exporters, network copies and
// sync clients write them: each must become exactly one shot, made from the complete file.
// Real time on purpose: the writers' pauses on a real disk are what is tested, not a timer of ours.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAllShots, sandboxToken, startSandboxProcess, stopChild } from '../../bench/lib/uploads-sandbox';
import type { SandboxProcess } from '../../bench/lib/uploads-sandbox';
import { WatchedFolder } from '../../main/uploads/index';
import { runCli } from './cli-process';
import { realQueue } from './real-queue';
import type { CliRun } from './cli-process';
import { startSlowWriter } from './slow-writer';

let root: string;
let sandbox: SandboxProcess | undefined;
let token: string;
let globals: string[];
const children: CliRun[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-slow-writers-'));
  sandbox = await startSandboxProcess({
    dataDir: path.join(root, 'sandbox'),
    processingMs: 300,
    rateLimit: 300,
    rateWindowS: 5,
  });
  token = await sandboxToken(sandbox.url);
  globals = ['--api', sandbox.url, '--token', token];
});

afterAll(async () => {
  for (const run of children) await stopChild(run.child, 'SIGKILL');
  await sandbox?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Photos big enough to take a while to write: noise does not compress. */
async function noisyImage(file: string, seed: number, format: 'png' | 'jpeg'): Promise<string> {
  const image = sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: { r: seed % 256, g: 90, b: 160 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  });
  await (format === 'png' ? image.png() : image.jpeg({ quality: 92 })).toFile(file);
  return file;
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

describe('watched folders with slow writers', () => {
  it(
    'uploads each file that was still being written at the start exactly once, complete',
    { timeout: 120_000 },
    async () => {
      const folder = path.join(root, 'export');
      const staging = path.join(root, 'staging');
      fs.mkdirSync(folder, { recursive: true });
      fs.mkdirSync(staging, { recursive: true });
      const sources = [
        await noisyImage(path.join(staging, 'slow-a.png'), 1, 'png'),
        await noisyImage(path.join(staging, 'slow-b.png'), 2, 'png'),
        await noisyImage(path.join(staging, 'slow-c.jpg'), 3, 'jpeg'),
        await noisyImage(path.join(staging, 'slow-d.jpg'), 4, 'jpeg'),
      ];
      // Ten pieces over three seconds; slow-d also stops for longer than the stability time (1 s by
      // default, which this run keeps, as a new user would).
      const writer = startSlowWriter(
        sources.map((from, i) => ({
          from,
          to: path.join(folder, path.basename(from)),
          chunks: 10,
          overMs: 3_000,
          ...(i === 3 ? { pauseAfter: 5, pauseMs: 1_500 } : {}),
        })),
      );
      await writer.started;
      const run = runCli([...globals, '--data-dir', path.join(root, 'data')], ['watch', folder, '--once'], {
        SHOTPUT_EXPECTED_PROCESSING_MS: '300',
      });
      children.push(run);
      const code = await run.exited;
      await writer.done;
      expect(code, run.stderr()).toBe(0);
      expect(run.lines.find((l) => l.type === 'folder')).toMatchObject({ seen: 4, uploaded: 4, skipped: 0, failed: 0 });

      const reader = await sandboxToken(sandbox!.url, 'ada', 'web-demo');
      const titles = (await listAllShots(sandbox!.url, reader))
        .map((s) => s.title)
        .filter((t) => t.startsWith('slow-'));
      expect(titles.sort()).toEqual(['slow-a', 'slow-b', 'slow-c', 'slow-d']);

      // Each job was made from the whole file.
      const list = runCli([...globals, '--data-dir', path.join(root, 'data')], ['queue', 'list']);
      children.push(list);
      expect(await list.exited).toBe(0);
      const jobs = JSON.parse(list.stdout()) as { file: string; content_hash: string; state: string }[];
      expect(jobs.map((j) => [path.basename(j.file), j.state]).sort()).toEqual(
        sources.map((s) => [path.basename(s), 'published']),
      );
      for (const job of jobs) expect(job.content_hash).toBe(sha256(path.join(staging, path.basename(job.file))));
    },
  );

  it(
    'takes files that start being written during the watch once each, after their last piece',
    { timeout: 120_000 },
    async () => {
      const folder = path.join(root, 'live');
      const staging = path.join(root, 'live-staging');
      fs.mkdirSync(folder, { recursive: true });
      fs.mkdirSync(staging, { recursive: true });
      const sources = [
        await noisyImage(path.join(staging, 'live-a.png'), 5, 'png'),
        await noisyImage(path.join(staging, 'live-b.jpg'), 6, 'jpeg'),
      ];
      const queue = realQueue(sandbox!.url, token, path.join(root, 'data-live'));
      const watched = new WatchedFolder(queue, { folder, stableMs: 400 });
      try {
        await watched.start();
        // live-b stops for three times the stability threshold halfway through.
        const writer = startSlowWriter(
          sources.map((from, i) => ({
            from,
            to: path.join(folder, path.basename(from)),
            chunks: 10,
            overMs: 3_000,
            ...(i === 1 ? { pauseAfter: 5, pauseMs: 1_200 } : {}),
          })),
        );
        await writer.done;
        for (let i = 0; i < 600 && watched.getCounts().uploaded + watched.getCounts().failed < 2; i++)
          await new Promise((r) => setTimeout(r, 100));
        await watched.settled();
        await queue.whenIdle();
        expect(watched.getCounts()).toEqual({ seen: 2, uploaded: 2, skipped: 0, failed: 0 });
        const jobs = queue.list();
        expect(jobs.map((j) => [path.basename(j.sourcePath), j.state, j.contentHash]).sort()).toEqual(
          sources.map((s) => [path.basename(s), 'published', sha256(s)]),
        );
      } finally {
        await watched.stop();
        await queue.close();
      }
    },
  );

  it(
    'a watch killed while files are still being written, started again, uploads each once',
    { timeout: 120_000 },
    async () => {
      const folder = path.join(root, 'killed');
      const staging = path.join(root, 'killed-staging');
      fs.mkdirSync(folder, { recursive: true });
      fs.mkdirSync(staging, { recursive: true });
      const sources = [
        await noisyImage(path.join(staging, 'kill-a.png'), 7, 'png'),
        await noisyImage(path.join(staging, 'kill-b.jpg'), 8, 'jpeg'),
        await noisyImage(path.join(staging, 'kill-c.png'), 9, 'png'),
      ];
      // kill-c is written much more slowly: it is still growing when the first watch dies.
      const writer = startSlowWriter(
        sources.map((from, i) => ({
          from,
          to: path.join(folder, path.basename(from)),
          chunks: 10,
          overMs: i === 2 ? 6_000 : 2_000,
        })),
      );
      await writer.started;
      const dataDir = path.join(root, 'data-killed');
      const env = { SHOTPUT_EXPECTED_PROCESSING_MS: '300' };
      const first = runCli([...globals, '--data-dir', dataDir], ['watch', folder, '--once', '--stable-ms', '400'], env);
      children.push(first);
      expect(
        await first.waitForLine((l) => l.type === 'job' && (l.state === 'uploading' || l.state === 'processing')),
      ).toBeDefined();
      first.child.kill('SIGKILL');
      await first.exited;

      const second = runCli(
        [...globals, '--data-dir', dataDir],
        ['watch', folder, '--once', '--stable-ms', '400'],
        env,
      );
      children.push(second);
      expect(await second.exited, second.stderr()).toBe(0);
      await writer.done;
      const reader = await sandboxToken(sandbox!.url, 'ada', 'web-demo');
      const titles = (await listAllShots(sandbox!.url, reader))
        .map((s) => s.title)
        .filter((t) => t.startsWith('kill-'));
      expect(titles.sort()).toEqual(['kill-a', 'kill-b', 'kill-c']);
      const list = runCli([...globals, '--data-dir', dataDir], ['queue', 'list']);
      children.push(list);
      expect(await list.exited).toBe(0);
      const jobs = JSON.parse(list.stdout()) as { file: string; content_hash: string; state: string }[];
      expect(jobs.map((j) => [path.basename(j.file), j.state, j.content_hash]).sort()).toEqual(
        sources.map((s) => [path.basename(s), 'published', sha256(s)]),
      );
    },
  );
});

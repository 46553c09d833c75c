// The desktop's watched folders with slow writers: a file still being exported when the folder
// starts being watched, and one that starts during the watch with a long pause, each become
// exactly one shot made from the complete file.
// Real time on purpose: the writers' pauses on a real disk are what is tested, not a timer of ours.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../main/uploads/index';
import { scratch } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import { startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';
import { startSlowWriter } from '../uploads/slow-writer';
import { signedInDesktop } from './signed-in-desktop';

let sandbox: Fixture;
let files: Scratch;
beforeAll(async () => {
  sandbox = await startFixture({ processingMs: 150 });
  files = await scratch();
});
afterAll(async () => {
  await sandbox?.close();
  await files?.cleanup();
});

async function noisy(file: string, seed: number, format: 'png' | 'jpeg'): Promise<string> {
  const image = sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: { r: seed, g: 60, b: 200 },
      noise: { type: 'gaussian', mean: 110, sigma: 40 },
    },
  });
  await (format === 'png' ? image.png() : image.jpeg({ quality: 92 })).toFile(file);
  return file;
}

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

describe('desktop watched folders with slow writers', () => {
  it(
    'uploads files written slowly before and during the watch exactly once, complete',
    { timeout: 120_000 },
    async () => {
      const folder = files.file('exports');
      const staging = files.file('exports-staging');
      await mkdir(folder, { recursive: true });
      await mkdir(staging, { recursive: true });
      const before = [
        await noisy(path.join(staging, 'Early.png'), 10, 'png'),
        await noisy(path.join(staging, 'Early.jpg'), 11, 'jpeg'),
      ];
      const during = [await noisy(path.join(staging, 'Late.png'), 12, 'png')];
      const desktop = await signedInDesktop({
        dataDir: files.file('slow-data'),
        sandbox,
        username: 'ada',
        watchStableMs: 400,
      });
      try {
        const first = startSlowWriter(
          before.map((from) => ({ from, to: path.join(folder, path.basename(from)), chunks: 10, overMs: 3_000 })),
        );
        await first.started;
        await desktop.watch.add(folder);
        const second = startSlowWriter(
          during.map((from) => ({
            from,
            to: path.join(folder, path.basename(from)),
            chunks: 10,
            overMs: 2_000,
            pauseAfter: 4,
            pauseMs: 1_200,
          })),
        );
        await Promise.all([first.done, second.done]);
        const deadline = Date.now() + 60_000;
        while (
          desktop.watch.list()[0]!.counts.uploaded + desktop.watch.list()[0]!.counts.failed < 3 &&
          Date.now() < deadline
        )
          await new Promise((r) => setTimeout(r, 100));
        await new Promise((r) => setTimeout(r, 1_000));
        expect(desktop.watch.list()[0]!.counts).toEqual({ seen: 3, uploaded: 3, skipped: 0, failed: 0 });
        const jobs = desktop.uploads.view().jobs;
        expect(jobs.map((j) => [j.title, j.state]).sort()).toEqual([
          ['Early', 'published'],
          ['Early', 'published'],
          ['Late', 'published'],
        ]);
        // Each job was made from the whole file: the journal of the account's queue says which bytes.
        const uploads = files.file('slow-data/uploads');
        const [service] = await readdir(uploads);
        const [account] = await readdir(path.join(uploads, service!));
        const { jobs: journal } = Journal.read(path.join(uploads, service!, account!));
        const sources = [...before, ...during];
        expect(journal.map((j) => [path.basename(j.sourcePath), j.contentHash]).sort()).toEqual(
          (await Promise.all(sources.map(async (s) => [path.basename(s), await sha256(s)]))).sort(),
        );
      } finally {
        await desktop.close();
      }
    },
  );
});

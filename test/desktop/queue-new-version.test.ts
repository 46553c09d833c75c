// A file changed on disk while its job waits in the desktop's queue: the job sends the version
// queued, its Queue row says the file changed, and "Queue the new version" makes the file as it is
// now a job of its own.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { writeImage } from '../../bench/lib/uploads-sandbox';
import type { Scratch } from '../images/fixtures';
import type { Fixture } from '../service/sandbox-fixture';
import { signedInDesktop, useSandboxAndScratch } from './signed-in-desktop';

let sandbox: Fixture;
let files: Scratch;
useSandboxAndScratch((started, scratchFiles) => {
  sandbox = started;
  files = scratchFiles;
});

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

describe('a queued file changed on disk, in the desktop', () => {
  it('sends the version queued, says so, and queues the new version when asked', { timeout: 120_000 }, async () => {
    const file = files.file('poster.png');
    await writeImage(file, 31);
    const queued = await sha256(file);
    const desktop = await signedInDesktop({ dataDir: files.file('new-version-data'), sandbox, username: 'ada' });
    try {
      const { uploads } = desktop;
      uploads.pauseAll();
      const enqueued = await uploads.enqueue([
        { draftId: 'd1', sourcePath: file, metadata: { title: 'Poster' }, prepare: {} },
      ]);
      expect(enqueued.ok).toBe(true);
      await writeImage(file, 77);
      const changed = await sha256(file);
      uploads.resumeAll();
      const final = async (count: number) => {
        for (let i = 0; i < 300; i++) {
          const jobs = uploads.view().jobs;
          if (jobs.length === count && jobs.every((j) => j.state === 'published')) return jobs;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`jobs: ${JSON.stringify(uploads.view().jobs)}`);
      };
      const [first] = await final(1);
      expect(first).toMatchObject({ state: 'published', sourceChanged: true });
      expect(uploads.queue()!.get(first!.id)!.contentHash).toBe(queued);

      const answered = await uploads.queueNewVersion(first!.id);
      expect(answered.ok).toBe(true);
      const jobs = await final(2);
      const second = jobs.find((j) => j.id !== first!.id)!;
      expect(second.sourceChanged).toBe(false);
      expect(uploads.queue()!.get(second.id)!.contentHash).toBe(changed);
    } finally {
      await desktop.close();
    }
  });
});

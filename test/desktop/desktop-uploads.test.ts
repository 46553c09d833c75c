// The desktop's uploads in plain Node against a real sandbox: the signed-in account's queue opens
// with the session, drafts become jobs that reach published and scheduled, the batch reports its
// progress and its end, the rate-limit budget is reported, each account keeps its own journal, and
// watched folders feed the queue of whoever is signed in.
import { copyFile, mkdir, readFile, rename, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountManager } from '../../main/auth/account-manager';
import { fileModeSecretBox, ownerOnlyFile } from '../../main/auth/file-persistence';
import { TokenStore } from '../../main/auth/token-store';
import { openDesktop } from '../../main/desktop/desktop';
import type { Desktop } from '../../main/desktop/desktop';
import type { BatchSummary } from '../../main/desktop/batch-tracker';
import type { QueueView, RateLimitView, WatchFolderView } from '../../common/contract/index';
import { TestBrowser } from '../auth/browser';
import { failure, value } from '../app/handler-results';
import { photo } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import type { Fixture } from '../service/sandbox-fixture';
import { useSandboxAndScratch } from './signed-in-desktop';

let sandbox: Fixture;
let files: Scratch;
useSandboxAndScratch((started, scratchFiles) => {
  sandbox = started;
  files = scratchFiles;
});

async function open(dataDir: string): Promise<{ desktop: Desktop; opened: string[] }> {
  const opened: string[] = [];
  const accounts = new AccountManager({
    store: new TokenStore(fileModeSecretBox, ownerOnlyFile(path.join(dataDir, 'accounts.json'))),
    openExternal: async (url) => void opened.push(url),
    sandbox: async () => sandbox.sandbox,
  });
  const desktop = await openDesktop({
    dataDir,
    accounts,
    prepareDefaults: () => ({ size: 'auto', fit: 'cover' }),
    queueOptions: { expectedProcessingMs: 200, busyCheckGapMs: 200 },
    watchStableMs: 100,
  });
  return { desktop, opened };
}

async function signIn(h: { desktop: Desktop; opened: string[] }, username: string): Promise<void> {
  const signing = h.desktop.session.signIn({ service: 'sandbox' });
  for (let i = 0; i < 200 && h.opened.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  await h.desktop.session.handleDeepLink(
    await new TestBrowser().authorize(h.opened.shift()!, { username, password: 'sandbox', decision: 'allow' }),
  );
  expect((await signing).ok).toBe(true);
  for (let i = 0; i < 200 && !h.desktop.uploads.view().available; i++) await new Promise((r) => setTimeout(r, 10));
}

async function until<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last: ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('desktop uploads', () => {
  it('sends drafts through the signed-in account’s queue to published and scheduled, with batch progress, summary and budget', async () => {
    const dataDir = files.file('ada-data');
    const h = await open(dataDir);
    const { desktop } = h;
    expect(desktop.uploads.view()).toEqual({
      revision: expect.any(Number),
      available: false,
      jobs: [],
      paused: false,
      rateLimit: null,
      dailyCap: null,
      diskFault: null,
    });
    expect(failure(await desktop.uploads.enqueue([]))).toMatchObject({
      code: 'signed-out',
      message: expect.stringMatching(/Sign in to upload/),
    });
    await signIn(h, 'ada');

    const progress: number[] = [];
    const summaries: BatchSummary[] = [];
    const budgets: RateLimitView[] = [];
    const views: QueueView[] = [];
    desktop.uploads.on('batchProgress', (value) => progress.push(value));
    desktop.uploads.on('batchDone', (summary) => summaries.push(summary));
    desktop.uploads.on('rateLimit', (budget) => budgets.push(budget));
    desktop.uploads.on('queue', (view) => views.push(view));

    const a = files.file('now.png');
    const b = files.file('later.jpg');
    await photo(900, 700).png().toFile(a);
    await photo(500, 400).jpeg().toFile(b);
    const added = await desktop.drafts.add([a, b]);
    const [draftA, draftB] = added.drafts;
    const start = new Date(Date.now() + 3 * 3600_000).toISOString();
    const results = value(
      await desktop.uploads.enqueue(
        [
          {
            draftId: draftA!.id,
            sourcePath: draftA!.path,
            metadata: { title: ' Now ', tags: ['one'], teamId: 4 },
            prepare: {},
          },
          { draftId: draftB!.id, sourcePath: draftB!.path, metadata: { title: 'Later' }, prepare: { size: '400x300' } },
        ],
        { start, everyHours: 0 },
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['added', 'added']);

    const done = await until(
      () => desktop.uploads.view(),
      (view) => view.jobs.every((job) => job.state === 'scheduled' || job.state === 'published'),
    );
    expect(done.jobs.map((job) => [job.title, job.state, job.origin])).toEqual([
      ['Now', 'scheduled', 'app'],
      ['Later', 'scheduled', 'app'],
    ]);
    expect(Date.parse(done.jobs[0]!.scheduledFor!)).toBe(Math.floor(Date.parse(start) / 1000) * 1000);
    await until(
      () => summaries,
      (list) => list.length > 0,
    );
    expect(summaries).toEqual([{ total: 2, published: 0, scheduled: 2, failed: 0, cancelled: 0 }]);
    expect(progress.at(-1)).toBe(-1);
    expect(progress.some((value) => value > 0 && value < 1)).toBe(true);
    expect(budgets.at(-1)).toMatchObject({ limit: 60, remaining: expect.any(Number) });
    expect(views.length).toBeGreaterThan(0);

    // The web address of a job's shot comes from the service.
    const address = value(await desktop.uploads.shotAddress(done.jobs[0]!.id));
    expect(address).toMatch(new RegExp(`^${sandbox.sandbox.url}/`));
    // A job that is on the service cannot be cancelled; a finished one can be removed.
    expect(failure(desktop.uploads.cancel(done.jobs[0]!.id))).toMatchObject({
      code: 'refused',
      message: expect.stringMatching(/already has this shot/),
    });
    expect(value(desktop.uploads.remove(done.jobs[1]!.id)).jobs).toHaveLength(1);

    // Pausing holds new jobs back until resumed.
    expect(value(desktop.uploads.pauseAll()).paused).toBe(true);
    const c = files.file('paused.png');
    await photo(800, 600, '#335577').png().toFile(c);
    const [draftC] = (await desktop.drafts.add([c])).drafts;
    await desktop.uploads.enqueue([{ draftId: draftC!.id, sourcePath: c, metadata: { title: 'Held' }, prepare: {} }]);
    await new Promise((r) => setTimeout(r, 400));
    expect(desktop.uploads.view().jobs.find((job) => job.title === 'Held')?.state).toBe('queued');
    desktop.uploads.resumeAll();
    await until(
      () => desktop.uploads.view().jobs.find((job) => job.title === 'Held')?.state,
      (state) => state === 'published',
    );
    await desktop.close();
  });

  it('keeps one queue per account: signing out closes it, signing back in finds the jobs again', async () => {
    const dataDir = files.file('switch-data');
    const h = await open(dataDir);
    await signIn(h, 'ben');
    const file = files.file('ben.png');
    await photo(800, 600, '#aa3355').png().toFile(file);
    const [draft] = (await h.desktop.drafts.add([file])).drafts;
    await h.desktop.uploads.enqueue([
      { draftId: draft!.id, sourcePath: file, metadata: { title: 'Ben’s' }, prepare: {} },
    ]);
    await until(
      () => h.desktop.uploads.view().jobs[0]?.state,
      (state) => state === 'published',
    );

    await h.desktop.session.signOut();
    await until(
      () => h.desktop.uploads.view().available,
      (available) => !available,
    );
    await signIn(h, 'cleo');
    expect(h.desktop.uploads.view().jobs).toEqual([]);
    await h.desktop.session.signOut();
    await signIn(h, 'ben');
    expect(h.desktop.uploads.view().jobs.map((job) => job.title)).toEqual(['Ben’s']);
    // The same content again is not uploaded twice.
    const [again] = (await h.desktop.drafts.add([await copyTo(file, 'ben-again.png')])).drafts;
    const [result] = value(
      await h.desktop.uploads.enqueue([
        { draftId: again!.id, sourcePath: again!.path, metadata: { title: 'Again' }, prepare: {} },
      ]),
    );
    expect(result!.status).toBe('skipped');
    expect(result!.message).toMatch(/already uploaded as shot \d+/);
    const first = h.desktop.uploads.view().jobs[0]!;
    expect(result!.shotId).toBe(first.shotId);
    // "Upload anyway" sends it again as a new job.
    const [forced] = value(
      await h.desktop.uploads.enqueue([
        { draftId: again!.id, sourcePath: again!.path, metadata: { title: 'Again' }, prepare: {}, force: true },
      ]),
    );
    expect(forced).toMatchObject({ status: 'added', shotId: null });
    // A copy of content that is still on its way: named as such, not merged silently.
    const fresh = files.file('ben-fresh.png');
    await photo(800, 600, '#33aa55').png().toFile(fresh);
    const twin = await copyTo(fresh, 'ben-fresh-copy.png');
    const drafts = (await h.desktop.drafts.add([fresh, twin])).drafts;
    const [, copy] = value(
      await h.desktop.uploads.enqueue(
        drafts.map((draft) => ({
          draftId: draft.id,
          sourcePath: draft.path,
          metadata: { title: draft.name },
          prepare: {},
        })),
      ),
    );
    expect(copy).toMatchObject({
      status: 'existing',
      message: 'ben-fresh-copy.png has the same image as ben-fresh.png, already in the queue; it is uploaded once.',
    });
    await h.desktop.close();
  });

  it('watches folders into the signed-in account’s queue with their defaults, keeps them across runs, and sends a skipped file on request', async () => {
    const dataDir = files.file('watch-data');
    const folder = files.file('watched');
    await mkdir(folder, { recursive: true });
    const h = await open(dataDir);
    const folders: WatchFolderView[][] = [];
    h.desktop.watch.on('changed', (list) => folders.push(list));

    // Signed out: the folder waits.
    await expect(h.desktop.watch.add(files.file('nope'))).rejects.toThrow(/not a folder/);
    const [added] = await h.desktop.watch.add(folder, { tags: ['auto'], teamId: 4 }, { fit: 'contain' });
    expect(added).toMatchObject({
      status: 'signed-out',
      enabled: true,
      defaults: { tags: ['auto'], teamId: 4 },
      prepare: { fit: 'contain' },
    });
    expect(h.desktop.watch.watching).toBe(false);
    await expect(h.desktop.watch.add(folder)).rejects.toThrow(/already watched/);

    await signIn(h, 'ada');
    await until(
      () => h.desktop.watch.list()[0]!.status,
      (status) => status === 'watching',
    );
    expect(h.desktop.watch.watching).toBe(true);
    const partial = path.join(folder, 'Poster.png.part');
    await photo(1000, 750, '#228844').png().toFile(partial);
    await rename(partial, path.join(folder, 'Poster.png'));
    await until(
      () => h.desktop.watch.list()[0]!.counts,
      (counts) => counts.uploaded === 1,
    );
    const job = h.desktop.uploads.view().jobs.find((j) => j.title === 'Poster')!;
    expect(job).toMatchObject({ origin: 'watch', folder, state: 'published' });

    await copyFile(path.join(folder, 'Poster.png'), path.join(folder, 'Poster copy.png'));
    const skipped = await until(
      () => h.desktop.watch.list()[0]!,
      (view) => view.counts.skipped === 1,
    );
    expect(skipped.skipped[0]).toMatchObject({
      name: 'Poster copy.png',
      // In the desktop's words: no shot number, no command-line flag.
      message: 'Poster copy.png is already on the service, uploaded from Poster.png.',
    });
    await expect(h.desktop.watch.force(skipped.id, files.file('elsewhere.png'))).rejects.toThrow(/is not in watched/);
    await h.desktop.watch.force(skipped.id, skipped.skipped[0]!.file);
    const forced = await until(
      () => h.desktop.watch.list()[0]!,
      (view) => view.counts.uploaded === 2,
    );
    expect(forced.skipped).toEqual([]);
    expect(h.desktop.uploads.view().jobs.filter((j) => j.title === 'Poster copy')).toHaveLength(1);
    expect(folders.length).toBeGreaterThan(0);
    // A link planted in the folder: force checks where it really points, not the link's folder.
    const elsewhere = files.file('private.png');
    await photo(800, 600, '#884422').png().toFile(elsewhere);
    await symlink(elsewhere, path.join(folder, 'Planted.png'));
    await expect(h.desktop.watch.force(skipped.id, path.join(folder, 'Planted.png'))).rejects.toThrow(
      /is not a plain file in watched/,
    );

    // Off, then kept across runs.
    const [off] = await h.desktop.watch.update(skipped.id, { enabled: false });
    expect(off).toMatchObject({ status: 'off', enabled: false });
    expect(h.desktop.watch.watching).toBe(false);
    await h.desktop.close();
    expect(JSON.parse(await readFile(path.join(dataDir, 'watched-folders.json'), 'utf8'))).toEqual([
      {
        id: skipped.id,
        path: folder,
        enabled: false,
        defaults: { tags: ['auto'], teamId: 4 },
        prepare: { fit: 'contain' },
        moveUploaded: false,
      },
    ]);

    const again = await open(dataDir);
    expect(again.desktop.watch.list()).toMatchObject([{ id: skipped.id, status: 'off' }]);
    expect(await again.desktop.watch.remove(skipped.id)).toEqual([]);
    await again.desktop.close();
  });
});

async function copyTo(file: string, name: string): Promise<string> {
  const target = path.join(path.dirname(file), name);
  await copyFile(file, target);
  return target;
}

// Watched folders with real files on disk: written slowly, renamed from .part, temporary names,
// duplicates, sidecars, the uploaded/ folder, and 200 files copied in at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/index';
import type { Sandbox } from '../../sandbox/index';
import { WatchedFolder } from '../../main/uploads/index';
import type { UploadQueue, WatchEvent } from '../../main/uploads/index';
import { listAllShots, makeImages, sandboxToken, writeImage } from '../../bench/lib/uploads-sandbox';
import { realQueue } from './real-queue';
import { slidingSquare } from '../images/lottie-fixtures';

let root: string;
let sandbox: Sandbox;
let token: string;
const open: { queue?: UploadQueue; folders: WatchedFolder[] }[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-watch-'));
  sandbox = await startSandbox({ port: 0, processingMs: 200, rateLimit: 1000, rateWindowS: 5 });
  token = await sandboxToken(sandbox.url);
});

afterAll(async () => {
  for (const { queue, folders } of open) {
    for (const folder of folders) await folder.stop().catch(() => undefined);
    await queue?.close();
  }
  await sandbox?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, what: string | (() => string), timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(100);
  }
}

async function shotTitles(prefix: string): Promise<string[]> {
  const reader = await sandboxToken(sandbox.url, 'ada', 'web-demo');
  return (await listAllShots(sandbox.url, reader)).map((s) => s.title).filter((t) => t.startsWith(prefix));
}

describe('watched folders', () => {
  it(
    'takes finished images once, ignores partial and temporary files, skips known content',
    { timeout: 120_000 },
    async () => {
      const folder = path.join(root, 'inbox');
      const staging = path.join(root, 'staging');
      fs.mkdirSync(folder, { recursive: true });
      const [present] = await makeImages(folder, 1, 'w-present');
      const sources = await makeImages(staging, 4, 'w-src', 100);
      const presentBytes = path.join(staging, 'present-bytes.png');
      fs.copyFileSync(present!, presentBytes);

      const queue = realQueue(sandbox.url, token, path.join(root, 'data-1'));
      const watched = new WatchedFolder(queue, {
        folder,
        moveUploaded: true,
        stableMs: 400,
        defaults: { tags: ['watched'] },
      });
      open.push({ queue, folders: [watched] });
      const events: WatchEvent[] = [];
      watched.on('event', (e) => events.push(e));
      await watched.start();

      // Written slowly: a third, a pause longer than a poll, the rest. Must be taken once, whole.
      const bytes = fs.readFileSync(sources[0]!);
      const slow = path.join(folder, 'w-slow.png');
      const handle = fs.openSync(slow, 'w');
      for (let i = 0; i < 3; i++) {
        fs.writeSync(
          handle,
          bytes.subarray(Math.floor((i * bytes.length) / 3), Math.floor(((i + 1) * bytes.length) / 3)),
        );
        fs.fsyncSync(handle);
        await sleep(250);
      }
      fs.closeSync(handle);

      // A download: written under .part, renamed when finished.
      fs.copyFileSync(sources[1]!, path.join(folder, 'w-download.png.part'));
      await sleep(300);
      fs.renameSync(path.join(folder, 'w-download.png.part'), path.join(folder, 'w-download.png'));

      // Never taken: temporary names, hidden files, a non-image, an Office lock file.
      for (const name of ['.w-hidden.png', '~$w-lock.png', 'w-tmp.png.tmp', 'w-chrome.png.crdownload', 'w-notes.txt'])
        fs.copyFileSync(sources[2]!, path.join(folder, name));

      // A sidecar gives the title and tags.
      fs.writeFileSync(
        path.join(folder, 'w-side.json'),
        JSON.stringify({ title: 'w-sidecar title', tags: ['from-sidecar'] }),
      );
      fs.copyFileSync(sources[3]!, path.join(folder, 'w-side.png'));
      // A Lottie's `.json` is told from the sidecar by its content: taken, and sent as an animated GIF.
      fs.writeFileSync(
        path.join(folder, 'w-motion.json'),
        JSON.stringify(slidingSquare({ width: 400, height: 300, fps: 20, frames: 10 })),
      );

      // The same bytes as the file present at start, under another name: skipped.
      await sleep(500);
      fs.copyFileSync(presentBytes, path.join(folder, 'w-present-copy.png'));

      await until(
        () => watched.getCounts().uploaded === 5 && watched.getCounts().skipped === 2,
        () =>
          `five uploads and two skips: ${JSON.stringify(watched.getCounts())} ${JSON.stringify(events.filter((e) => e.type !== 'counts'))} ${JSON.stringify(queue.list().map((j) => [j.metadata.title, j.state, j.failure]))}`,
        30_000,
      );
      await watched.settled();
      await queue.whenIdle();
      const counts = watched.getCounts();
      // The known content and the file that is not an image are each named with why.
      expect(counts).toEqual({ seen: 7, uploaded: 5, skipped: 2, failed: 0 });
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'skipped',
          file: path.join(folder, 'w-notes.txt'),
          message: expect.stringContaining('w-notes.txt is not an image Shotput can read') as unknown,
        }),
      );
      const titles = (await shotTitles('w-')).sort();
      expect(titles).toEqual(['w-download', 'w-motion', 'w-present-000', 'w-sidecar title', 'w-slow']);
      const sidecarJob = queue.list().find((j) => j.metadata.title === 'w-sidecar title');
      expect(sidecarJob?.metadata.tags).toEqual(['watched', 'from-sidecar']);
      expect(events.some((e) => e.type === 'skipped' && e.file.endsWith('w-present-copy.png'))).toBe(true);

      // Published files moved to uploaded/ with their sidecar; the rest stay.
      await until(() => fs.existsSync(path.join(folder, 'uploaded', 'w-side.json')), 'the sidecar to move');
      expect(fs.readdirSync(path.join(folder, 'uploaded')).sort()).toEqual([
        'w-download.png',
        'w-motion.json',
        'w-present-000.png',
        'w-side.json',
        'w-side.png',
        'w-slow.png',
      ]);
      expect(fs.existsSync(path.join(folder, 'w-present-copy.png'))).toBe(true);
      await watched.stop();

      // Watching again: nothing new is uploaded; with force the skipped copy goes up.
      const again = new WatchedFolder(queue, { folder, stableMs: 200 });
      open.push({ folders: [again] });
      await again.start();
      await again.settled();
      // w-notes.txt is named again by each watch, as the copy already uploaded is.
      expect(again.getCounts()).toEqual({ seen: 2, uploaded: 0, skipped: 2, failed: 0 });
      await again.stop();
      const forced = new WatchedFolder(queue, { folder, stableMs: 200, force: true });
      open.push({ folders: [forced] });
      await forced.start();
      await forced.settled();
      await queue.whenIdle();
      expect(forced.getCounts()).toEqual({ seen: 2, uploaded: 1, skipped: 1, failed: 0 });
      await forced.stop();
    },
  );

  it(
    "follows an editor's atomic save: same bytes change nothing, new bytes are uploaded once",
    { timeout: 120_000 },
    async () => {
      const folder = path.join(root, 'atomic');
      const staging = path.join(root, 'atomic-staging');
      const [original] = await makeImages(folder, 1, 'atomic', 300);
      const [edited] = await makeImages(staging, 1, 'edited', 400);
      const queue = realQueue(sandbox.url, token, path.join(root, 'data-atomic'));
      const watched = new WatchedFolder(queue, { folder, stableMs: 300 });
      open.push({ queue, folders: [watched] });
      await watched.start();
      await until(() => watched.getCounts().uploaded === 1, 'the first upload');

      // An editor saves by writing a temporary file and renaming it over the original.
      const atomicSave = async (from: string) => {
        const temp = path.join(folder, `.${path.basename(original!)}.tmp`);
        fs.copyFileSync(from, temp);
        fs.renameSync(temp, original!);
        await sleep(1_500);
        await watched.settled();
        await queue.whenIdle();
      };
      await atomicSave(path.join(folder, path.basename(original!)));
      expect(watched.getCounts()).toEqual({ seen: 1, uploaded: 1, skipped: 0, failed: 0 });
      await atomicSave(edited!);
      await until(() => watched.getCounts().uploaded === 2, 'the edited upload');
      await sleep(1_000);
      expect(watched.getCounts()).toEqual({ seen: 2, uploaded: 2, skipped: 0, failed: 0 });
      expect(await shotTitles('atomic-')).toEqual(['atomic-000', 'atomic-000']);
    },
  );

  it('with force, a file touched again with the same bytes is not uploaded twice', { timeout: 60_000 }, async () => {
    const folder = path.join(root, 'forced-touch');
    const [file] = await makeImages(folder, 1, 'touched', 500);
    const queue = realQueue(sandbox.url, token, path.join(root, 'data-touch'));
    const watched = new WatchedFolder(queue, { folder, stableMs: 200, force: true });
    open.push({ queue, folders: [watched] });
    await watched.start();
    await until(() => watched.getCounts().uploaded === 1, 'the first upload');
    // A sync client or a viewer touches the file: a change event, the same content.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file!, later, later);
    await sleep(1_500);
    await watched.settled();
    await queue.whenIdle();
    expect(queue.list()).toHaveLength(1);
    expect(watched.getCounts()).toEqual({ seen: 1, uploaded: 1, skipped: 0, failed: 0 });
  });

  it('loses none of 200 files copied in at once', { timeout: 180_000 }, async () => {
    const folder = path.join(root, 'bulk');
    fs.mkdirSync(folder, { recursive: true });
    const staging = path.join(root, 'bulk-staging');
    fs.mkdirSync(staging, { recursive: true });
    const names: string[] = [];
    for (let i = 0; i < 200; i++) {
      const name = `bulk-${String(i).padStart(3, '0')}.png`;
      await writeImage(path.join(staging, name), 1000 + i);
      names.push(name);
    }
    const queue = realQueue(sandbox.url, token, path.join(root, 'data-2'), {
      prepareConcurrency: 2,
      uploadConcurrency: 4,
    });
    const watched = new WatchedFolder(queue, { folder, stableMs: 300 });
    open.push({ queue, folders: [watched] });
    await watched.start();
    await Promise.all(names.map((name) => fs.promises.copyFile(path.join(staging, name), path.join(folder, name))));

    await until(() => watched.getCounts().uploaded + watched.getCounts().failed >= 200, 'all 200 to finish', 150_000);
    expect(watched.getCounts()).toEqual({ seen: 200, uploaded: 200, skipped: 0, failed: 0 });
    const titles = await shotTitles('bulk-');
    expect(titles.sort()).toEqual(names.map((n) => n.replace('.png', '')).sort());
  });
});

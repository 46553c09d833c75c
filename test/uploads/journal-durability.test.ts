// The queue against the sandbox, watched at the file: no fsync runs on the event loop, yet every
// POST leaves only once its attempt note is inside what an fsync has finished covering; and an
// fsync the disk refuses pauses the queue as a refused write does, sending nothing it could not note.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../sandbox/index';
import type { Sandbox } from '../../sandbox/index';
import { RateLimitGovernor } from '../../main/service/rate-limit-governor';
import { ServiceClient } from '../../main/service/service-client';
import { Journal, UploadQueue, imagePreparer, serviceAdapter } from '../../main/uploads/index';
import { JOURNAL_FILE } from '../../main/uploads/journal';
import type { JobEvent, UploadQueue as Queue } from '../../main/uploads/index';
import { listAllShots, makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';

let root: string;
let sandbox: Sandbox;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-durable-'));
  sandbox = await startSandbox({ port: 0, processingMs: 100, rateLimit: 1_000, rateWindowS: 5 });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await sandbox?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function openQueue(data: string, beforePost?: (title: string) => void): Promise<Queue> {
  const client = new ServiceClient({
    apiUrl: sandbox.url,
    accessToken: await sandboxToken(sandbox.url),
    governor: new RateLimitGovernor(),
  });
  const port = serviceAdapter(client);
  const createShot: typeof port.createShot = (request, progress) => {
    beforePost?.(request.title);
    return port.createShot(request, progress);
  };
  return UploadQueue.open({
    dataDir: data,
    service: { ...port, createShot },
    preparer: imagePreparer,
    expectedProcessingMs: 100,
    busyCheckGapMs: 300,
  });
}

async function titles(prefix: string): Promise<string[]> {
  const reader = await sandboxToken(sandbox.url, 'ada', 'web-demo');
  return (await listAllShots(sandbox.url, reader))
    .map((s) => s.title)
    .filter((t) => t.startsWith(prefix))
    .sort();
}

describe('the journal under the real queue', () => {
  it(
    'notes each attempt on the disk before its POST, with no fsync on the event loop',
    { timeout: 60_000 },
    async () => {
      const data = path.join(root, 'order');
      const file = path.join(data, JOURNAL_FILE);
      const files = await makeImages(path.join(root, 'order-images'), 12, 'order', 400);
      // How much of the journal file an fsync has finished covering: its size when the fsync began.
      let durableBytes = 0;
      const realSync = fs.fsync;
      const syncNow = vi.spyOn(fs, 'fsyncSync');
      const syncLater = vi.spyOn(fs, 'fsync').mockImplementation(((fd: number, done: (e: Error | null) => void) => {
        const size = fs.fstatSync(fd).size;
        const journal = fs.statSync(file, { throwIfNoEntry: false });
        const isJournal = journal !== undefined && fs.fstatSync(fd).ino === journal.ino;
        realSync(fd, (error) => {
          if (!error && isJournal) durableBytes = Math.max(durableBytes, size);
          done(error);
        });
      }) as typeof fs.fsync);
      const unnoted: string[] = [];
      let posts = 0;
      const queue = await openQueue(data, (title) => {
        posts++;
        const onDisk = fs.readFileSync(file, 'utf8').slice(0, durableBytes).split('\n');
        const noted = onDisk.some(
          (line) => line.includes('"state":"uploading"') && line.includes(`"title":"${title}"`),
        );
        if (!noted) unnoted.push(title);
      });
      try {
        await queue.add(files.map((f, i) => ({ sourcePath: f, metadata: { title: `order ${i}` } })));
        await queue.whenIdle();
        expect(queue.list().map((j) => j.state)).toEqual(files.map(() => 'published'));
        await queue.close();
      } finally {
        syncNow.mockRestore();
        syncLater.mockRestore();
      }
      expect(posts).toBe(12);
      expect(unnoted).toEqual([]);
      expect(syncNow).not.toHaveBeenCalled();
      expect(await titles('order ')).toHaveLength(12);
    },
  );

  it(
    'a refused fsync pauses the queue with the disk sentence, sends nothing unnoted, and resume publishes each once',
    { timeout: 60_000 },
    async () => {
      const data = path.join(root, 'eio');
      const files = await makeImages(path.join(root, 'eio-images'), 3, 'fsync', 500);
      const queue = await openQueue(data);
      const events: JobEvent[] = [];
      queue.on('event', (e) => events.push(e));
      // The disk refuses every fsync from the first note of an upload on (writes still go in).
      const realWrite = fs.writeSync;
      const realSync = fs.fsync;
      let failing = false;
      const writes = vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, buffer: Buffer, ...rest: unknown[]) => {
        if (Buffer.isBuffer(buffer) && buffer.toString().includes('"state":"uploading"')) failing = true;
        return (realWrite as (...args: unknown[]) => number)(fd, buffer, ...rest);
      }) as typeof fs.writeSync);
      const syncs = vi.spyOn(fs, 'fsync').mockImplementation(((fd: number, done: (e: Error | null) => void) => {
        if (failing) process.nextTick(() => done(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' })));
        else realSync(fd, done);
      }) as typeof fs.fsync);
      try {
        await queue.add(files.map((f, i) => ({ sourcePath: f, metadata: { title: `fsync ${i}` } })));
        await queue.whenIdle();
        expect(queue.isPaused).toBe(true);
        expect(queue.diskFault).toBe(
          `The disk failed while saving the upload queue in ${data} (input/output error). Check the disk, then resume the uploads.`,
        );
        expect(events.some((e) => e.type === 'queue' && e.diskFault === queue.diskFault)).toBe(true);
        expect(await titles('fsync ')).toEqual([]);
      } finally {
        writes.mockRestore();
        syncs.mockRestore();
      }
      queue.resume();
      await queue.whenIdle();
      expect(queue.list().map((j) => j.state)).toEqual(['published', 'published', 'published']);
      await queue.close();
      expect(Journal.read(data).jobs.map((j) => j.state)).toEqual(['published', 'published', 'published']);
      expect(await titles('fsync ')).toEqual(['fsync 0', 'fsync 1', 'fsync 2']);
    },
  );

  it(
    'a drain returns only once what it finished has been told: each published job announced by then',
    { timeout: 60_000 },
    async () => {
      const data = path.join(root, 'drain');
      const files = await makeImages(path.join(root, 'drain-images'), 2, 'drained', 500);
      const queue = await openQueue(data);
      const published = new Set<string>();
      queue.on('event', (e) => {
        if (e.type === 'job' && e.job.state === 'published') published.add(e.job.id);
      });
      await queue.add(files.map((f, i) => ({ sourcePath: f, metadata: { title: `drained ${i}` } })));
      // Both on their way (a drain finishes what is in flight and starts nothing new).
      const sent = () => queue.list().every((j) => ['uploading', 'processing'].includes(j.state));
      for (let i = 0; i < 1000 && !sent(); i++) await new Promise((r) => setTimeout(r, 5));
      expect(sent()).toBe(true);
      // Slow disk: every fsync takes 300 ms, so a change waits that long to be told after it is made.
      const realSync = fs.fsync;
      const syncs = vi.spyOn(fs, 'fsync').mockImplementation(((fd: number, done: (e: Error | null) => void) => {
        realSync(fd, (error) => setTimeout(() => done(error), 300));
      }) as typeof fs.fsync);
      try {
        expect(await queue.drain(30_000)).toBe(0);
        const finished = queue
          .list()
          .filter((j) => j.state === 'published')
          .map((j) => j.id);
        expect(finished).toHaveLength(2);
        expect([...published].sort()).toEqual(finished.sort());
      } finally {
        syncs.mockRestore();
      }
      await queue.close();
    },
  );
});

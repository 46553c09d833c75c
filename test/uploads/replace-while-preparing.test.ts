// The interleaving the CLI test (upload-replaced-files) met once by chance, made to happen every
// time: a replaced file is queued again while its job waits, and the queue starts preparing the job
// from its old content in the moment between intake deciding the job takes the new content and
// intake writing it (while the new copy is kept on disk). The preparation ends after the job took
// the new content, so its image is not what the job records: the job goes back to be prepared from
// its new content, and the service gets the new pixels under the new hash (before, the old pixels
// went out under the new content's hash).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../sandbox/index';
import type { Sandbox } from '../../sandbox/index';
import { imagePreparer } from '../../main/uploads/index';
import { Snapshots } from '../../main/uploads/snapshot';
import type { ImagePreparer, UploadJob, UploadQueue } from '../../main/uploads/index';
import { listAllShots, makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';
import { realQueue } from './real-queue';

let root: string;
let sandbox: Sandbox;
let queue: UploadQueue | undefined;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-replace-preparing-'));
  sandbox = await startSandbox({ processingMs: 100 });
});

afterAll(async () => {
  await queue?.close();
  await sandbox.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const hashOf = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function settled(target: UploadQueue, id: string): Promise<UploadJob> {
  return new Promise((resolve) => {
    const look = () => {
      const job = target.get(id);
      if (job && ['published', 'failed'].includes(job.state)) {
        target.off('event', look);
        resolve(job);
      }
    };
    target.on('event', look);
    look();
  });
}

describe('a file replaced while its image is being prepared', () => {
  it('is prepared again from the new content, which is what is sent and recorded', async () => {
    // Seed 30 is a dark red, seed 200 a light blue: told apart at any compression.
    const [file] = await makeImages(path.join(root, 'queued'), 1, 'race', 30);
    const [replacement] = await makeImages(path.join(root, 'new'), 1, 'replacement', 200);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    let preparations = 0;
    const preparer: ImagePreparer = {
      async prepare(source, choice) {
        if (preparations++ === 0) {
          started();
          await held;
        }
        return imagePreparer.prepare(source, choice);
      },
    };
    queue = realQueue(sandbox.url, await sandboxToken(sandbox.url), path.join(root, 'data'), { preparer });
    queue.pause();
    const [added] = await queue.add([{ sourcePath: file!, metadata: { title: 'race' } }]);
    const id = added!.status === 'added' ? added!.job.id : '';
    expect(queue.get(id)?.state).toBe('queued');

    // The second add keeps the new copy; while it does, the queue runs and the job starts preparing.
    const keep = Snapshots.prototype.keep;
    const spy = vi.spyOn(Snapshots.prototype, 'keep').mockImplementation(async function (this: Snapshots, ...args) {
      queue!.resume();
      await firstStarted;
      return keep.apply(this, args);
    });
    fs.copyFileSync(replacement!, file!);
    const [again] = await queue.add([{ sourcePath: file!, metadata: { title: 'race' } }]);
    spy.mockRestore();
    expect(again?.status).toBe('existing');
    expect(queue.get(id)?.state).toBe('preparing');
    expect(queue.get(id)?.contentHash).toBe(hashOf(replacement!));
    release();

    const job = await settled(queue, id);
    expect(job.state, job.lastError).toBe('published');
    expect(job.contentHash).toBe(hashOf(replacement!));
    expect(preparations).toBe(2);
    const reader = await sandboxToken(sandbox.url, 'ada', 'web-demo');
    const [shot] = (await listAllShots(sandbox.url, reader)).filter((s) => s.title === 'race') as unknown as {
      images: { hidpi: string | null; normal: string };
    }[];
    const stored = Buffer.from(await (await fetch(shot!.images.hidpi ?? shot!.images.normal)).arrayBuffer());
    const { dominant } = await sharp(stored).stats();
    const { dominant: wanted } = await sharp(replacement!).stats();
    expect(Math.abs(dominant.b - wanted.b), `stored ${JSON.stringify(dominant)}`).toBeLessThan(24);
    expect(Math.abs(dominant.r - wanted.r), `stored ${JSON.stringify(dominant)}`).toBeLessThan(24);
  });
});

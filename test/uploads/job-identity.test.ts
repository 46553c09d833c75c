// How the queue tells the same request again from a new request for the same content, on a real
// queue and sandbox: new flags for a file not sent yet, a copy of a file in flight, a new attempt
// after a failure, and the same request resumed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/index';
import type { Sandbox } from '../../sandbox/index';
import { makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';
import { realQueue } from './real-queue';

let root: string;
let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-identity-'));
  sandbox = await startSandbox({ port: 0, processingMs: 100 });
  token = await sandboxToken(sandbox.url);
});

afterAll(async () => {
  await sandbox?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('job identity', () => {
  it('resumes the same request, updates one not sent yet, refers a copy to the job in flight, and tries again with new flags after a failure', async () => {
    const [file] = await makeImages(path.join(root, 'in'), 1, 'ident', 70);
    const queue = realQueue(sandbox.url, token, path.join(root, 'data'));
    try {
      queue.pause();
      const [first] = await queue.add([{ sourcePath: file!, metadata: { title: 'first', tags: ['a'] } }]);
      expect(first).toMatchObject({ status: 'added' });
      const id = first!.status === 'added' ? first!.job.id : '';

      const [same] = await queue.add([{ sourcePath: file!, metadata: { title: 'first', tags: ['a'] } }]);
      expect(same).toMatchObject({ status: 'existing', job: { id, metadata: { title: 'first', tags: ['a'] } } });
      expect(same).not.toHaveProperty('duplicateOf', true);

      // New flags before the upload started: the job takes them, tags left out are cleared.
      const [renamed] = await queue.add([{ sourcePath: file!, metadata: { title: 'second' } }]);
      expect(renamed).toMatchObject({ status: 'existing', job: { id, metadata: { title: 'second' } } });
      expect(queue.get(id)!.metadata.tags).toBeUndefined();

      const copy = path.join(root, 'in', 'ident-copy.png');
      fs.copyFileSync(file!, copy);
      const [duplicate] = await queue.add([{ sourcePath: copy, metadata: { title: 'ident-copy' } }]);
      expect(duplicate).toMatchObject({ status: 'existing', duplicateOf: true, job: { id } });
      expect(queue.list()).toHaveLength(1);

      // A refusal, then the same file with a fixed request: a new attempt, which is published.
      expect(queue.cancel(id).ok).toBe(true);
      const [refused] = await queue.add([
        { sourcePath: file!, metadata: { title: 'third', tags: Array.from({ length: 13 }, (_, i) => `t${i}`) } },
      ]);
      expect(refused).toMatchObject({ status: 'added', job: { state: 'failed' } });
      const [fixed] = await queue.add([{ sourcePath: file!, metadata: { title: 'third', tags: ['ok'] } }]);
      expect(fixed).toMatchObject({
        status: 'added',
        job: { state: 'queued', metadata: { title: 'third', tags: ['ok'] } },
      });
      queue.resume();
      await queue.whenIdle();
      expect(queue.list().map((j) => [j.metadata.title, j.state])).toEqual([
        ['second', 'cancelled'],
        ['third', 'failed'],
        ['third', 'published'],
      ]);

      // Published now: a copy is known content, not sent again.
      const [after] = await queue.add([{ sourcePath: copy, metadata: { title: 'ident-copy' } }]);
      expect(after).toMatchObject({ status: 'skipped', from: 'ident-000.png', shotId: queue.list()[2]!.shotId });
    } finally {
      await queue.close();
    }
  });
});

// A watched folder that others can write into: links planted there must never publish what they
// point to, and a sidecar that is a link is never read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/index';
import type { Sandbox } from '../../sandbox/index';
import { WatchedFolder } from '../../main/uploads/index';
import type { WatchEvent } from '../../main/uploads/index';
import { listAllShots, makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';
import { realQueue } from './real-queue';

let root: string;
let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-watch-links-'));
  sandbox = await startSandbox({ port: 0, processingMs: 100, rateLimit: 1000 });
  token = await sandboxToken(sandbox.url);
});

afterAll(async () => {
  await sandbox?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

it('refuses linked images and linked sidecars, and still takes the plain files', { timeout: 60_000 }, async () => {
  const folder = path.join(root, 'shared');
  const privateDir = path.join(root, 'private');
  fs.mkdirSync(folder);
  const [secret] = await makeImages(privateDir, 1, 'secret-photo');
  fs.writeFileSync(path.join(privateDir, 'notes.json'), JSON.stringify({ title: 'Private notes title' }));
  fs.symlinkSync(secret!, path.join(folder, 'planted.png'));
  const [plain, other] = await makeImages(folder, 2, 'plain', 200);
  fs.symlinkSync(path.join(privateDir, 'notes.json'), path.join(folder, `${path.parse(plain!).name}.json`));

  const queue = realQueue(sandbox.url, token, path.join(root, 'data'));
  const watched = new WatchedFolder(queue, { folder, stableMs: 200 });
  const events: WatchEvent[] = [];
  watched.on('event', (e) => events.push(e));
  try {
    await watched.start();
    await watched.settled();
    const messages = events.filter((e) => e.type === 'error').map((e) => (e as { message: string }).message);
    expect(messages).toContainEqual(expect.stringMatching(/planted\.png is a link/));
    expect(messages).toContainEqual(expect.stringMatching(/\.json is a link/));
    // The plain file without a sidecar goes up; nothing reached through a link does.
    const end = Date.now() + 30_000;
    while (Date.now() < end && !queue.list().some((j) => j.sourcePath === other && j.state === 'published'))
      await new Promise((r) => setTimeout(r, 100));
    const sources = queue.list().map((j) => j.sourcePath);
    expect(sources).toEqual([other]);
    const titles = (await listAllShots(sandbox.url, token)).map((s) => s.title);
    expect(titles).not.toContain('Private notes title');
  } finally {
    await watched.stop();
    await queue.close();
  }
});

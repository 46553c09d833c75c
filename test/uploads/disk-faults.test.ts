// Faults of the disk are problems, not crashes. On a real full volume (a 1 MB tmpfs, where this
// machine lets the test mount one) and a read-only one, `shotput upload` ends with one sentence
// (what, where, what to do), keeps what it knows, and a run after the disk is fixed publishes each
// file once; the settings file says the same in its own words. An input/output error injected into the journal's writes pauses the queue, sends
// nothing it could not note first, and resume writes everything down again.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../sandbox/index';
import type { Sandbox } from '../../sandbox/index';
import {
  listAllShots,
  makeImages,
  sandboxToken,
  startSandboxProcess,
  stopChild,
} from '../../bench/lib/uploads-sandbox';
import type { SandboxProcess } from '../../bench/lib/uploads-sandbox';
import { Journal } from '../../main/uploads/index';
import { openSettingsFile } from '../../main/settings/settings-file';
import type { JobEvent } from '../../main/uploads/index';
import { runCli } from './cli-process';
import type { CliRun } from './cli-process';
import { realQueue } from './real-queue';

let root: string;
const children: CliRun[] = [];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-disk-'));
});

afterAll(async () => {
  for (const run of children) await stopChild(run.child, 'SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

function tryMount(dir: string, options: string): boolean {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'ignore' });
  } catch {
    // not mounted
  }
}

/** Fills the volume until only `leaveBytes` (about) are free. */
function fill(dir: string, leaveBytes: number): string {
  const filler = path.join(dir, 'filler.bin');
  const free = fs.statfsSync(dir).bavail * fs.statfsSync(dir).bsize;
  fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free - leaveBytes)));
  return filler;
}

const canMount = (() => {
  if (process.platform !== 'linux') return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-mount-probe-'));
  const ok = tryMount(probe, 'size=64k');
  if (ok) unmount(probe);
  fs.rmSync(probe, { recursive: true, force: true });
  return ok;
})();

describe.skipIf(!canMount)('a real full or read-only volume', () => {
  let sandbox: SandboxProcess;
  let globals: (data: string) => string[];
  let reader: string;
  const mounts: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandboxProcess({
      dataDir: path.join(root, 'sandbox'),
      processingMs: 200,
      rateLimit: 1_000,
      rateWindowS: 5,
    });
    const token = await sandboxToken(sandbox.url);
    reader = await sandboxToken(sandbox.url, 'ada', 'web-demo');
    globals = (data) => ['--api', sandbox.url, '--token', token, '--data-dir', data];
  });

  afterAll(async () => {
    for (const dir of mounts) unmount(dir);
    await sandbox?.stop();
  });

  async function upload(data: string, files: string[]): Promise<{ code: number | null; run: CliRun }> {
    const run = runCli(globals(data), ['upload', ...files], { SHOTPUT_EXPECTED_PROCESSING_MS: '200' });
    children.push(run);
    return { code: await run.exited, run };
  }

  async function titles(prefix: string): Promise<string[]> {
    return (await listAllShots(sandbox.url, reader))
      .map((s) => s.title)
      .filter((t) => t.startsWith(prefix))
      .sort();
  }

  it(
    'a full disk: one sentence, nothing lost, and each file published once after space is freed',
    { timeout: 120_000 },
    async () => {
      const volume = path.join(root, 'full');
      expect(tryMount(volume, 'size=1m')).toBe(true);
      mounts.push(volume);
      const data = path.join(volume, 'data');
      const files = await makeImages(path.join(root, 'full-images'), 4, 'full', 100);
      const filler = fill(volume, 12 * 1024);

      const first = await upload(data, files);
      expect(first.code, first.run.stderr()).toBe(1);
      const stderr = first.run.stderr();
      // The account's queue folder in the data folder (uploads/<service>/<user id>).
      expect(stderr).toMatch(
        new RegExp(
          `shotput: The disk is full: the upload queue could not be saved in ${data}/uploads/[^/]+/\\d+\\. Free some space there, then resume the uploads\\.`,
        ),
      );
      expect(stderr).toContain('shotput: nothing known was lost; run the same command again to resume.');
      expect(stderr).not.toMatch(/ENOSPC|at Journal|node:fs/);

      fs.rmSync(filler);
      const again = await upload(data, files);
      expect(again.code, again.run.stderr()).toBe(0);
      expect(again.run.lines.find((l) => l.type === 'summary')).toMatchObject({ published: 4, failed: 0, skipped: 0 });
      expect(await titles('full-')).toEqual(files.map((f) => path.parse(f).name).sort());
    },
  );

  it(
    'a full disk under the settings: one sentence, and the settings in use are kept',
    { timeout: 30_000 },
    async () => {
      const volume = path.join(root, 'settings');
      expect(tryMount(volume, 'size=256k')).toBe(true);
      mounts.push(volume);
      const settings = await openSettingsFile(path.join(volume, 'settings.json'));
      const filler = fill(volume, 0);
      await expect(settings.set({ theme: 'dark' })).rejects.toThrow(
        `The disk is full: the settings could not be saved in ${volume}. Free some space there, then change the setting again.`,
      );
      expect(fs.readdirSync(volume)).toEqual(['filler.bin']);
      fs.rmSync(filler);
      expect(await settings.set({ theme: 'dark' })).toMatchObject({ theme: 'dark' });
    },
  );

  it('a read-only disk: one sentence naming the folder', { timeout: 60_000 }, async () => {
    const volume = path.join(root, 'readonly');
    expect(tryMount(volume, 'size=1m,ro')).toBe(true);
    mounts.push(volume);
    const files = await makeImages(path.join(root, 'ro-images'), 1, 'ro', 200);
    const run = await upload(path.join(volume, 'data'), files);
    expect(run.code).toBe(1);
    // With --json the command's problem is one JSON line on standard error.
    const problem = JSON.parse(run.run.stderr().trim().split('\n').at(-1)!) as { type: string; message: string };
    expect(problem.type).toBe('problem');
    expect(problem.message).toMatch(
      /^\/.* is on a read-only disk: the upload queue could not be saved\. Make that disk writable or choose another data folder, then resume the uploads\.$/,
    );
    expect(run.run.stderr()).not.toMatch(/EROFS| {4}at /);
  });
});

describe('an input/output error on the journal', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, processingMs: 100, rateLimit: 1_000, rateWindowS: 5 });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await sandbox?.close();
  });

  it(
    'pauses the queue with a sentence, sends nothing it could not note, and resume writes everything down',
    { timeout: 60_000 },
    async () => {
      const data = path.join(root, 'eio');
      const files = await makeImages(path.join(root, 'eio-images'), 3, 'eio', 300);
      const queue = realQueue(sandbox.url, await sandboxToken(sandbox.url), data);
      const events: JobEvent[] = [];
      queue.on('event', (e) => events.push(e));
      // The disk fails from the first note of an upload on.
      const realWrite = fs.writeSync;
      let failing = false;
      const spy = vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, buffer: Buffer, ...rest: unknown[]) => {
        if (!failing && Buffer.isBuffer(buffer) && buffer.toString().includes('"state":"uploading"')) failing = true;
        if (failing) throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
        return (realWrite as (...args: unknown[]) => number)(fd, buffer, ...rest);
      }) as typeof fs.writeSync);
      await queue.add(files.map((f, i) => ({ sourcePath: f, metadata: { title: `eio ${i}` } })));
      await queue.whenIdle();
      expect(queue.isPaused).toBe(true);
      expect(queue.diskFault).toBe(
        `The disk failed while saving the upload queue in ${data} (input/output error). Check the disk, then resume the uploads.`,
      );
      expect(events.some((e) => e.type === 'queue' && e.diskFault === queue.diskFault)).toBe(true);
      // Nothing was sent without its note on disk.
      const reader = await sandboxToken(sandbox.url, 'ada', 'web-demo');
      expect((await listAllShots(sandbox.url, reader)).filter((s) => s.title.startsWith('eio '))).toEqual([]);

      spy.mockRestore();
      queue.resume();
      expect(queue.diskFault).toBeUndefined();
      await queue.whenIdle();
      expect(queue.list().map((j) => j.state)).toEqual(['published', 'published', 'published']);
      await queue.close();
      // What the journal holds is what the queue knew.
      expect(Journal.read(data).jobs.map((j) => j.state)).toEqual(['published', 'published', 'published']);
      expect(
        (await listAllShots(sandbox.url, reader))
          .filter((s) => s.title.startsWith('eio '))
          .map((s) => s.title)
          .sort(),
      ).toEqual(['eio 0', 'eio 1', 'eio 2']);
    },
  );
});

// Files replaced while their jobs wait, as designers do: edited while queued, and replaced across a
// Ctrl-C while some were ready and some already on the service. What is queued is what is sent:
// the service holds each file once, with the pixels of the content its job recorded, and content
// never sent is never recorded as uploaded. Each added file is read once (counted with strace).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listAllShots,
  sandboxToken,
  setFaults,
  startSandboxProcess,
  stopChild,
  writeImage,
} from '../../bench/lib/uploads-sandbox';
import type { SandboxProcess } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../uploads/cli-process';
import type { CliRun } from '../uploads/cli-process';

let root: string;
let sandbox: SandboxProcess | undefined;
let token: string;
let reader: string;
const children: CliRun[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-replaced-'));
  // One POST every 2 s: the later files of a batch wait queued or ready long enough to be replaced,
  // even on a loaded machine.
  sandbox = await startSandboxProcess({
    dataDir: path.join(root, 'sandbox'),
    processingMs: 800,
    rateLimit: 1,
    rateWindowS: 2,
  });
  token = await sandboxToken(sandbox.url);
  reader = await sandboxToken(sandbox.url, 'ada', 'web-demo');
});

afterAll(async () => {
  for (const run of children) await stopChild(run.child, 'SIGKILL');
  await sandbox?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

function upload(data: string, files: string[], extra: string[] = []): CliRun {
  const run = runCli(
    ['--api', sandbox!.url, '--token', token, '--data-dir', path.join(root, data)],
    ['upload', ...extra, ...files],
    { SHOTPUT_EXPECTED_PROCESSING_MS: '300' },
  );
  children.push(run);
  return run;
}

const hashOf = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The colour writeImage gives a seed, away from its white stripe. */
function colourOf(seed: number): [number, number, number] {
  return [(seed * 37) % 256, (seed * 91 + 50) % 256, Math.floor(seed / 7) % 256];
}

interface StoredShot {
  id: number;
  title: string;
  images: { hidpi: string | null; normal: string };
}

async function shotsTitled(prefix: string): Promise<StoredShot[]> {
  const shots = (await listAllShots(sandbox!.url, reader)) as unknown as StoredShot[];
  return shots.filter((s) => s.title.startsWith(prefix));
}

/** The pixel near the right edge of the image the service stored (the stripe is at x = seed). */
async function storedColour(shot: StoredShot): Promise<[number, number, number]> {
  const response = await fetch(shot.images.hidpi ?? shot.images.normal);
  const bytes = Buffer.from(await response.arrayBuffer());
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + info.width - 3) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

function expectColour(actual: [number, number, number], seed: number): void {
  const want = colourOf(seed);
  for (let i = 0; i < 3; i++)
    expect(Math.abs(actual[i]! - want[i]!), `${actual} vs seed ${seed}`).toBeLessThanOrEqual(3);
}

/** The last job line of each file in a run. */
function lastJobLines(run: CliRun): Map<string, Record<string, unknown>> {
  const byFile = new Map<string, Record<string, unknown>>();
  for (const line of run.lines) if (line.type === 'job') byFile.set(String(line.file), line);
  return byFile;
}

describe('files replaced while their jobs wait', () => {
  it(
    'a file edited while queued is sent as it was queued, said on its job line, and read once',
    { timeout: 120_000 },
    async () => {
      const dir = path.join(root, 'edited');
      fs.mkdirSync(dir);
      const files = [0, 1, 2, 3].map((i) => path.join(dir, `edited-${i}.png`));
      for (const [i, file] of files.entries()) await writeImage(file, 10 + i);
      const queuedHash = hashOf(files[3]!);
      const trace = path.join(root, 'edited.strace');
      const run = runCli(
        ['--api', sandbox!.url, '--token', token, '--data-dir', path.join(root, 'edited-data')],
        ['upload', ...files],
        { SHOTPUT_EXPECTED_PROCESSING_MS: '300' },
        ['strace', '-f', '-qq', '-e', 'trace=open,openat,openat2', '-o', trace],
      );
      children.push(run);
      await run.waitForLine((l) => l.type === 'job' && l.file === files[0] && l.state === 'uploading');
      await writeImage(files[3]!, 90);
      expect(await run.exited, run.stderr()).toBe(0);

      const last = lastJobLines(run).get(files[3]!)!;
      expect(last).toMatchObject({ state: 'published', content_hash: queuedHash, source_changed: true });
      for (const file of files.slice(0, 3)) expect(lastJobLines(run).get(file)).not.toHaveProperty('source_changed');
      const shots = await shotsTitled('edited-');
      expect(shots.map((s) => s.title).sort()).toEqual(['edited-0', 'edited-1', 'edited-2', 'edited-3']);
      expectColour(await storedColour(shots.find((s) => s.title === 'edited-3')!), 13);

      // Read once: one successful open of each added file by the whole command (all its threads).
      const opens = fs.readFileSync(trace, 'utf8').split('\n');
      for (const file of files.slice(0, 3))
        expect(opens.filter((l) => l.includes(`"${file}"`) && !/= -1 /.test(l)).length, file).toBe(1);
    },
  );

  it(
    'files replaced across a Ctrl-C are each published once, with the pixels their job recorded',
    { timeout: 180_000 },
    async () => {
      const dir = path.join(root, 'across');
      fs.mkdirSync(dir);
      const files = [0, 1, 2, 3, 4, 5].map((i) => path.join(dir, `across-${i}.png`));
      for (const [i, file] of files.entries()) await writeImage(file, 20 + i);
      const originals = files.map((file, i) => ({ hash: hashOf(file), seed: 20 + i }));

      const first = upload('across-data', files);
      await first.waitForLine((l) => l.type === 'job' && l.state === 'processing');
      // From here every request the service is sent waits 8 s: whatever the machine's load delays
      // the Ctrl-C by, the run cannot send the whole batch first (only the uploads on the wire, at
      // most two, are finished after it), so some jobs were sent and some were waiting.
      await setFaults(sandbox!.url, { latency_ms: 8_000 });
      first.child.kill('SIGINT');
      expect(await first.exited, first.stderr()).toBe(130);
      await setFaults(sandbox!.url, {});
      // Jobs the interrupted run had not sent: the next run takes their files as they are then.
      const unsent = [...lastJobLines(first).values()]
        .filter((job) => ['queued', 'preparing', 'ready'].includes(String(job.state)))
        .map((job) => String(job.file));
      // Every file replaced while its job was queued, ready or already on the service.
      const replaced = files.map((_, i) => ({ seed: 60 + i, hash: '' }));
      for (const [i, file] of files.entries()) {
        await writeImage(file, replaced[i]!.seed);
        replaced[i]!.hash = hashOf(file);
      }

      const again = upload('across-data', files);
      expect(await again.exited, again.stderr()).toBe(0);
      const last = lastJobLines(again);
      const shots = await shotsTitled('across-');
      const sentOriginals: number[] = [];
      for (const [i, file] of files.entries()) {
        const title = path.parse(file).name;
        const held = shots.filter((s) => s.title === title);
        expect(held.length, title).toBe(1);
        const job = last.get(file)!;
        expect(job.state, title).toBe('published');
        const version = job.content_hash === originals[i]!.hash ? originals[i]! : replaced[i]!;
        expect(job.content_hash, title).toBe(version.hash);
        expectColour(await storedColour(held[0]!), version.seed);
        // Not sent before the Ctrl-C: sent as the file is now, whatever ran first in the next run.
        if (unsent.includes(file))
          expect(version, `${title} was not sent before, so it takes its new content`).toBe(replaced[i]);
        // A job that went on with the content it read says that its file changed since.
        if (version === originals[i]) {
          expect(job.source_changed, title).toBe(true);
          sentOriginals.push(i);
        }
      }
      // The interrupted run had sent some and not others: both cases were exercised.
      expect(sentOriginals.length).toBeGreaterThan(0);
      expect(sentOriginals.length).toBeLessThan(files.length);

      // Original content uploaded afterwards under other names: published when it never was,
      // refused as already uploaded (by its shot) when it was.
      const copies = path.join(root, 'across-copies');
      fs.mkdirSync(copies);
      const copyFiles = originals.map((o, i) => path.join(copies, `copy-${i}.png`));
      for (const [i, file] of copyFiles.entries()) await writeImage(file, originals[i]!.seed);
      const later = upload('across-data', copyFiles);
      await later.exited;
      for (const [i, file] of copyFiles.entries()) {
        const outcome = later.lines.filter((l) => l.file === file).at(-1)!;
        if (sentOriginals.includes(i)) expect(outcome, file).toMatchObject({ type: 'skipped' });
        else expect(outcome, file).toMatchObject({ type: 'job', state: 'published' });
      }
    },
  );
});

// Folders mean the same everywhere: `upload DIR`, `watch DIR --once` (and its --dry-run) take a
// folder as a dropped folder is taken (folder-files.ts): subfolders down to three levels, no link
// followed, and every entry not taken named with its reason; hidden files pass in silence.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxToken, startSandboxProcess, stopChild, writeImage } from '../../bench/lib/uploads-sandbox';
import type { SandboxProcess } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../uploads/cli-process';
import type { CliRun } from '../uploads/cli-process';

let root: string;
let top: string;
let sandbox: SandboxProcess | undefined;
let token: string;
const children: CliRun[] = [];

const TAKEN = ['a.png', 'sub1/b.png', 'sub1/deeper/c.png', 'sub2/d.png', 'l1/l2/l3/e.png'];
const NAMED = {
  'notes.txt': 'notes.txt is not an image Shotput can read',
  'x.heic': 'x.heic is not an image Shotput can read',
  'x.bmp': 'x.bmp is not an image Shotput can read',
  'x.psd': 'x.psd is not an image Shotput can read',
  'x.jxl': 'x.jxl is not an image Shotput can read',
  'x.wmv': 'x.wmv is not an image Shotput can read',
  'l1/l2/l3/l4': 'The folder l4 is more than 3 folders deep; its files are not taken.',
  'link.png': 'link.png is a link',
  'linked-folder': 'linked-folder is a link',
};

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-folders-'));
  top = path.join(root, 'top');
  for (const [i, file] of [...TAKEN, 'l1/l2/l3/l4/f.png'].entries()) {
    fs.mkdirSync(path.dirname(path.join(top, file)), { recursive: true });
    await writeImage(path.join(top, file), 200 + i);
  }
  for (const name of ['notes.txt', 'x.heic', 'x.bmp', 'x.psd', 'x.jxl', 'x.wmv', '.DS_Store'])
    fs.writeFileSync(path.join(top, name), 'not an image');
  const outside = path.join(root, 'outside');
  fs.mkdirSync(outside);
  await writeImage(path.join(outside, 'o.png'), 250);
  fs.symlinkSync(path.join(outside, 'o.png'), path.join(top, 'link.png'));
  fs.symlinkSync(outside, path.join(top, 'linked-folder'));
  sandbox = await startSandboxProcess({
    dataDir: path.join(root, 'sandbox'),
    processingMs: 200,
    rateLimit: 1_000,
    rateWindowS: 5,
  });
  token = await sandboxToken(sandbox.url);
});

afterAll(async () => {
  for (const run of children) await stopChild(run.child, 'SIGKILL');
  await sandbox?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

function cli(data: string, args: string[]): CliRun {
  const run = runCli(['--api', sandbox!.url, '--token', token, '--data-dir', path.join(root, data)], args, {
    SHOTPUT_EXPECTED_PROCESSING_MS: '200',
  });
  children.push(run);
  return run;
}

function expectFolderTaken(run: CliRun, taken: (line: Record<string, unknown>) => boolean): void {
  const files = run.lines.filter(taken).map((l) => path.relative(top, String(l.file)));
  expect(new Set(files)).toEqual(new Set(TAKEN));
  // A link in a watched folder is refused as a problem (watch-links.test.ts); elsewhere it is passed over.
  const skipped = run.lines.filter((l) => l.type === 'skipped' || l.type === 'problem');
  const named = new Map(skipped.map((l) => [path.relative(top, String(l.file)), String(l.message)]));
  expect(new Set(named.keys())).toEqual(new Set(Object.keys(NAMED)));
  for (const [entry, reason] of Object.entries(NAMED)) expect(named.get(entry), entry).toContain(reason);
}

describe('a folder given to the CLI', () => {
  it('upload --dry-run DIR plans its images and subfolders and names each entry not taken', async () => {
    const run = cli('dry', ['upload', '--dry-run', top]);
    expect(await run.exited, run.stderr()).toBe(0);
    expectFolderTaken(run, (l) => l.type === 'planned');
  });

  it('watch --once --dry-run takes the same', async () => {
    const run = cli('dry', ['watch', '--once', '--dry-run', top]);
    expect(await run.exited, run.stderr()).toBe(0);
    expectFolderTaken(run, (l) => l.type === 'planned');
  });

  it('watch --once uploads the same, names what it passed over, and counts both', { timeout: 120_000 }, async () => {
    const run = cli('watched', ['watch', '--once', top]);
    expect(await run.exited, run.stderr()).toBe(0);
    expectFolderTaken(run, (l) => l.type === 'job' && l.state === 'published');
    // Counted as passed over: every entry named but the link, which is a problem of its own.
    const passed = Object.keys(NAMED).length - 1;
    expect(run.lines.find((l) => l.type === 'folder')).toMatchObject({
      seen: TAKEN.length + passed,
      uploaded: TAKEN.length,
      skipped: passed,
      failed: 0,
    });
  });

  it('upload DIR uploads the same', { timeout: 120_000 }, async () => {
    const run = cli('uploaded', ['upload', top]);
    expect(await run.exited, run.stderr()).toBe(0);
    expectFolderTaken(run, (l) => l.type === 'job' && l.state === 'published');
  });
});

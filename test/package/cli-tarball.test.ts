// Packs the CLI with `npm pack`, installs the tarball as a global command into an empty prefix
// (from the local npm cache first), and runs the installed `shotput` with only Node on PATH:
// --help, prepare, and an upload to the embedded sandbox.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const nodeDir = dirname(process.execPath);
let dir: string;
let shotput: string;

function run(args: string[]): string {
  // A clean environment: no tsx, no repo node_modules, only Node and the installed command.
  return execFileSync(shotput, args, {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: `${nodeDir}:/usr/bin:/bin`, HOME: dir },
    timeout: 60_000,
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shotput-tarball-'));
  execFileSync('npm', ['run', 'build:cli', '--silent'], { cwd: repo, stdio: 'ignore' });
  execFileSync('npm', ['pack', '--pack-destination', dir], { cwd: repo, stdio: 'ignore' });
  const tarball = (await readdir(dir)).find((name) => name.endsWith('.tgz'));
  expect(tarball).toBeDefined();
  execFileSync(
    'npm',
    [
      'install',
      '-g',
      '--prefix',
      join(dir, 'prefix'),
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      join(dir, tarball!),
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  shotput = join(dir, 'prefix', 'bin', 'shotput');
  await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#c33' } })
    .png()
    .toFile(join(dir, 'red.png'));
}, 240_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the packed CLI installed as a command', () => {
  it('ships the built CLI and no TypeScript', () => {
    const listing = execFileSync('tar', ['-tzf', join(dir, 'shotput-0.1.0.tgz')], { encoding: 'utf8' });
    expect(listing).toContain('package/out/cli/cli.js');
    expect(listing).toContain('package/bin/shotput.js');
    expect(listing).not.toMatch(/\.ts\n/);
  });

  it('prints its help', () => {
    expect(run(['--help'])).toMatch(/^Usage: shotput .*<command>/);
  });

  it('prepares an image offline', async () => {
    run(['--data-dir', join(dir, 'data'), 'prepare', 'red.png', '--out', join(dir, 'out')]);
    const meta = await sharp(join(dir, 'out', 'red.png')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 600]);
  });

  it('uploads to the embedded sandbox until published', () => {
    const lines = run(['--data-dir', join(dir, 'data'), 'upload', 'red.png', '--title', 'Red', '--json'])
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.at(-1)).toEqual({ type: 'summary', published: 1, scheduled: 0, failed: 0, skipped: 0 });
    expect(lines.some((line) => line.state === 'published' && typeof line.shot_id === 'number')).toBe(true);
  }, 60_000);
});

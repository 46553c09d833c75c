// `npm run cli` never breaks a command already running from the same checkout: the build it runs
// first never leaves out/cli without its cli.js (a plain `vite build` empties the folder first,
// which this test also shows it can see), and it builds nothing when the bundle is up to date.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../bench/lib/uploads-sandbox';

const out = path.join(REPO_ROOT, 'out', `cli-test-${process.pid}`);
const entry = path.join(out, 'cli.js');

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** Runs a build while looking for cli.js every millisecond or two; resolves with the looks that missed it. */
function buildWatching(args: string[]): Promise<{ code: number | null; misses: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: 'ignore' });
    let misses = 0;
    const look = setInterval(() => {
      try {
        if (fs.statSync(entry).size === 0) misses++;
      } catch {
        misses++;
      }
    }, 1);
    child.once('exit', (code) => {
      clearInterval(look);
      resolve({ code, misses });
    });
  });
}

const inPlace = (...extra: string[]) => [
  path.join(REPO_ROOT, 'scripts', 'build-cli-in-place.js'),
  '--out',
  out,
  ...extra,
];

describe('building the CLI under a running command', () => {
  it('keeps cli.js in place through a rebuild, where a plain vite build does not', { timeout: 120_000 }, async () => {
    expect(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).scripts.cli).toMatch(
      /^node scripts\/build-cli-in-place\.js && node bin\/shotput\.js$/,
    );
    expect((await buildWatching(inPlace('--force'))).code).toBe(0);

    const plain = await buildWatching([
      path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '-c',
      'vite.cli.config.ts',
      '--logLevel',
      'silent',
      '--outDir',
      out,
      '--emptyOutDir',
    ]);
    expect(plain.code).toBe(0);
    expect(plain.misses).toBeGreaterThan(0);

    const rebuilt = await buildWatching(inPlace('--force'));
    expect(rebuilt).toEqual({ code: 0, misses: 0 });
    const loaded = (await import(entry)) as { main?: unknown };
    expect(typeof loaded.main).toBe('function');
  });

  it('builds nothing when the bundle is newer than its sources', { timeout: 60_000 }, async () => {
    if (!fs.existsSync(entry)) expect((await buildWatching(inPlace('--force'))).code).toBe(0);
    const before = fs.statSync(entry).mtimeMs;
    expect((await buildWatching(inPlace())).code).toBe(0);
    expect(fs.statSync(entry).mtimeMs).toBe(before);
  });

  it('the test run builds it the same way, so tests never break a command running from this checkout', async () => {
    const { default: buildCli } = await import('../setup/build-cli');
    expect(await missesOfRunningCli(async () => buildCli())).toBe(0);
  }, 120_000);

  it('so does npm run build:cli (npm run build, the packed CLI), so a test building it never breaks another', async () => {
    const build = () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn('npm', ['run', 'build:cli', '--silent'], { cwd: REPO_ROOT, stdio: 'ignore' });
        child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build:cli: ${code}`))));
      });
    expect(await missesOfRunningCli(build)).toBe(0);
  }, 120_000);
});

/** How often the checkout's own out/cli/cli.js was missing while `build` ran (looked at every ms or two). */
async function missesOfRunningCli(build: () => Promise<void>): Promise<number> {
  const running = path.join(REPO_ROOT, 'out', 'cli', 'cli.js');
  let misses = 0;
  const look = setInterval(() => {
    if (!fs.existsSync(running)) misses++;
  }, 1);
  try {
    await build();
  } finally {
    clearInterval(look);
  }
  expect(fs.existsSync(running)).toBe(true);
  return misses;
}

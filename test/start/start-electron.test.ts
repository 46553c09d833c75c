// `npm start` as a new user runs it: with ELECTRON_OVERRIDE_DIST_PATH naming a folder whose
// `electron` is a stand-in that records how it was started, and offline without it. The
// download mirror points at a closed port on this machine, so "offline" holds everywhere.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../e2e/harness/ensure-build';
import { repoRoot } from '../e2e/harness/repo-paths';

const work = mkdtempSync(join(tmpdir(), 'shotput-start-'));
let closedPort = 0;

/** A port that was free a moment ago and has nothing listening on it now. */
async function findClosedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

function npmStart(env: Record<string, string>) {
  const base = { ...process.env };
  delete base.ELECTRON_OVERRIDE_DIST_PATH;
  delete base.ELECTRON_EXEC_PATH;
  return spawnSync('npm', ['start', '--silent', '--', '--skipBuild'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      ...base,
      ELECTRON_MIRROR: `http://127.0.0.1:${closedPort}/`,
      electron_config_cache: join(work, 'electron-cache'),
      ...env,
    },
  });
}

beforeAll(async () => {
  ensureBuild();
  closedPort = await findClosedPort();
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('npm start', () => {
  it('starts the Electron named by ELECTRON_OVERRIDE_DIST_PATH on the built app, downloading nothing', () => {
    const dist = join(work, 'electron-dist');
    const record = join(work, 'started.json');
    spawnSync('mkdir', ['-p', dist]);
    writeFileSync(
      join(dist, 'electron'),
      `#!/bin/sh\nexec "${process.execPath}" -e 'require("fs").writeFileSync(process.argv[1], JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd() }))' "${record}" "$@"\n`,
    );
    chmodSync(join(dist, 'electron'), 0o755);

    const result = npmStart({ ELECTRON_OVERRIDE_DIST_PATH: dist });

    expect(result.stderr).not.toMatch(/could not be downloaded/);
    expect(result.status).toBe(0);
    const started = JSON.parse(readFileSync(record, 'utf8')) as { argv: string[]; cwd: string };
    expect(started.cwd).toBe(repoRoot);
    const appFolder = resolve(started.cwd, started.argv[0] ?? '');
    expect(appFolder).toBe(repoRoot);
    const main = (JSON.parse(readFileSync(join(appFolder, 'package.json'), 'utf8')) as { main: string }).main;
    expect(main).toBe('out/main/index.js');
    expect(existsSync(join(appFolder, main))).toBe(true);
    expect(existsSync(join(work, 'electron-cache'))).toBe(false);
  });

  it('offline and without an override, ends in one plain sentence and a non-zero exit', () => {
    const result = npmStart({});

    expect(result.status).not.toBe(0);
    const lines = result.stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
    expect(lines).toEqual([
      expect.stringMatching(
        /^The Electron runtime could not be downloaded: .*CLI.*tests.*sandbox.* work without it\.$/,
      ),
    ]);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).not.toMatch(/\n\s+at /);
  });
});

// `shotput upload`, `watch` and `prepare` start again, once, with the memory settings of
// bin/long-run.js (measured in the README's Volume benchmark); other commands start as they are.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_RUN_ENV, LONG_RUN_NODE_FLAGS } from '../../bin/long-run.js';
import { runCliProcess } from './run-cli';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotput-long-run-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Seen {
  execArgv: string[];
  arenas?: string;
}

/** Runs the command with a preload that notes, as the process ends, how it was started. */
async function startedAs(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Seen> {
  const out = path.join(dir, `${argv.join('-')}-${Object.keys(env).length}.json`);
  const note = `import fs from 'node:fs'; process.on('exit', () => fs.writeFileSync(${JSON.stringify(out)}, JSON.stringify({ execArgv: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX })));`;
  const run = await runCliProcess(argv, {
    env: { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(note)}`, ...env },
  });
  expect(run.code).toBe(0);
  return JSON.parse(await readFile(out, 'utf8')) as Seen;
}

describe.runIf(process.platform === 'linux')('bin/shotput.js for long commands', () => {
  it('prepare: two malloc arenas, V8 as it is (its benchmark against bare sharp was measured so)', async () => {
    const seen = await startedAs(['prepare', '--help']);
    expect(seen.arenas).toBe(LONG_RUN_ENV.MALLOC_ARENA_MAX);
    expect(seen.execArgv).not.toEqual(expect.arrayContaining(LONG_RUN_NODE_FLAGS));
  });

  it('upload and watch: two malloc arenas and V8 optimizing for size', async () => {
    const watched = await startedAs(['watch', '--help']);
    expect(watched.execArgv).toEqual(expect.arrayContaining(LONG_RUN_NODE_FLAGS));
    const seen = await startedAs(['upload', '--help']);
    expect(seen.arenas).toBe(LONG_RUN_ENV.MALLOC_ARENA_MAX);
    expect(seen.execArgv).toEqual(expect.arrayContaining(LONG_RUN_NODE_FLAGS));
  });

  it('a caller who sets MALLOC_ARENA_MAX has chosen: nothing is changed', async () => {
    const seen = await startedAs(['upload', '--help'], { MALLOC_ARENA_MAX: '4' });
    expect(seen.arenas).toBe('4');
    expect(seen.execArgv).not.toEqual(expect.arrayContaining(LONG_RUN_NODE_FLAGS));
  });

  it('other commands start as they are', async () => {
    const seen = await startedAs(['--help']);
    expect(seen.arenas).toBeUndefined();
    expect(seen.execArgv).not.toEqual(expect.arrayContaining(LONG_RUN_NODE_FLAGS));
  });
});

// A few key paths through the real `shotput` executable: exit codes, --json, stderr in one line, login.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliProcess } from './run-cli';
import { TestBrowser } from '../auth/browser';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shotput-bin-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('node bin/shotput.js', () => {
  it('whoami --json: exit 0 and the service JSON on stdout', async () => {
    const run = await runCliProcess(['--data-dir', dataDir, '--json', 'whoami']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ username: 'ada', type: 'Player' });
  });

  it('a missing shot: exit 1 and one line on stderr', async () => {
    const run = await runCliProcess(['--data-dir', dataDir, 'shots', 'show', '424242']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      'shotput: Shot 424242 is not among your shots: it does not exist, or it was deleted.',
    ]);
  });

  it('a reader that closes the pipe early ends the command quietly, with no EPIPE stack', async () => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('../../bin/shotput.js', import.meta.url)), '--help'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('bad usage: exit 2', async () => {
    const run = await runCliProcess(['--data-dir', dataDir, 'comments', '1', 'wave']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^shotput: there is no comments action "wave"/);
  });

  it('login: prints the address, takes the pasted callback, signs in', async () => {
    let answered = false;
    const run = await runCliProcess(['--data-dir', dataDir, 'login'], {
      onStdout: (text, stdin) => {
        const url = /https?:\/\/\S+\/oauth\/authorize\?\S+/.exec(text)?.[0];
        if (!url || answered) return;
        answered = true;
        void new TestBrowser()
          .authorize(url, { username: 'cleo', password: 'sandbox', decision: 'allow' })
          .then((callback) => stdin.end(`${callback}\n`));
      },
    });
    expect(run.stderr).toContain('Open this address in your browser');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('as cleo');
    const whoami = await runCliProcess(['--data-dir', dataDir, 'whoami']);
    expect(whoami.stdout).toMatch(/^cleo \(/);
  });
});

// Tokens and client secrets without the command line (where `ps` and shell history show them):
// --token-file FILE, --token-file - (standard input), --client-secret-file FILE; SHOTPUT_TOKEN stays.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';
import { sandboxUserToken } from '../../main/auth/sandbox-token';

let dir: string;
let fixture: Fixture;
let token: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotput-secret-input-'));
  fixture = await startFixture();
  token = (await sandboxUserToken(fixture.sandbox, 'ben')).access_token;
});
afterAll(async () => {
  await fixture?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('--token-file', () => {
  it('reads the token from a file', async () => {
    const file = path.join(dir, 'token');
    await writeFile(file, `\n  ${token}  \n`, { mode: 0o600 });
    const run = await runCli([
      '--data-dir',
      path.join(dir, 'data'),
      '--api',
      fixture.sandbox.api,
      '--token-file',
      file,
      'whoami',
    ]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('ben (');
  });

  it('reads the token from standard input with -', async () => {
    const run = await runCli(
      ['--data-dir', path.join(dir, 'data'), '--api', fixture.sandbox.api, '--token-file', '-', 'whoami'],
      {
        interact: async ({ stdin }) => {
          stdin.end(`${token}\n`);
        },
      },
    );
    expect(run.stdout).toContain('ben (');
  });

  it('says plainly when the file is missing or empty (usage error, exit 2)', async () => {
    const missing = await runCli(['--api', fixture.sandbox.api, '--token-file', path.join(dir, 'nope'), 'whoami']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--token-file: cannot read');
    const empty = path.join(dir, 'empty');
    await writeFile(empty, '\n');
    const none = await runCli(['--api', fixture.sandbox.api, '--token-file', empty, 'whoami']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('holds no value');
  });
});

describe('--client-secret-file', () => {
  it('refuses standard input, which carries the pasted address', async () => {
    const run = await runCli([
      '--api',
      fixture.sandbox.api,
      'login',
      '--client-id',
      'web-demo',
      '--client-secret-file',
      '-',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--client-secret-file needs a file');
  });
});

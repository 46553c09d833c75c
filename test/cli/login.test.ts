// `shotput login`: the printed authorize address is visited by a scripted browser and the callback
// pasted on stdin, in-process for the sandbox and for a service given with --api.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { TestBrowser } from '../auth/browser';
import { startFixture } from '../service/sandbox-fixture';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shotput-login-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs login, answers the browser step as `username` with `decision`, pastes what `paste` makes of the callback. */
function login(
  argv: string[],
  username: string,
  decision: 'allow' | 'deny',
  paste: (callback: string) => string = (c) => c,
) {
  return runCli(['--data-dir', dataDir, ...argv, 'login'], {
    interact: async ({ waitForStdout, stdin }) => {
      const [url] = await waitForStdout(/https?:\/\/\S+\/oauth\/authorize\?\S+/);
      const callback = await new TestBrowser().authorize(url, { username, password: 'sandbox', decision });
      stdin.end(`${paste(callback)}\n`);
    },
  });
}

describe('shotput login', () => {
  it('signs in to the sandbox through the browser; later commands act as that user until logout', async () => {
    const run = await login([], 'ben', 'allow', (callback) => `"${callback}"`);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Signed in to Sandbox (on this computer) as ben');
    const file = path.join(dataDir, 'accounts.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    expect((await runCli(['--data-dir', dataDir, 'whoami'])).stdout).toMatch(/^ben \(/);
    expect((await runCli(['--data-dir', dataDir, 'logout'])).stdout).toContain('Signed out of sandbox.');
    expect((await runCli(['--data-dir', dataDir, 'whoami'])).stdout).toMatch(/^ada \(/);
  });

  it('signs in to a service given with --api, keeps the token and the secret owner-only, and uses them', async () => {
    const fixture = await startFixture();
    try {
      const api = ['--api', fixture.sandbox.api, '--auth', fixture.sandbox.auth];
      const run = await runCli(
        [
          '--data-dir',
          dataDir,
          ...api,
          'login',
          '--client-id',
          'shotput-desktop',
          '--client-secret',
          'shotput-desktop-secret',
        ],
        {
          interact: async ({ waitForStdout, stdin }) => {
            const [url] = await waitForStdout(/https?:\/\/\S+\/oauth\/authorize\?\S+/);
            stdin.end(
              `${await new TestBrowser().authorize(url, { username: 'cleo', password: 'sandbox', decision: 'allow' })}\n`,
            );
          },
        },
      );
      expect(run.code).toBe(0);
      const text = await readFile(path.join(dataDir, 'accounts.json'), 'utf8');
      expect(text).toContain('shotput-desktop-secret');
      expect((await stat(path.join(dataDir, 'accounts.json'))).mode & 0o777).toBe(0o600);

      const whoami = await runCli(['--data-dir', dataDir, ...api, 'whoami']);
      expect(whoami.stdout).toMatch(/^cleo \(.*teams: studio/);
      // The sandbox account is separate: still the demo user there.
      expect((await runCli(['--data-dir', dataDir, 'whoami'])).stdout).toMatch(/^ada \(/);

      const usage = await runCli(['--data-dir', dataDir, ...api, 'login']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--client-id');
    } finally {
      await fixture.close();
    }
  });

  it('reports Deny, a tampered state and a pasted non-callback, with exit 1 and nothing saved', async () => {
    const denied = await login([], 'ada', 'deny');
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('shotput: Sign-in cancelled: You chose not to give Shotput access.');

    const forged = await login([], 'ada', 'allow', (callback) => callback.replace(/state=[^&]+/, 'state=forged'));
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain('did not come from Shotput');

    const garbage = await login([], 'ada', 'allow', () => 'https://example.com/?code=1');
    expect(garbage.code).toBe(1);
    expect(garbage.stderr).toContain('not a Shotput sign-in address');

    const nothing = await runCli(['--data-dir', dataDir, 'login']);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('no address was pasted');
    await expect(stat(path.join(dataDir, 'accounts.json'))).rejects.toThrow();
  });
});

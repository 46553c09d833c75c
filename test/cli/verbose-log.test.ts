// `shotput --verbose`: the desktop app's log lines on standard error (requests with status and
// time, queue state changes), and none of the secrets of the sign-in: the authorization code, the
// code_verifier, the client secret and the token are watched on the wire and looked for in the log.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestBrowser } from '../auth/browser';
import { runCli } from './run-cli';
import { watchSignInSecrets } from '../logging/sign-in-secrets';

let dataDir: string;
const realFetch = globalThis.fetch;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shotput-verbose-'));
});
afterEach(async () => {
  globalThis.fetch = realFetch;
  await rm(dataDir, { recursive: true, force: true });
});

describe('shotput --verbose', () => {
  it('logs the sign-in and an upload on stderr without any secret', async () => {
    // Everything sent to the sign-in server, to know which secrets the log must not hold.
    const { secrets } = watchSignInSecrets();

    const login = await runCli(['--data-dir', dataDir, '--verbose', 'login'], {
      interact: async ({ waitForStdout, stdin }) => {
        const [url] = await waitForStdout(/https?:\/\/\S+\/oauth\/authorize\?\S+/);
        stdin.end(
          `${await new TestBrowser().authorize(url, { username: 'ben', password: 'sandbox', decision: 'allow' })}\n`,
        );
      },
    });
    expect(login.code).toBe(0);
    expect([...secrets().keys()].sort()).toEqual(['access_token', 'client_secret', 'code', 'code_verifier']);
    expect(login.stderr).toMatch(/^\S+Z INFO {2}\[auth\] POST 127\.0\.0\.1:\d+\/oauth\/token 200 in \d+ ms$/m);

    const file = path.join(dataDir, 'verbose.png');
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#d7385e' } })
      .png()
      .toFile(file);
    const upload = await runCli(['--data-dir', dataDir, '--verbose', 'upload', file], {
      env: { SHOTPUT_EXPECTED_PROCESSING_MS: '200' },
    });
    expect(upload.code).toBe(0);
    expect(upload.stderr).toMatch(
      /INFO {2}\[service\] GET 127\.0\.0\.1:\d+\/v2\/user 200 in \d+ ms \(rate limit \d+\/\d+ left\)/,
    );
    expect(upload.stderr).toMatch(/INFO {2}\[service\] POST 127\.0\.0\.1:\d+\/v2\/shots 202 in \d+ ms/);
    expect(upload.stderr).toMatch(/INFO {2}\[queue\] job \S+: uploading → processing \(shot \d+\)/);
    expect(upload.stderr).toMatch(/INFO {2}\[queue\] job \S+: processing → published \(shot \d+\)/);

    const everything = login.stdout + login.stderr + upload.stderr;
    for (const [name, value] of secrets())
      expect(everything.includes(value), `the output holds the ${name}`).toBe(false);

    // Without --verbose, none of it.
    const quiet = await runCli(['--data-dir', dataDir, 'whoami']);
    expect(quiet.stderr).not.toContain('[service]');
  }, 60_000);
});

// What a person at a terminal gets: the browser opened by login, outputs never silently replaced,
// colour and links only where they belong, and --dry-run that sends nothing.
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { TestBrowser } from '../auth/browser';
import { startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';
import { sandboxUserToken } from '../../main/auth/sandbox-token';

/** The escape that starts colour and link sequences. */
const ESC = String.fromCharCode(27);

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'shotput-terminal-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('login opens the system browser', () => {
  /** An xdg-open on PATH that writes down the address it was asked to open. */
  async function fakeOpener(): Promise<{ bin: string; opened: string }> {
    const bin = await mkdtemp(path.join(root, 'bin-'));
    const opened = path.join(bin, 'opened.txt');
    await writeFile(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    await chmod(path.join(bin, 'xdg-open'), 0o755);
    return { bin, opened };
  }

  const login = (argv: string[], bin: string) =>
    runCli(['--data-dir', path.join(root, 'login-data'), 'login', ...argv], {
      env: { PATH: `${bin}:${process.env.PATH}` },
      terminal: { stdin: true },
      interact: async ({ waitForStdout, stdin }) => {
        const [url] = await waitForStdout(/https?:\/\/\S+\/oauth\/authorize\?\S+/);
        stdin.end(
          `${await new TestBrowser().authorize(url, { username: 'ben', password: 'sandbox', decision: 'allow' })}\n`,
        );
      },
    });

  it('opens the sign-in page with the system opener, and still prints the address', async () => {
    const { bin, opened } = await fakeOpener();
    const run = await login([], bin);
    expect(run.code, run.stderr).toBe(0);
    const address = /https?:\/\/\S+\/oauth\/authorize\?\S+/.exec(run.stdout)![0];
    await expect.poll(() => readFile(opened, 'utf8').catch(() => '')).toBe(address);
    expect(run.stderr).toContain('Opened the sign-in page in your browser');
  });

  it('--no-browser prints the address only', async () => {
    const { bin, opened } = await fakeOpener();
    const run = await login(['--no-browser'], bin);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Open this address in your browser');
    await expect(stat(opened)).rejects.toThrow();
  });
});

describe('prepare and existing outputs', () => {
  it('refuses to replace an output without --overwrite, and replaces it with', async () => {
    const source = path.join(root, 'card.png');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ff0000' } })
      .png()
      .toFile(source);
    const out = path.join(root, 'prepared');
    await mkdir(out);
    await writeFile(path.join(out, 'card.png'), 'mine');
    const refused = await runCli(['prepare', source, '--out', out], {
      env: { SHOTPUT_DATA_DIR: path.join(root, 'd') },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `${source}: ${path.join(out, 'card.png')} already exists; it was not replaced. Add --overwrite to replace it.\n`,
    );
    expect(await readFile(path.join(out, 'card.png'), 'utf8')).toBe('mine');
    expect((await runCli(['prepare', source, '--out', out, '--overwrite'])).code).toBe(0);
    expect((await sharp(path.join(out, 'card.png')).metadata()).width).toBe(800);
  });
});

describe('colour and links', () => {
  let fixture: Fixture;
  let token: string;
  beforeAll(async () => {
    fixture = await startFixture({ processingMs: 100 });
    token = (await sandboxUserToken(fixture.sandbox, 'ada')).access_token;
  });
  afterAll(async () => fixture.close());
  const upload = (file: string, env: NodeJS.ProcessEnv, terminal: boolean, dataDir: string) =>
    runCli(['--data-dir', dataDir, '--api', fixture.sandbox.api, '--token', token, 'upload', file], {
      env: { SHOTPUT_EXPECTED_PROCESSING_MS: '100', ...env },
      terminal: { stdout: terminal },
    });

  it('a published line on a terminal is coloured and ends with the shot address as a link', async () => {
    const file = path.join(root, 'linked.png');
    await sharp({ create: { width: 820, height: 620, channels: 3, background: '#0000ff' } })
      .png()
      .toFile(file);
    const run = await upload(file, {}, true, path.join(root, 'colour-1'));
    expect(run.code, run.stderr).toBe(0);
    const line = run.stdout.split(/\r|\n/).find((l) => l.includes('linked.png'))!;
    expect(line).toContain('\x1b[32mpublished \x1b[39m');
    const address = /http\S+?\/shots\/\d+/.exec(line)![0];
    expect(line).toContain(`${ESC}]8;;${address}${ESC}\\${address}${ESC}]8;;${ESC}\\`);
  });

  it('no colour and no link escapes with NO_COLOR, --no-color or a pipe; the address stays as text', async () => {
    const file = path.join(root, 'plain.png');
    await sharp({ create: { width: 820, height: 620, channels: 3, background: '#00ffff' } })
      .png()
      .toFile(file);
    const piped = await upload(file, {}, false, path.join(root, 'colour-2'));
    expect(piped.stdout).toMatch(/published {2}plain\.png {2}shot \d+ {2}http\S+\/shots\/\d+/);
    const noColor = await upload(file, { NO_COLOR: '1' }, true, path.join(root, 'colour-3'));
    const flag = await runCli(
      [
        '--no-color',
        '--data-dir',
        path.join(root, 'colour-4'),
        '--api',
        fixture.sandbox.api,
        '--token',
        token,
        'shots',
        'list',
      ],
      { terminal: { stdout: true } },
    );
    // Colour (SGR) and links (OSC 8); the progress bar's line redraws are not colour.
    const styled = new RegExp(`${ESC}\\[\\d+m|${ESC}\\]8`);
    for (const run of [piped, noColor, flag]) expect(run.stdout).not.toMatch(styled);
  });
});

describe('--dry-run', () => {
  it('says what upload would send, skip and schedule, and makes no request that changes anything', async () => {
    const fixture = await startFixture({ processingMs: 100 });
    const methods: string[] = [];
    // A recording proxy in front of the sandbox: every request the CLI makes passes through it.
    const proxy = http.createServer((req, res) => {
      methods.push(`${req.method} ${req.url}`);
      const target = new URL(req.url!, fixture.sandbox.api);
      const forward = http.request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          // As a reverse proxy does: the service's own addresses are given as the proxy's.
          const location = answer.headers.location;
          if (location) answer.headers.location = location.replace(fixture.sandbox.api, `http://${req.headers.host}`);
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const api = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
      const token = (await sandboxUserToken(fixture.sandbox, 'ada')).access_token;
      const dataDir = path.join(root, 'dry');
      const cli = (...argv: string[]) =>
        runCli(['--data-dir', dataDir, '--api', api, '--token', token, ...argv], {
          env: { SHOTPUT_EXPECTED_PROCESSING_MS: '100' },
        });
      const files = await Promise.all(
        ['one', 'two'].map(async (name, i) => {
          const file = path.join(root, `${name}.png`);
          await sharp({ create: { width: 900, height: 700, channels: 3, background: i ? '#112233' : '#332211' } })
            .png()
            .toFile(file);
          return file;
        }),
      );
      // Through the same address as the dry run: each service (by its address) has its own queue.
      const first = await cli('upload', files[0]!);
      expect(first.code, first.stderr + first.stdout).toBe(0);
      methods.length = 0;
      const run = await cli('upload', ...files, '--dry-run', '--schedule', '2031-01-02T09:00:00Z', '--every', '24');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^skipped +one\.png was already uploaded as shot \d+/m);
      expect(run.stdout).toMatch(/would send two\.png {2}"two" {2}\(800x600 png, \d+ KB\), scheduled for 2031-01-0\d/);
      expect(run.stdout).toContain('Dry run: 1 would be sent, 1 skipped, 0 not uploadable. Nothing was sent.');
      const watched = path.join(root, 'dry-folder');
      await mkdir(watched);
      await sharp({ create: { width: 900, height: 700, channels: 3, background: '#445566' } })
        .png()
        .toFile(path.join(watched, 'three.png'));
      const watch = await cli('--json', 'watch', watched, '--once', '--dry-run');
      expect(watch.code, watch.stderr).toBe(0);
      expect(watch.stdout).toContain('"type":"planned"');
      // Every request of the dry runs went through the proxy: none may change anything.
      expect(methods.filter((m) => !m.startsWith('GET'))).toEqual([]);
      const shots = (await (
        await fetch(`${fixture.sandbox.api}/v2/user/shots?per_page=100`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as Array<{ title: string }>;
      expect(shots.map((s) => s.title)).not.toContain('two');
      expect((await cli('queue', 'list')).stdout).not.toContain('two.png');
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await fixture.close();
    }
  }, 30_000);
});

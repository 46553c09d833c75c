// Destructive commands ask on a terminal and need --yes elsewhere; errors name what failed.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxToken } from '../../bench/lib/uploads-sandbox';
import { startSandbox } from '../../sandbox/index';
import { runCli } from './run-cli';

let dataDir: string;
const cli = (...argv: string[]) => runCli(['--data-dir', dataDir, ...argv]);
const firstShot = async () =>
  (JSON.parse((await cli('shots', 'list', '--json')).stdout) as Array<{ id: number; title: string }>)[0]!;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shotput-confirm-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('confirmation of destructive commands', () => {
  it('shots delete without --yes and without a terminal is bad usage, and deletes nothing', async () => {
    const shot = await firstShot();
    const run = await cli('shots', 'delete', String(shot.id));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `shotput: shots delete ${shot.id} needs confirmation, and standard input is not a terminal to ask on: add --yes to do it.`,
    );
    expect((await cli('shots', 'show', String(shot.id))).code).toBe(0);
  });

  it('on a terminal it asks, naming the shot; "n" keeps it, "y" deletes it', async () => {
    const shot = await firstShot();
    const answer = (text: string) => ({
      terminal: { stdin: true },
      interact: async ({ stdin }: { stdin: NodeJS.WritableStream }) => void stdin.end(`${text}\n`),
    });
    const kept = await runCli(['--data-dir', dataDir, 'shots', 'delete', String(shot.id)], answer('n'));
    expect(kept.code).toBe(1);
    expect(kept.stderr).toContain(`Delete shot ${shot.id} “${shot.title}”? This cannot be undone. [y/N]`);
    expect(kept.stderr).toContain('Nothing was changed.');
    expect((await cli('shots', 'show', String(shot.id))).code).toBe(0);
    const deleted = await runCli(['--data-dir', dataDir, 'shots', 'delete', String(shot.id)], answer('y'));
    expect(deleted).toMatchObject({ code: 0, stdout: `Deleted shot ${shot.id}.\n` });
  });

  it('comments delete and queue clear need --yes too', async () => {
    expect((await cli('comments', '1001', 'delete', '5')).code).toBe(2);
    expect((await cli('queue', 'clear')).code).toBe(2);
    expect((await cli('queue', 'clear', '--yes')).code).toBe(0);
  });
});

describe('errors that help', () => {
  it('a closed port names the address and fails at once', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const started = Date.now();
    const run = await cli('--api', `http://127.0.0.1:${port}`, '--token', 'x', 'whoami');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `shotput: Could not reach the service at http://127.0.0.1:${port} (connection refused). Check the address given with --api, and that the service is running.\n`,
    );
  });

  it('a connection the service drops at the first request is tried again, not taken for a wrong address', async () => {
    // A proxy in front of a sandbox that resets the first connection once its request arrives (as
    // a service behind a restarting balancer does), then passes every request on.
    const sandbox = await startSandbox();
    const token = await sandboxToken(sandbox.url);
    let requests = 0;
    const proxy = http.createServer(async (req, res) => {
      if (requests++ === 0) return req.socket.resetAndDestroy();
      const answer = await fetch(`${sandbox.url}${req.url}`, {
        method: req.method,
        headers: { authorization: req.headers.authorization ?? '', accept: 'application/json' },
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const port = (proxy.address() as AddressInfo).port;
      const run = await cli('--api', `http://127.0.0.1:${port}`, '--token', token, 'whoami');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(requests).toBeGreaterThan(1);
    } finally {
      proxy.close();
      await sandbox.close();
    }
  });

  it('port 9 is explained, not left as "(bad port)"', async () => {
    const run = await cli('--api', 'http://127.0.0.1:9', '--token', 'x', 'whoami');
    expect(run.stderr).toContain(
      'port 9 belongs to another protocol, and web clients refuse to connect to it ("bad port")',
    );
  });

  it('--api not-a-url is bad usage (exit 2)', async () => {
    const run = await cli('--api', 'not-a-url', 'whoami');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '--api needs an http or https address such as https://api.example.com, not "not-a-url".',
    );
  });

  it('watch of a folder that does not exist says so before starting the sandbox', async () => {
    const run = await cli('watch', path.join(dataDir, 'nope-dir'));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `shotput: The folder ${path.join(dataDir, 'nope-dir')} does not exist. Check the path, or create the folder first.\n`,
    );
    expect(run.stderr).not.toContain('sandbox');
  });

  it('comments add "" says the comment is empty', async () => {
    const run = await cli('comments', '1001', 'add', '');
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(
      'shotput: the comment is empty: write its text after "add", e.g. shotput comments 1015 add Lovely colours',
    );
  });
});

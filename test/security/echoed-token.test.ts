// A service that echoes the token it was sent (in its 403 message and its field errors), in the
// shapes seen in the wild: neither `shotput --verbose upload`'s log nor the upload journal on disk
// may hold it. The service double is a real HTTP server on a loopback port.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli';

const TOKEN = 'echoTok_9f3c2a7be41d5c6e0a8b';
const SHAPES = [
  `The token ${TOKEN} may not upload`,
  `{ access_token: '${TOKEN}' }`,
  `Authorization: Token ${TOKEN}`,
  `"accessToken":"${TOKEN}"`,
];

let server: Server;
let api: string;
let dataDir: string;
const seen: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shotput-echo-'));
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    const json = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '59',
        'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 60),
      });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url?.startsWith('/v2/user/shots')) return json(200, []);
    if (request.method === 'GET' && request.url === '/v2/user')
      return json(200, { id: 7, login: 'echo', name: 'Echo', type: 'Player', pro: true, teams: [] });
    if (request.method === 'POST' && request.url === '/v2/shots') {
      return json(403, {
        message: SHAPES.join('; '),
        errors: [{ attribute: `token ${TOKEN}`, message: `was ${TOKEN}` }],
      });
    }
    json(404, { error: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

async function everythingWritten(dir: string): Promise<string> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = names.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('\n');
}

describe('a service that echoes the token', () => {
  it('gets it into neither the verbose log nor the journal, in any of its shapes', async () => {
    const file = path.join(dataDir, 'echo.png');
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a9d8f' } })
      .png()
      .toFile(file);
    const upload = await runCli(['--api', api, '--data-dir', dataDir, '--verbose', 'upload', file], {
      env: { SHOTPUT_TOKEN: TOKEN },
    });
    expect(seen).toContain('POST /v2/shots');
    expect(upload.code).toBe(1);
    // The service's refusal is still said, with its words around the secret.
    expect(upload.stdout + upload.stderr).toContain('may not upload');
    expect(upload.stdout + upload.stderr).not.toContain(TOKEN);
    const journal = await everythingWritten(dataDir);
    expect(journal).toContain('may not upload');
    expect(journal).not.toContain(TOKEN);
  }, 60_000);
});

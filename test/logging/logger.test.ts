import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, type LogSink } from '../../main/logging/logger';
import { openLogFile } from '../../main/logging/log-file';
import { loggingFetch } from '../../main/logging/logging-fetch';
import { redact } from '../../main/logging/redact';

function memorySink(): LogSink & { lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (line) => void lines.push(line) };
}

describe('redact', () => {
  it('removes tokens, secrets, codes and verifiers from queries, forms, JSON and headers', () => {
    const text = [
      'GET /cb?code=abc123def&state=xyz',
      'grant_type=authorization_code&code=AUTHCODE1&code_verifier=VERIFIER99&client_secret=SECRET42',
      '{"access_token":"TOKEN777","token_type":"bearer","refresh_token": "REFRESH5"}',
      'authorization: Bearer TOKEN777abc',
      'password=hunter2',
    ].join('\n');
    const clean = redact(text);
    for (const secret of ['abc123def', 'AUTHCODE1', 'VERIFIER99', 'SECRET42', 'TOKEN777', 'REFRESH5', 'hunter2'])
      expect(clean).not.toContain(secret);
    expect(clean).toContain('"token_type":"bearer"');
    expect(clean).toContain('code=[redacted]');
  });

  it('replaces values it was told are secret wherever they appear', () => {
    expect(redact('failed with 0123456789abcdef inside', new Set(['0123456789abcdef']))).toBe(
      'failed with [redacted] inside',
    );
  });

  it('leaves ordinary messages alone', () => {
    const message = 'job 1a2b: uploading → processing (shot 42)';
    expect(redact(message)).toBe(message);
    // "code" and "token" in prose are not parameters.
    for (const prose of ['the sandbox stopped with exit code: 1', 'token: expired, sign in again'])
      expect(redact(prose)).toBe(prose);
  });
});

describe('createLogger', () => {
  it('writes one timestamped line per event with its level and part, below the level nothing', () => {
    const sink = memorySink();
    const log = createLogger({ sinks: [sink], now: () => new Date('2026-01-31T09:41:12.345Z') });
    log.debug('not written');
    log.scope('queue').warn('first line\n  second line');
    log.forget('the-live-token-123');
    log.info('sent the-live-token-123 by mistake');
    expect(sink.lines).toEqual([
      '2026-01-31T09:41:12.345Z WARN  [queue] first line | second line\n',
      '2026-01-31T09:41:12.345Z INFO  [main] sent [redacted] by mistake\n',
    ]);
  });
});

describe('openLogFile', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'shotput-log-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('rotates at its size and keeps only the given number of older files', async () => {
    const file = openLogFile(folder, { size: '2K', keep: 2 });
    const log = createLogger({ sinks: [file] });
    for (let index = 0; index < 200; index++) {
      log.info(`line ${index} ${'x'.repeat(60)}`);
      // Rotation happens between writes; give the stream a turn now and then.
      if (index % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await file.close();
    const names = (await readdir(folder)).sort();
    expect(names).toEqual(['shotput.log', 'shotput.log.1', 'shotput.log.2']);
    for (const name of names) expect((await stat(join(folder, name))).size).toBeLessThanOrEqual(2048 + 200);
    expect(await readFile(join(folder, 'shotput.log'), 'utf8')).toContain('line 199');
    if (process.platform !== 'win32') expect((await stat(join(folder, 'shotput.log'))).mode & 0o777).toBe(0o600);
  });
});

describe('loggingFetch', () => {
  let server: Server;
  let base: string;
  beforeEach(async () => {
    server = createServer((request, response) => {
      if (request.url?.startsWith('/limited')) {
        response.writeHead(429, {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': '1767225600',
        });
      } else {
        response.writeHead(200, {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '59',
          'content-type': 'application/json',
        });
      }
      response.end('{}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    server.close();
  });

  it('logs method, path, status, time and budget, never the query', async () => {
    const sink = memorySink();
    const fetchWithLog = loggingFetch(createLogger({ sinks: [sink] }));
    await (
      await fetchWithLog(`${base}/oauth/token?code=SECRETCODE`, { method: 'POST', body: 'code_verifier=VERIFIER' })
    ).text();
    await (await fetchWithLog(`${base}/limited`)).text();
    expect(sink.lines[0]).toMatch(
      /INFO {2}\[main\] POST 127\.0\.0\.1:\d+\/oauth\/token 200 in \d+ ms \(rate limit 59\/60 left\)\n$/,
    );
    expect(sink.lines[1]).toMatch(
      /WARN {2}\[main\] GET 127\.0\.0\.1:\d+\/limited 429 in \d+ ms .*rate limited until the window resets \(1767225600\)/,
    );
    expect(sink.lines.join('')).not.toMatch(/SECRETCODE|VERIFIER/);
  });

  it('logs a request that never got an answer, and still throws', async () => {
    const sink = memorySink();
    const fetchWithLog = loggingFetch(createLogger({ sinks: [sink] }));
    server.close();
    await once(server, 'close');
    await expect(fetchWithLog(`${base}/v2/user`)).rejects.toThrow();
    expect(sink.lines[0]).toMatch(/WARN {2}\[main\] GET 127\.0\.0\.1:\d+\/v2\/user failed after \d+ ms: fetch failed/);
  });
});

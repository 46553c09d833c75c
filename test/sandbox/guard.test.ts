// The sandbox against what a hostile page or a machine on the network can send: a foreign Host (DNS
// rebinding), a foreign Origin (a page the user visits), a non-JSON body (no preflight), and an
// encoded path that the router decodes but a raw-URL check would miss.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/harness/index';
import { control, start, token } from './helpers';
import type { Sandbox } from './helpers';

/** One HTTP/1.1 request over a raw socket, so nothing fixes the Host or the path for us. */
function raw(port: number, lines: string[], address = '127.0.0.1'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, address);
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(`${[...lines, 'Connection: close', '', ''].join('\r\n')}`);
  });
}

function portOf(sb: Sandbox): number {
  return Number(new URL(sb.url).port);
}

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

describe('Host header', () => {
  it('answers to every loopback name with its port', async () => {
    const port = portOf(sb);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const res = await raw(port, ['GET /_sandbox/state HTTP/1.1', `Host: ${host}`]);
      expect(res.status, host).toBe(200);
    }
  });

  it('refuses a foreign Host on every route (DNS rebinding)', async () => {
    const port = portOf(sb);
    for (const path of ['/_sandbox/state', '/v2/user', '/oauth/authorize?client_id=x', '/images/u/1/x.png']) {
      for (const host of [`evil.example:${port}`, 'localhost', `127.0.0.1:${port + 1}`]) {
        const res = await raw(port, [`GET ${path} HTTP/1.1`, `Host: ${host}`]);
        expect(res.status, `${path} ${host}`).toBe(421);
        expect(res.body).not.toContain('password');
      }
    }
    const missing = await raw(port, ['GET /_sandbox/state HTTP/1.0']);
    expect(missing.status).toBe(421);
  });
});

describe('decoded routes', () => {
  it('an encoded API path gets a 4xx, never a 500', async () => {
    const port = portOf(sb);
    const res = await raw(port, ['GET /%762/user HTTP/1.1', `Host: 127.0.0.1:${port}`]);
    expect(res.status).toBe(401);
    const state = await control<{ internal_errors: number }>(sb, 'state');
    expect(state.internal_errors).toBe(0);
  });

  it('an encoded control path meets the same guard as the plain one', async () => {
    const port = portOf(sb);
    const res = await raw(port, [
      'POST /%5Fsandbox/clock HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Origin: http://evil.example',
      'Content-Type: application/json',
      'Content-Length: 17',
      '',
      '{"advance_s":100}',
    ]);
    expect(res.status).toBe(403);
  });

  const lan = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  it.skipIf(lan === undefined)('a machine on the network gets no control route, encoded or not', async () => {
    const open = await start({ host: '0.0.0.0' });
    try {
      const port = portOf(open);
      for (const path of ['/_sandbox/state', '/%5Fsandbox/state', '/%5fsandbox/state']) {
        const res = await raw(port, [`GET ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`], lan);
        expect(res.status, path).toBe(403);
        expect(res.body).not.toContain('password');
      }
    } finally {
      await open.close();
    }
  });
});

describe('bodies and origins', () => {
  it('takes JSON bodies only on control routes', async () => {
    const before = await control<{ now: string }>(sb, 'state');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await fetch(`${sb.url}/_sandbox/clock`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: '{"advance_s":86400}',
      });
      expect(res.status, type).toBe(415);
    }
    const after = await control<{ now: string }>(sb, 'state');
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeLessThan(60_000);
    const ok = await fetch(`${sb.url}/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"advance_s":10}',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a foreign Origin on control routes and on the sign-in form', async () => {
    for (const path of ['/_sandbox/reset', '/oauth/authorize']) {
      const res = await fetch(`${sb.url}${path}`, {
        method: 'POST',
        headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status, path).toBe(403);
    }
    const own = await fetch(`${sb.url}/_sandbox/state`, { headers: { origin: sb.url } });
    expect(own.status).toBe(200);
  });
});

describe('a real browser page on another origin', () => {
  let page: Server;
  let pageUrl: string;
  beforeAll(async () => {
    page = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'),
    );
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const address = page.address();
    pageUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  afterAll(() => new Promise<void>((resolve) => page.close(() => resolve())));

  it('cannot move the clock, reset the shots or read the state', async () => {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const before = await control<{ now: string }>(sb, 'state');
      const kept = await token(sb, 'ada');
      const tab = await browser.newPage();
      await tab.goto(pageUrl);
      const outcome = await tab.evaluate(async (base) => {
        const sent: string[] = [];
        const attempts: [string, RequestInit][] = [
          ['/_sandbox/clock', { method: 'POST', mode: 'no-cors', body: '{"advance_s":31536000}' }],
          [
            '/_sandbox/clock',
            { method: 'POST', mode: 'no-cors', body: new URLSearchParams({ now: '2999-01-01T00:00:00Z' }) },
          ],
          ['/_sandbox/reset', { method: 'POST', mode: 'no-cors' }],
        ];
        for (const [path, init] of attempts) {
          await fetch(base + path, init).then(
            () => sent.push(path),
            () => sent.push(`${path} failed`),
          );
        }
        const read = await fetch(`${base}/_sandbox/state`).then(
          (r) => r.text(),
          () => 'blocked',
        );
        return { sent, read };
      }, sb.url);
      expect(outcome.sent).toHaveLength(3);
      expect(outcome.read).toBe('blocked');
      const after = await control<{ now: string }>(sb, 'state');
      expect(Date.parse(after.now) - Date.parse(before.now)).toBeLessThan(60_000);
      // A reset would have cleared every token.
      const still = await fetch(`${sb.url}/v2/user`, { headers: { authorization: `Bearer ${kept}` } });
      expect(still.status).toBe(200);
    } finally {
      await browser.close();
    }
  });
});

describe('the sign-in form (login CSRF)', () => {
  const fields = {
    client_id: 'shotput-desktop',
    scope: 'public upload',
    state: 'st-csrf',
    username: 'ada',
    password: 'sandbox',
    decision: 'allow',
  };
  const post = (body: Record<string, string>) =>
    fetch(`${sb.url}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });

  it('refuses a form this server did not serve, and signs in with one it did', async () => {
    const forged = await post(fields);
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
    expect(forged.headers.get('set-cookie')).toBeNull();
    expect(await post({ ...fields, form_nonce: 'made-up' }).then((r) => r.status)).toBe(403);

    const page = await (
      await fetch(
        `${sb.url}/oauth/authorize?${new URLSearchParams({ client_id: 'shotput-desktop', scope: 'public upload', state: 'st-csrf' })}`,
      )
    ).text();
    const nonce = /name="form_nonce" value="([^"]+)"/.exec(page)?.[1];
    expect(nonce).toBeDefined();
    const real = await post({ ...fields, form_nonce: nonce! });
    expect(real.status).toBe(302);
    expect(real.headers.get('location')).toMatch(/^app\.shotput:\/\/oauth\/callback\?code=/);
  });
});

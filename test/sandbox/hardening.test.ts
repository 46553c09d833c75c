// The sandbox as an attacker would try it: a body dribbled a byte at a time, a sign-in form's nonce
// posted twice or moved to another client's form, and secrets sent in a query string reaching the log.
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { start } from './helpers';
import type { Sandbox } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  // A short timeout so the test is quick; the default is 30 s.
  sb = await start({ requestTimeoutMs: 1_500, log: true });
});
afterAll(() => sb.close());
afterEach(() => vi.restoreAllMocks());

describe('a slow client', () => {
  it('sending its body one byte at a time is cut off once the request timeout passes', async () => {
    const { port } = new URL(sb.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const startedAt = Date.now();
    socket.write(
      `POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`,
    );
    const dribble = setInterval(() => socket.writable && socket.write('a'), 250);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(dribble);
    const heldMs = Date.now() - startedAt;
    // Closed after the 1.5 s timeout plus at most one check period (375 ms here), with some slack.
    expect(heldMs).toBeGreaterThanOrEqual(1_400);
    expect(heldMs).toBeLessThan(3_500);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  }, 15_000);
});

describe('the sign-in form nonce', () => {
  const signIn = (clientId: string, state: string) => ({
    client_id: clientId,
    scope: 'public',
    state,
    ...(clientId === 'web-demo' ? { redirect_uri: 'http://127.0.0.1:8765/callback' } : {}),
  });
  const post = (body: Record<string, string>) =>
    fetch(`${sb.url}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
  async function nonceFor(fields: Record<string, string>): Promise<string> {
    const page = await (await fetch(`${sb.url}/oauth/authorize?${new URLSearchParams(fields)}`)).text();
    return /name="form_nonce" value="([^"]+)"/.exec(page)![1]!;
  }
  const credentials = { username: 'ada', password: 'sandbox', decision: 'allow' };

  it('works once', async () => {
    const fields = signIn('shotput-desktop', 'st-once');
    const form_nonce = await nonceFor(fields);
    expect((await post({ ...fields, ...credentials, form_nonce })).status).toBe(302);
    expect((await post({ ...fields, ...credentials, form_nonce })).status).toBe(403);
  });

  it('works only for the client and sign-in it was issued with', async () => {
    const form_nonce = await nonceFor(signIn('shotput-desktop', 'st-bound'));
    expect((await post({ ...signIn('web-demo', 'st-bound'), ...credentials, form_nonce })).status).toBe(403);
    const other = await nonceFor(signIn('shotput-desktop', 'st-first'));
    expect((await post({ ...signIn('shotput-desktop', 'st-second'), ...credentials, form_nonce: other })).status).toBe(
      403,
    );
  });
});

describe('the request log', () => {
  it('leaves out client_secret, code and code_verifier sent in a query string', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const secrets = {
      client_secret: 'shotput-desktop-secret',
      code: 'code-in-the-query-123',
      code_verifier: 'verifier-in-the-query-456',
      access_token: 'token-in-the-query-789',
    };
    await fetch(
      `${sb.url}/oauth/token?${new URLSearchParams({ grant_type: 'authorization_code', client_id: 'shotput-desktop', ...secrets })}`,
      { method: 'POST' },
    );
    await fetch(`${sb.url}/v2/user?access_token=${secrets.access_token}`);
    const log = lines.join('');
    expect(log).toContain('POST /oauth/token?');
    for (const [name, value] of Object.entries(secrets)) expect(log, name).not.toContain(value);
  });
});

// OAuth: the authorize page, its errors, redirect_uri rules, the token endpoint, PKCE, token use.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, clientToken, control, image, shotForm, start } from './helpers';
import type { Sandbox } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());
beforeEach(() => control(sb, 'reset', {}));

interface Browser {
  cookie?: string;
}

async function getAuthorize(params: Record<string, string>, browser: Browser = {}) {
  const res = await fetch(`${sb.auth}/oauth/authorize?${new URLSearchParams(params)}`, {
    redirect: 'manual',
    headers: browser.cookie ? { cookie: browser.cookie } : {},
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[m[1]!] = m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return out;
}

/** Submits the form the page showed, as a browser would. */
async function submit(html: string, fields: Record<string, string>, browser: Browser = {}) {
  const body = new URLSearchParams({ ...hiddenInputs(html), ...fields });
  const res = await fetch(`${sb.auth}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(browser.cookie ? { cookie: browser.cookie } : {}),
    },
    body,
  });
  const setCookie = res.headers.get('set-cookie');
  if (setCookie) browser.cookie = setCookie.split(';')[0];
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** The whole browser part of the flow: page, sign in, allow. Returns the redirect. */
async function signInAndAllow(params: Record<string, string>, browser: Browser = {}, username = 'ada') {
  const page = await getAuthorize(params, browser);
  if (page.status === 302) return new URL(page.location!);
  expect(page.status).toBe(200);
  const res = await submit(page.html, { username, password: 'sandbox', decision: 'allow' }, browser);
  expect(res.status).toBe(302);
  return new URL(res.location!);
}

async function exchange(body: Record<string, string>, asJson = false, headers: Record<string, string> = {}) {
  const res = await fetch(`${sb.auth}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded', ...headers },
    body: asJson ? JSON.stringify(body) : new URLSearchParams(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, string>, headers: res.headers };
}

const desktop = { client_id: 'shotput-desktop', client_secret: 'shotput-desktop-secret' };

describe('authorize page', () => {
  it('is a plain form: username and password, the requested scopes, allow and deny, state in hidden inputs', async () => {
    const page = await getAuthorize({ client_id: 'shotput-desktop', scope: 'public upload', state: 'st-1' });
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<form method="post" action="\/oauth\/authorize">/);
    expect(page.html).toMatch(/<input type="text" name="username"/);
    expect(page.html).toMatch(/<input type="password" name="password"/);
    expect(page.html).toContain('Demo accounts: ada, ben, cleo or studio, password <code>sandbox</code>.');
    expect(page.html).toMatch(/<button type="submit" name="decision" value="allow">/);
    expect(page.html).toMatch(/<button type="submit" name="decision" value="deny">/);
    expect(page.html).toContain('data-scope="public"');
    expect(page.html).toContain('data-scope="upload"');
    expect(page.html).not.toContain('data-scope="comment"');
    expect(hiddenInputs(page.html)).toEqual({
      client_id: 'shotput-desktop',
      scope: 'public upload',
      state: 'st-1',
      form_nonce: expect.stringMatching(/^[\w-]{32}$/),
    });
  });

  it('signs in, sets a session cookie and redirects to the callback with code and state', async () => {
    const browser: Browser = {};
    const page = await getAuthorize({ client_id: 'shotput-desktop', state: 'abc' });
    const res = await submit(page.html, { username: 'ada', password: 'sandbox', decision: 'allow' }, browser);
    expect(res.status).toBe(302);
    const loc = new URL(res.location!);
    expect(`${loc.protocol}//${loc.host}${loc.pathname}`).toBe('app.shotput://oauth/callback');
    expect(loc.searchParams.get('state')).toBe('abc');
    expect(loc.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(browser.cookie).toMatch(/^sandbox_session=/);
    // Signed in: the page no longer asks for a password.
    const again = await getAuthorize({ client_id: 'web-demo', state: 'x' }, browser);
    expect(again.status).toBe(200);
    expect(again.html).not.toContain('name="password"');
    expect(again.html).toContain('Signed in as <strong>ada</strong>');
  });

  it('shows the form again with a message on a wrong password (no redirect)', async () => {
    const page = await getAuthorize({ client_id: 'shotput-desktop', state: 's' });
    const res = await submit(page.html, { username: 'ada', password: 'nope', decision: 'allow' });
    expect(res.status).toBe(200);
    expect(res.location).toBeNull();
    expect(res.html).toContain('Wrong username or password.');
    expect(res.html).toContain('name="password"');
    expect(hiddenInputs(res.html).state).toBe('s');
  });

  it('redirects access_denied with the state when the user denies', async () => {
    const page = await getAuthorize({ client_id: 'web-demo', state: 'deny-me' });
    const res = await submit(page.html, { decision: 'deny' });
    const loc = new URL(res.location!);
    expect(loc.origin + loc.pathname).toBe('http://127.0.0.1:8765/callback');
    expect(loc.searchParams.get('error')).toBe('access_denied');
    expect(loc.searchParams.get('error_description')).toBeTruthy();
    expect(loc.searchParams.get('state')).toBe('deny-me');
    expect(loc.searchParams.get('code')).toBeNull();
  });

  it('redirects application_suspended to the registered callback with the state', async () => {
    const res = await getAuthorize({ client_id: 'suspended-app', state: 'st' });
    expect(res.status).toBe(302);
    const loc = new URL(res.location!);
    expect(loc.origin + loc.pathname).toBe('http://127.0.0.1:8765/callback');
    expect(loc.searchParams.get('error')).toBe('application_suspended');
    expect(loc.searchParams.get('error_description')).toBeTruthy();
    expect(loc.searchParams.get('state')).toBe('st');
  });

  it('answers an unknown client with an error page (there is no callback to redirect to)', async () => {
    expect((await getAuthorize({ client_id: 'nobody' })).status).toBe(400);
    expect((await getAuthorize({})).status).toBe(400);
  });

  describe('redirect_uri rules', () => {
    const invalid = [
      ['web-demo', 'https://127.0.0.1:8765/callback', 'another scheme'],
      ['web-demo', 'http://localhost:8765/callback', 'another host'],
      ['web-demo', 'http://127.0.0.1:8766/callback', 'another port'],
      ['web-demo', 'http://127.0.0.1/callback', 'no port'],
      ['web-demo', 'http://127.0.0.1:8765/', 'a shorter path'],
      ['web-demo', 'http://127.0.0.1:8765/callbackx', 'a sibling path'],
      ['web-demo', 'http://127.0.0.1:8765/callback/../other', 'a path that climbs out'],
      ['web-demo', 'not a url', 'garbage'],
      ['shotput-desktop', 'app.other://oauth/callback', 'another custom scheme'],
      ['shotput-desktop', 'app.shotput://evil/callback', 'a custom scheme with another host'],
      ['shotput-desktop', 'app.shotput://oauth/', 'a custom scheme with a shorter path'],
    ];
    for (const [client, uri, why] of invalid) {
      it(`rejects ${why} with invalid_redirect_uri at the registered callback`, async () => {
        const res = await getAuthorize({ client_id: client!, redirect_uri: uri!, state: 'q' });
        expect(res.status).toBe(302);
        const loc = new URL(res.location!);
        const registered = client === 'web-demo' ? 'http://127.0.0.1:8765/callback' : 'app.shotput://oauth/callback';
        expect(res.location!.startsWith(`${registered}?`)).toBe(true);
        expect(loc.searchParams.get('error')).toBe('invalid_redirect_uri');
        expect(loc.searchParams.get('state')).toBe('q');
      });
    }
    const valid = [
      ['web-demo', 'http://127.0.0.1:8765/callback'],
      ['web-demo', 'http://127.0.0.1:8765/callback/deeper/still'],
      ['web-demo', 'http://127.0.0.1:8765/callback?keep=1'],
      ['shotput-desktop', 'app.shotput://oauth/callback'],
      ['shotput-desktop', 'app.shotput://oauth/callback/window-2'],
    ];
    for (const [client, uri] of valid) {
      it(`accepts ${uri} and redirects there`, async () => {
        const loc = await signInAndAllow({ client_id: client!, redirect_uri: uri!, state: 'ok' });
        const expected = new URL(uri!);
        expect(loc.protocol).toBe(expected.protocol);
        expect(loc.host).toBe(expected.host);
        expect(loc.pathname).toBe(expected.pathname);
        expect(loc.searchParams.get('code')).toBeTruthy();
        expect(loc.searchParams.get('state')).toBe('ok');
        if (uri!.includes('keep=1')) expect(loc.searchParams.get('keep')).toBe('1');
        const tok = await exchange({
          client_id: client!,
          client_secret: `${client}-secret`,
          code: loc.searchParams.get('code')!,
          redirect_uri: uri!,
        });
        expect(tok.status).toBe(200);
      });
    }
  });
});

describe('scopes of the flow', () => {
  it('defaults to public', async () => {
    const page = await getAuthorize({ client_id: 'shotput-desktop' });
    expect(hiddenInputs(page.html).scope).toBe('public');
    const loc = await signInAndAllow({ client_id: 'shotput-desktop' });
    const tok = await exchange({ ...desktop, code: loc.searchParams.get('code')! });
    expect(tok.json).toMatchObject({ token_type: 'bearer', scope: 'public' });
  });

  it('grants the requested scopes', async () => {
    const loc = await signInAndAllow({ client_id: 'shotput-desktop', scope: 'public upload comment' });
    const tok = await exchange({ ...desktop, code: loc.searchParams.get('code')! });
    expect(tok.json.scope).toBe('public comment upload');
    expect(tok.json.access_token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it('skips the page for a signed-in user who already has a token, completing with the previous scopes', async () => {
    const browser: Browser = {};
    const first = await signInAndAllow({ client_id: 'shotput-desktop', scope: 'public upload', state: 'one' }, browser);
    await exchange({ ...desktop, code: first.searchParams.get('code')! });
    const again = await getAuthorize({ client_id: 'shotput-desktop', scope: 'public write', state: 'two' }, browser);
    expect(again.status).toBe(302);
    const loc = new URL(again.location!);
    expect(loc.searchParams.get('state')).toBe('two');
    const tok = await exchange({ ...desktop, code: loc.searchParams.get('code')! });
    expect(tok.json.scope).toBe('public upload');
  });

  it('does not skip the page for another application or without a session', async () => {
    const browser: Browser = {};
    const first = await signInAndAllow({ client_id: 'shotput-desktop' }, browser);
    await exchange({ ...desktop, code: first.searchParams.get('code')! });
    expect((await getAuthorize({ client_id: 'web-demo' }, browser)).status).toBe(200);
    expect((await getAuthorize({ client_id: 'shotput-desktop' })).status).toBe(200);
  });
});

describe('token endpoint', () => {
  async function freshCode(params: Record<string, string> = {}, client = 'shotput-desktop') {
    const loc = await signInAndAllow({ client_id: client, ...params });
    return loc.searchParams.get('code')!;
  }

  it('accepts form-encoded and JSON bodies', async () => {
    const a = await exchange({ ...desktop, code: await freshCode() });
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toBe('no-store');
    const b = await exchange({ ...desktop, code: await freshCode() }, true);
    expect(b.status).toBe(200);
    expect(Object.keys(b.json).sort()).toEqual(['access_token', 'scope', 'token_type']);
  });

  it('accepts the parameters in the query string, as some client libraries send them', async () => {
    const query = new URLSearchParams({ ...desktop, code: await freshCode() });
    const res = await fetch(`${sb.auth}/oauth/token?${query}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Record<string, string>).token_type).toBe('bearer');
  });

  it('answers as the deployed service does under the deployed profile: "Bearer" and created_at', async () => {
    await control(sb, 'profile', { profile: 'deployed' });
    try {
      const res = await exchange({ ...desktop, code: await freshCode() });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ token_type: 'Bearer' });
      expect(Number(res.json.created_at)).toBeGreaterThan(1_600_000_000);
    } finally {
      await control(sb, 'profile', { profile: 'spec' });
    }
  });

  it('accepts client credentials by HTTP Basic', async () => {
    const code = await freshCode();
    const basic = Buffer.from('shotput-desktop:shotput-desktop-secret').toString('base64');
    const res = await exchange({ code }, false, { authorization: `Basic ${basic}` });
    expect(res.status).toBe(200);
  });

  it('answers invalid_client with 401 for a wrong secret, an unknown client or no client authentication', async () => {
    const code = await freshCode();
    const bodies: Record<string, string>[] = [
      { client_id: 'shotput-desktop', client_secret: 'wrong', code },
      { client_id: 'nobody', client_secret: 'x', code },
      { client_id: 'shotput-desktop', code },
      { code },
    ];
    for (const body of bodies) {
      const res = await exchange(body);
      expect(res.status).toBe(401);
      expect(res.json.error).toBe('invalid_client');
      expect(typeof res.json.error_description).toBe('string');
    }
    const basic = Buffer.from('shotput-desktop:bad').toString('base64');
    const res = await exchange({ code }, false, { authorization: `Basic ${basic}` });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe('invalid_client');
    // The code was not burnt by the failed attempts.
    expect((await exchange({ ...desktop, code })).status).toBe(200);
  });

  it('answers invalid_grant with 400 for a wrong code', async () => {
    const res = await exchange({ ...desktop, code: 'not-a-code' });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_grant');
    expect(typeof res.json.error_description).toBe('string');
  });

  it('codes are single-use', async () => {
    const code = await freshCode();
    expect((await exchange({ ...desktop, code })).status).toBe(200);
    const again = await exchange({ ...desktop, code });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe('invalid_grant');
  });

  it('codes expire after 10 minutes on the sandbox clock', async () => {
    const fresh = await freshCode();
    await control(sb, 'clock', { advance_s: 590 });
    expect((await exchange({ ...desktop, code: fresh })).status).toBe(200);
    const old = await freshCode();
    await control(sb, 'clock', { advance_s: 601 });
    const res = await exchange({ ...desktop, code: old });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_grant');
  });

  it('codes are bound to the client', async () => {
    const code = await freshCode();
    const res = await exchange({ client_id: 'web-demo', client_secret: 'web-demo-secret', code });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_grant');
  });

  it('codes are bound to the redirect_uri of the authorize request when one is sent', async () => {
    const uri = 'app.shotput://oauth/callback/a';
    const code = await freshCode({ redirect_uri: uri });
    for (const redirect_uri of ['app.shotput://oauth/callback', 'app.shotput://oauth/callback/b']) {
      const res = await exchange({ ...desktop, code, redirect_uri });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('invalid_grant');
    }
    expect((await exchange({ ...desktop, code, redirect_uri: uri })).status).toBe(200);
  });

  it('takes a token request without redirect_uri (optional there, and real clients leave it out)', async () => {
    const code = await freshCode({ redirect_uri: 'app.shotput://oauth/callback/a' });
    const res = await exchange({ ...desktop, code });
    expect(res.status).toBe(200);
    expect(typeof res.json.access_token).toBe('string');
  });

  it('rejects a redirect_uri that does not match the registration with invalid_grant', async () => {
    const code = await freshCode();
    const res = await exchange({ ...desktop, code, redirect_uri: 'https://evil.example/callback' });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_grant');
    // Omitted at authorize: the registered callback (or nothing) is accepted at the token endpoint.
    expect((await exchange({ ...desktop, code, redirect_uri: 'app.shotput://oauth/callback' })).status).toBe(200);
  });

  it('verifies PKCE S256 when the authorize request carried a code_challenge', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const page = await getAuthorize({ client_id: 'shotput-desktop', ...pkce });
    expect(hiddenInputs(page.html)).toMatchObject(pkce);

    const noVerifier = await exchange({ ...desktop, code: await freshCode(pkce) });
    expect(noVerifier.status).toBe(400);
    expect(noVerifier.json.error).toBe('invalid_grant');

    const wrong = await exchange({
      ...desktop,
      code: await freshCode(pkce),
      code_verifier: randomBytes(32).toString('base64url'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('invalid_grant');

    const right = await exchange({ ...desktop, code: await freshCode(pkce), code_verifier: verifier });
    expect(right.status).toBe(200);

    // Without a challenge, a verifier is ignored (as the real service ignores PKCE).
    const plain = await exchange({ ...desktop, code: await freshCode(), code_verifier: verifier });
    expect(plain.status).toBe(200);
  });

  it('answers bad JSON and unknown grant types as OAuth errors, never 5xx', async () => {
    const res = await fetch(`${sb.auth}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    const grant = await exchange({ ...desktop, grant_type: 'password', code: 'x' });
    expect(grant.status).toBe(400);
    expect(grant.json.error).toBe('unsupported_grant_type');
  });
});

describe('using tokens', () => {
  it('accepts Authorization: Bearer and the access_token query parameter', async () => {
    const loc = await signInAndAllow({ client_id: 'shotput-desktop', scope: 'public' });
    const { json } = await exchange({ ...desktop, code: loc.searchParams.get('code')! });
    const header = await api(sb, 'GET', '/v2/user', json.access_token);
    expect(header.status).toBe(200);
    expect(header.json.username).toBe('ada');
    const query = await api(sb, 'GET', `/v2/user?access_token=${encodeURIComponent(json.access_token!)}`);
    expect(query.status).toBe(200);
    expect(query.json.username).toBe('ada');
  });

  it('answers a missing or unknown token with 401 Bad credentials', async () => {
    for (const tok of [undefined, 'nope']) {
      const res = await api(sb, 'GET', '/v2/user', tok);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: 'Bad credentials.' });
    }
    const revoked = await control<{ access_token: string }>(sb, 'tokens', { username: 'ben', client_id: 'web-demo' });
    await control(sb, 'tokens/revoke', { access_token: revoked.access_token });
    expect((await api(sb, 'GET', '/v2/user', revoked.access_token)).status).toBe(401);
  });

  it('revokes every token a user gave an application, for a client whose token the test cannot see', async () => {
    const given = [];
    for (let i = 0; i < 2; i++)
      given.push(await control<{ access_token: string }>(sb, 'tokens', { username: 'ben', client_id: 'web-demo' }));
    const other = await control<{ access_token: string }>(sb, 'tokens', { username: 'ada', client_id: 'web-demo' });
    const answer = await control<{ count: number }>(sb, 'tokens/revoke', { username: 'ben', client_id: 'web-demo' });
    expect(answer.count).toBeGreaterThanOrEqual(2);
    for (const token of given) expect((await api(sb, 'GET', '/v2/user', token.access_token)).status).toBe(401);
    expect((await api(sb, 'GET', '/v2/user', other.access_token)).status).toBe(200);
  });

  it('the client flow token is read-only', async () => {
    const tok = await clientToken(sb);
    const res = await control<Record<string, string>>(sb, 'tokens', {
      client_id: 'shotput-desktop',
      client_flow: true,
    });
    expect(res).toEqual({ access_token: tok, token_type: 'bearer', scope: 'public' });
    expect((await api(sb, 'GET', '/v2/popular_shots', tok)).status).toBe(200);
    expect((await api(sb, 'GET', '/v1/shots/1001/comments', tok)).status).toBe(200);
    expect((await api(sb, 'POST', '/v1/shots/1001/comments', tok, { body: 'hi' })).status).toBe(403);
    expect((await api(sb, 'POST', '/v1/shots/1001/comments/5001/like', tok)).status).toBe(403);
    expect((await api(sb, 'POST', '/v2/shots', tok, shotForm({ title: 'x' }, await image(400, 300)))).status).toBe(403);
    expect((await api(sb, 'GET', '/v2/user', tok)).status).toBe(403);
  });
});

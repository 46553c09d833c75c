// Cross-cutting rules: rate limits, pagination, error format, the control API and faults.
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, clientToken, control, createShot, start, token } from './helpers';
import type { Sandbox } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());
beforeEach(() => control(sb, 'reset', {}));

describe('rate limit', () => {
  it('every /v1 and /v2 response carries the headers; remaining is 59 after the first request', async () => {
    const tok = await token(sb, 'ada');
    const state = await control<{ now: string }>(sb, 'state');
    const first = await api(sb, 'GET', '/v2/user', tok);
    expect(first.headers.get('x-ratelimit-limit')).toBe('60');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('59');
    const reset = Number(first.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.parse(state.now) / 1000) + 59);
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 61);
    // Errors count too and carry the headers.
    const seq = [
      await api(sb, 'GET', '/v2/shots/999999', tok),
      await api(sb, 'GET', '/v1/shots/1001/comments/5001/like', tok),
      await api(sb, 'POST', '/v1/shots/1001/comments', tok, '{bad', { 'content-type': 'application/json' }),
      await api(sb, 'GET', '/v2/no/such/path', tok),
      await api(sb, 'PATCH', '/v2/user', tok),
      await api(sb, 'GET', '/v1/shots/1001/comments', tok),
    ];
    expect(seq.map((r) => r.status)).toEqual([404, 200, 400, 404, 404, 200]);
    expect(seq.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['58', '57', '56', '55', '54', '53']);
    for (const r of seq) expect(r.headers.get('x-ratelimit-reset')).toBe(String(reset));
    // Control API, OAuth and image requests are not counted.
    await control(sb, 'state');
    await fetch(`${sb.url}/oauth/authorize?client_id=shotput-desktop`);
    expect((await api(sb, 'GET', '/v2/user', tok)).headers.get('x-ratelimit-remaining')).toBe('52');
  });

  it('the reset time follows the sandbox clock', async () => {
    await control(sb, 'clock', { now: '2031-05-01T10:00:00Z' });
    const tok = await token(sb, 'ben');
    const res = await api(sb, 'GET', '/v2/user', tok);
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(Date.parse('2031-05-01T10:01:00Z') / 1000);
    expect(reset).toBeLessThanOrEqual(Date.parse('2031-05-01T10:01:02Z') / 1000);
  });

  it('is per application and user; several tokens of the same pair share a window', async () => {
    const a1 = await token(sb, 'ada');
    const a2 = await token(sb, 'ada', ['public', 'upload']);
    const b = await token(sb, 'ben');
    const aWeb = await token(sb, 'ada', ['public'], 'web-demo');
    const c = await clientToken(sb);
    const rem = async (t: string) =>
      (await api(sb, 'GET', '/v1/shots/1001/comments', t)).headers.get('x-ratelimit-remaining');
    expect(await rem(a1)).toBe('59');
    expect(await rem(a2)).toBe('58');
    expect(await rem(b)).toBe('59');
    expect(await rem(aWeb)).toBe('59');
    expect(await rem(c)).toBe('59');
    expect(await rem(c)).toBe('58');
  });

  it('past the limit: 429 with the message, until the window passes on the sandbox clock', async () => {
    const small = await start({ rateLimit: 3, rateWindowS: 30 });
    try {
      const tok = await token(small, 'ada');
      const statuses: number[] = [];
      const remaining: (string | null)[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await api(small, 'GET', '/v2/user', tok);
        statuses.push(r.status);
        remaining.push(r.headers.get('x-ratelimit-remaining'));
        if (r.status === 429) {
          expect(r.json).toEqual({ message: 'API rate limit exceeded.' });
          expect(r.headers.get('x-ratelimit-limit')).toBe('3');
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(remaining).toEqual(['2', '1', '0', '0', '0']);
      // Another user is not affected.
      expect((await api(small, 'GET', '/v2/user', await token(small, 'ben'))).status).toBe(200);
      await control(small, 'clock', { advance_s: 31 });
      const after = await api(small, 'GET', '/v2/user', tok);
      expect(after.status).toBe(200);
      expect(after.headers.get('x-ratelimit-remaining')).toBe('2');
    } finally {
      await small.close();
    }
  });

  it('requests without a valid token are counted per client address and answered 401', async () => {
    const small = await start({ rateLimit: 2 });
    try {
      const a = await api(small, 'GET', '/v2/user');
      const b = await api(small, 'GET', '/v2/user', 'garbage');
      const c = await api(small, 'GET', '/v2/user');
      expect([a.status, b.status, c.status]).toEqual([401, 401, 429]);
      expect(a.json).toEqual({ message: 'Bad credentials.' });
      expect([a, b, c].map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['1', '0', '0']);
      // A valid token has its own window.
      expect((await api(small, 'GET', '/v2/user', await token(small, 'ada'))).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('pagination', () => {
  it('page/per_page with Link headers; default 30, at most 100', async () => {
    const many = await start({ rateLimit: 1000 });
    try {
      const tok = await token(many, 'ben', ['public', 'comment']);
      for (let i = 0; i < 105; i++) {
        const r = await api(many, 'POST', '/v1/shots/1001/comments', tok, { body: `comment ${i}` });
        expect(r.status).toBe(201);
      }
      const total = 105 + 2;
      const def = await api(many, 'GET', '/v1/shots/1001/comments', tok);
      expect(def.json).toHaveLength(30);
      const link = def.headers.get('link')!;
      expect(link).toContain(`<${many.api}/v1/shots/1001/comments?page=2&per_page=30>; rel="next"`);
      expect(link).toContain(`<${many.api}/v1/shots/1001/comments?page=4&per_page=30>; rel="last"`);
      expect(link).not.toContain('rel="prev"');
      const last = await api(many, 'GET', '/v1/shots/1001/comments?page=4', tok);
      expect(last.json).toHaveLength(total - 90);
      expect(last.headers.get('link')).toContain('page=3&per_page=30>; rel="prev"');
      expect(last.headers.get('link')).not.toContain('rel="next"');
      expect((await api(many, 'GET', '/v1/shots/1001/comments?per_page=100', tok)).json).toHaveLength(100);
      expect((await api(many, 'GET', '/v1/shots/1001/comments?per_page=1000', tok)).json).toHaveLength(100);
      const p2 = await api(many, 'GET', '/v1/shots/1001/comments?page=2&per_page=5', tok);
      const all = await api(many, 'GET', '/v1/shots/1001/comments?per_page=100', tok);
      expect(p2.json.map((c: { id: number }) => c.id)).toEqual(all.json.slice(5, 10).map((c: { id: number }) => c.id));
      const beyond = await api(many, 'GET', '/v1/shots/1001/comments?page=99', tok);
      expect(beyond.status).toBe(200);
      expect(beyond.json).toEqual([]);
      // The token in the query is not copied into Link.
      const q = await api(many, 'GET', `/v1/shots/1001/comments?per_page=10&access_token=${tok}`);
      expect(q.headers.get('link')).not.toContain(tok);
      // Own shots and popular shots paginate the same way.
      const ada = await token(many, 'ada', ['public', 'upload']);
      for (let i = 0; i < 3; i++) await createShot(many, ada);
      const shots = await api(many, 'GET', '/v2/user/shots?per_page=2', ada);
      expect(shots.json).toHaveLength(2);
      expect(shots.headers.get('link')).toContain('rel="next"');
      const popular = await api(many, 'GET', '/v2/popular_shots?per_page=2&page=2', ada);
      expect(popular.json).toHaveLength(2);
      expect(popular.headers.get('link')).toContain('rel="prev"');
      const likes = await api(many, 'GET', '/v1/shots/1001/comments/5001/likes?per_page=1', ada);
      expect(likes.json).toHaveLength(1);
      expect(likes.headers.get('link')).toContain('rel="next"');
    } finally {
      await many.close();
    }
  });
});

describe('errors', () => {
  it('are JSON with a message and the right status', async () => {
    const tok = await token(sb, 'ada', ['public', 'comment']);
    const bad = await api(sb, 'POST', '/v1/shots/1001/comments', tok, '{"body":', {
      'content-type': 'application/json',
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'Problem parsing JSON.' });
    const wrongType = await api(sb, 'POST', '/v1/shots/1001/comments', tok, 'body=x', { 'content-type': 'text/csv' });
    expect(wrongType.status).toBe(415);
    expect(typeof wrongType.json.message).toBe('string');
    const unknown = await api(sb, 'GET', '/v2/nothing-here', tok);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: 'Not found.' });
    const method = await api(sb, 'PATCH', '/v2/shots/1001', tok);
    expect(method.status).toBe(404);
    const arr = await api(sb, 'POST', '/v1/shots/1001/comments', tok, [1, 2]);
    expect(arr.status).toBe(400);
    const val = await api(sb, 'POST', '/v1/shots/1001/comments', tok, { body: '' });
    expect(val.status).toBe(422);
    expect(val.json).toEqual({
      message: 'Validation failed.',
      errors: [{ attribute: 'body', message: "can't be blank" }],
    });
    expect(val.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('control API', () => {
  it('state has the seeded users and applications exactly', async () => {
    const s = await control<{ users: Record<string, unknown>[]; applications: Record<string, unknown>[] }>(sb, 'state');
    expect(s.users.map(({ id, username, type, pro, teams }) => ({ id, username, type, pro, teams }))).toEqual([
      { id: 1, username: 'ada', type: 'Player', pro: true, teams: [4] },
      { id: 2, username: 'ben', type: 'Player', pro: false, teams: [] },
      { id: 3, username: 'cleo', type: 'Player', pro: false, teams: [4] },
      { id: 4, username: 'studio', type: 'Team', pro: false, teams: [] },
    ]);
    expect(s.applications).toEqual([
      {
        client_id: 'shotput-desktop',
        client_secret: 'shotput-desktop-secret',
        callback_url: 'app.shotput://oauth/callback',
        approved: true,
        suspended: false,
      },
      {
        client_id: 'web-demo',
        client_secret: 'web-demo-secret',
        callback_url: 'http://127.0.0.1:8765/callback',
        approved: false,
        suspended: false,
      },
      {
        client_id: 'suspended-app',
        client_secret: 'suspended-secret',
        callback_url: 'http://127.0.0.1:8765/callback',
        approved: false,
        suspended: true,
      },
    ]);
  });

  it('issues tokens as the token endpoint does', async () => {
    const r = await control<Record<string, string>>(sb, 'tokens', {
      username: 'ada',
      client_id: 'shotput-desktop',
      scopes: ['public', 'upload'],
    });
    expect(Object.keys(r).sort()).toEqual(['access_token', 'scope', 'token_type']);
    expect(r).toMatchObject({ token_type: 'bearer', scope: 'public upload' });
    const bad = await fetch(`${sb.url}/_sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ada', client_id: 'shotput-desktop', scopes: ['admin'] }),
    });
    expect(bad.status).toBe(400);
    const nobody = await fetch(`${sb.url}/_sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'zed', client_id: 'shotput-desktop' }),
    });
    expect(nobody.status).toBe(404);
  });

  it('sets and advances the clock', async () => {
    expect(await control(sb, 'clock', { now: '2030-01-01T00:00:00Z' })).toEqual({ now: '2030-01-01T00:00:00Z' });
    const r = await control<{ now: string }>(sb, 'clock', { advance_s: 90 });
    expect(Date.parse(r.now) - Date.parse('2030-01-01T00:01:30Z')).toBeLessThan(3000);
    const bad = await fetch(`${sb.url}/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"now":"soon"}',
    });
    expect(bad.status).toBe(400);
  });

  it('reset goes back to the seed', async () => {
    const tok = await token(sb, 'ada', ['public', 'upload']);
    const id = await createShot(sb, tok);
    await control(sb, 'clock', { advance_s: 86400 });
    await control(sb, 'reset', {});
    const s = await control<{ users: { username: string; shots: number }[]; now: string }>(sb, 'state');
    expect(s.users.find((u) => u.username === 'ada')!.shots).toBe(3);
    expect(Math.abs(Date.parse(s.now) - Date.now())).toBeLessThan(5000);
    expect((await api(sb, 'GET', `/v2/shots/${id}`, tok)).status).toBe(401);
    const fresh = await token(sb, 'ada', ['public', 'upload']);
    expect((await api(sb, 'GET', '/v2/user/shots', fresh)).json.map((x: { id: number }) => x.id)).toEqual([
      1003, 1002, 1001,
    ]);
  });

  it('answers only on loopback', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (!external) return; // no non-loopback interface on this machine: nothing to test against
    const open = await start({ host: '0.0.0.0' });
    try {
      const port = new URL(open.url).port;
      const res = await fetch(`http://${external}:${port}/_sandbox/state`);
      expect(res.status).toBe(403);
      expect((await fetch(`http://127.0.0.1:${port}/_sandbox/state`)).status).toBe(200);
      expect((await fetch(`http://${external}:${port}/v2/user`)).status).toBe(401);
    } finally {
      await open.close();
    }
  });
});

describe('faults', () => {
  it('status faults apply to /v1 and /v2 only, with rate headers; {} clears them', async () => {
    const tok = await token(sb, 'ada');
    await control(sb, 'faults', { status: 503, rate: 1 });
    const r = await api(sb, 'GET', '/v2/user', tok);
    expect(r.status).toBe(503);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('59');
    expect((await api(sb, 'GET', '/v1/shots/1001/comments', tok)).status).toBe(503);
    expect((await fetch(`${sb.url}/oauth/authorize?client_id=shotput-desktop`)).status).toBe(200);
    expect((await fetch(`${sb.url}/_sandbox/state`)).status).toBe(200);
    await control(sb, 'faults', {});
    expect((await api(sb, 'GET', '/v2/user', tok)).status).toBe(200);
  });

  it('a 500 rate applies to about that share of requests', async () => {
    const tok = await token(sb, 'ada');
    const many = await start({ rateLimit: 10_000 });
    try {
      const t = await token(many, 'ada');
      await control(many, 'faults', { status: 500, rate: 0.5 });
      let errors = 0;
      for (let i = 0; i < 200; i++) if ((await api(many, 'GET', '/v2/user', t)).status === 500) errors++;
      expect(errors).toBeGreaterThan(60);
      expect(errors).toBeLessThan(140);
    } finally {
      await many.close();
    }
    expect((await api(sb, 'GET', '/v2/user', tok)).status).toBe(200);
  });

  it('a seed makes the faults fall the same way each time it is set', async () => {
    const many = await start({ rateLimit: 10_000 });
    try {
      const t = await token(many, 'ada');
      const statuses = async () => {
        await control(many, 'faults', { status: 500, rate: 0.5, seed: 7 });
        const seen: number[] = [];
        for (let i = 0; i < 24; i++) seen.push((await api(many, 'GET', '/v2/user', t)).status);
        return seen;
      };
      const first = await statuses();
      expect(first).toContain(500);
      expect(first).toContain(200);
      expect(await statuses()).toEqual(first);
    } finally {
      await many.close();
    }
  });

  it('reset_rate drops the connection', async () => {
    const tok = await token(sb, 'ada');
    await control(sb, 'faults', { reset_rate: 1 });
    await expect(fetch(`${sb.api}/v2/user`, { headers: { authorization: `Bearer ${tok}` } })).rejects.toThrow();
    expect((await fetch(`${sb.url}/_sandbox/state`)).status).toBe(200);
    await control(sb, 'faults', {});
    expect((await api(sb, 'GET', '/v2/user', tok)).status).toBe(200);
  });

  it('latency_ms delays API answers', async () => {
    const tok = await token(sb, 'ada');
    await control(sb, 'faults', { latency_ms: 250 });
    const t0 = Date.now();
    expect((await api(sb, 'GET', '/v2/user', tok)).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(240);
    const t1 = Date.now();
    await control(sb, 'state');
    expect(Date.now() - t1).toBeLessThan(200);
  });

  it('rejects bad fault settings', async () => {
    const res = await fetch(`${sb.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rate: 7 }),
    });
    expect(res.status).toBe(400);
  });
});

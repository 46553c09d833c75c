// Thousands of malformed requests: none may get a 5xx, and the process must keep answering.
// Deterministic (seeded) so a failure can be replayed; the seed is in the failure message.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, image, start, token } from './helpers';
import type { Sandbox } from './helpers';

const SEED = Number(process.env.SANDBOX_FUZZ_SEED ?? 20240611);

function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  return { next, int, pick, bytes };
}

let sb: Sandbox;
let host: string;
let port: number;
let tokens: string[];
let smallPng: Buffer;
let bigPng: Buffer;

beforeAll(async () => {
  sb = await start({ rateLimit: 1_000_000 });
  const u = new URL(sb.url);
  host = u.hostname;
  port = Number(u.port);
  tokens = [
    await token(sb, 'ada', ['public', 'write', 'comment', 'upload']),
    await token(sb, 'ben', ['public', 'comment']),
    await token(sb, 'cleo', ['public', 'upload']),
    await token(sb, 'studio', ['public', 'write', 'comment', 'upload']),
    (await control<{ access_token: string }>(sb, 'tokens', { client_id: 'shotput-desktop', client_flow: true }))
      .access_token,
    (
      await control<{ access_token: string }>(sb, 'tokens', {
        username: 'ada',
        client_id: 'web-demo',
        scopes: ['upload'],
      })
    ).access_token,
    (
      await control<{ access_token: string }>(sb, 'tokens', {
        username: 'ben',
        client_id: 'suspended-app',
        scopes: ['upload'],
      })
    ).access_token,
  ];
  smallPng = await image(400, 300);
  bigPng = await image(800, 600, 'jpeg');
});
afterAll(() => sb.close());

async function stillAlive() {
  const state = await fetch(`${sb.url}/_sandbox/state`);
  expect(state.status).toBe(200);
  // Also the requests whose client went away before an answer: none hit an unexpected error.
  expect(((await state.json()) as { internal_errors: number }).internal_errors).toBe(0);
  const user = await fetch(`${sb.api}/v2/user`, { headers: { authorization: `Bearer ${tokens[0]}` } });
  expect(user.status).toBe(200);
}

const BAD_IDS = ['0', '-1', '999999999999', '1e3', 'abc', '%00', '..', '1001.json', '%E2%82%AC', ''];
const SHOT_IDS = ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009'];
const COMMENT_PAIRS: [string, string][] = [
  ['1001', '5001'],
  ['1001', '5002'],
  ['1002', '5003'],
  ['1003', '5004'],
  ['1004', '5005'],
  ['1004', '5006'],
  ['1005', '5007'],
  ['1006', '5008'],
  ['1006', '5009'],
  ['1007', '5010'],
  ['1008', '5011'],
  ['1008', '5012'],
  ['1009', '5013'],
  ['1002', '5014'],
  ['1005', '5015'],
];

type Rng = ReturnType<typeof rng>;

interface Target {
  methods: string[];
  path: string;
  /** What kind of body fits: comment, shot (multipart), update, oauth, control. */
  body?: 'comment' | 'shot' | 'update' | 'oauth' | 'control';
}

/** Mostly well-aimed requests (right method, existing ids) so the fuzz reaches deep into handlers. */
function randomTarget(r: Rng): Target {
  const shot = () => (r.next() < 0.85 ? r.pick(SHOT_IDS) : r.pick(BAD_IDS));
  const pair = () => (r.next() < 0.85 ? r.pick(COMMENT_PAIRS) : [shot(), r.pick([...BAD_IDS, '5001'])]);
  const targets: (() => Target)[] = [
    () => ({ methods: ['GET', 'POST'], path: `/v1/shots/${shot()}/comments`, body: 'comment' }),
    () => {
      const [s, c] = pair();
      return { methods: ['GET', 'PUT', 'DELETE'], path: `/v1/shots/${s}/comments/${c}`, body: 'comment' };
    },
    () => {
      const [s, c] = pair();
      return { methods: ['GET'], path: `/v1/shots/${s}/comments/${c}/likes` };
    },
    () => {
      const [s, c] = pair();
      return { methods: ['GET', 'POST', 'DELETE'], path: `/v1/shots/${s}/comments/${c}/like` };
    },
    () => ({ methods: ['GET', 'PUT', 'PUT', 'DELETE'], path: `/v2/shots/${shot()}`, body: 'update' }),
    () => ({ methods: ['POST'], path: '/v2/shots', body: 'shot' }),
    () => ({ methods: ['POST'], path: '/v2/shots', body: 'shot' }),
    () => ({ methods: ['GET'], path: r.pick(['/v2/user', '/v2/user/shots', '/v2/popular_shots']) }),
    () => ({ methods: ['POST'], path: '/oauth/token', body: 'oauth' }),
    () => ({ methods: ['GET', 'POST'], path: '/oauth/authorize', body: 'oauth' }),
    () => ({ methods: ['GET'], path: '/_sandbox/state' }),
    () => ({
      methods: ['POST'],
      path: r.pick(['/_sandbox/tokens', '/_sandbox/clock', '/_sandbox/tokens/revoke']),
      body: 'control',
    }),
    () => ({
      methods: ['GET'],
      path: `/images/${r.pick(['seed', 'u', 'avatars', '..', ''])}/${shot()}/${r.pick(['normal.png', 'hidpi.gif', 'teaser.jpg', 'x', ''])}`,
    }),
    () => ({
      methods: ['GET'],
      path: `/${r.pick(['ada', 'nobody', 'shots', 'v3', 'v1', 'v2', '_sandbox', ''])}/${shot()}`,
    }),
    () => ({ methods: ['GET', 'POST'], path: `/v2/${'a/'.repeat(r.int(50))}` }),
    () => ({ methods: ['GET', 'DELETE'], path: `/v1/${encodeURIComponent(r.bytes(8).toString('latin1'))}` }),
  ];
  const t = r.pick(targets)();
  if (r.next() < 0.4) {
    const q = new URLSearchParams();
    for (let i = 0; i < 1 + r.int(4); i++) {
      q.append(
        r.pick([
          'page',
          'per_page',
          'access_token',
          'client_id',
          'redirect_uri',
          'scope',
          'state',
          'code_challenge',
          'code_challenge_method',
          'x',
        ]),
        r.pick([
          '-1',
          '0',
          '1',
          '2',
          '100',
          '101',
          '99999999999999999999',
          'abc',
          '',
          'shotput-desktop',
          'web-demo',
          'suspended-app',
          'app.shotput://oauth/callback/x',
          'javascript:alert(1)',
          'public upload',
          tokens[0]!,
          'S256',
          'plain',
          'x'.repeat(200),
        ]),
      );
    }
    t.path += `?${q.toString()}`;
  }
  return t;
}

function randomBody(r: Rng, fit: Target['body']): { body?: BodyInit; type?: string } {
  const tags = () =>
    r.pick([
      'a,b',
      '["x","y"]',
      '[1,{"a":2}]',
      '[',
      '',
      ',,,',
      'x'.repeat(300),
      JSON.stringify(Array.from({ length: 20 }, (_, i) => `t${i}`)),
    ]);
  const jsonValues: unknown[] = [
    null,
    true,
    0,
    -1,
    1.5,
    1e308,
    '',
    'x',
    '4',
    '1001',
    [],
    [1, 'a'],
    {},
    { a: { b: { c: [] } } },
    '2030-01-01T00:00:00Z',
    'yesterday',
    '9999-12-31T23:59:59Z',
    '<script>alert(1)</script> @ada @ben',
  ];
  const shotFieldNames = [
    'title',
    'description',
    'tags',
    'tags[]',
    'team_id',
    'scheduled_for',
    'low_profile',
    'rebound_source_id',
  ];
  const fields = [
    'body',
    ...shotFieldNames,
    'code',
    'client_id',
    'client_secret',
    'redirect_uri',
    'code_verifier',
    'grant_type',
    'username',
    'password',
    'decision',
    'scopes',
    'client_flow',
    'now',
    'advance_s',
    'access_token',
    '__proto__',
    'constructor',
  ];
  const valueFor = (f: string): string => {
    if (r.next() < 0.3) return String(r.pick(jsonValues));
    switch (f) {
      case 'tags':
      case 'tags[]':
        return tags();
      case 'team_id':
        return r.pick(['4', '', '2', '1']);
      case 'scheduled_for':
        return r.pick(['2099-01-01T00:00:00Z', '2001-01-01', '', 'soon']);
      case 'low_profile':
        return r.pick(['true', 'false', 'maybe']);
      case 'rebound_source_id':
        return r.pick(SHOT_IDS);
      case 'client_id':
        return r.pick(['shotput-desktop', 'web-demo', 'suspended-app', 'x']);
      case 'client_secret':
        return r.pick(['shotput-desktop-secret', 'web-demo-secret', 'wrong']);
      case 'username':
        return r.pick(['ada', 'ben', 'nobody']);
      case 'password':
        return r.pick(['sandbox', 'wrong']);
      case 'decision':
        return r.pick(['allow', 'deny', 'maybe']);
      default:
        return r.pick(['x', 'Nice work @ada', '<b>hi</b> & <script>x</script>', 'a'.repeat(300)]);
    }
  };
  // The title twice: drawn twice as often as any other field.
  const shotFields = ['title', ...shotFieldNames];
  if (fit === 'shot' && r.next() < 0.7) {
    const fd = new FormData();
    if (r.next() < 0.9) fd.append('title', valueFor('title'));
    for (let i = 0; i < r.int(5); i++) {
      const f = r.pick(shotFields);
      fd.append(f, valueFor(f));
    }
    const img =
      r.next() < 0.6
        ? r.pick([smallPng, bigPng])
        : r.pick([smallPng.subarray(0, 100), r.bytes(r.int(2000)), Buffer.alloc(0), Buffer.from('GIF89a')]);
    fd.append('image', new Blob([new Uint8Array(img)], { type: 'image/png' }), 'shot.png');
    return { body: fd };
  }
  if ((fit === 'update' || fit === 'comment' || fit === 'oauth') && r.next() < 0.7) {
    const names =
      fit === 'update'
        ? shotFields
        : fit === 'comment'
          ? ['body', 'body', 'body', 'x']
          : [
              'client_id',
              'client_secret',
              'code',
              'redirect_uri',
              'grant_type',
              'code_verifier',
              'username',
              'password',
              'decision',
              'scope',
              'state',
            ];
    const o: Record<string, string> = {};
    for (let i = 0; i < 1 + r.int(5); i++) {
      const f = r.pick(names);
      o[f] = valueFor(f);
    }
    return r.next() < 0.5
      ? { body: JSON.stringify(o), type: 'application/json' }
      : { body: new URLSearchParams(o).toString(), type: 'application/x-www-form-urlencoded' };
  }
  const kind = r.int(9);
  switch (kind) {
    case 0:
      return {};
    case 1: {
      // bad JSON
      return {
        body: r.pick([
          '{',
          '{"a":',
          'nul',
          '[1,,2]',
          '"unterminated',
          '{"a":1}}',
          '\u0000',
          '{"__proto__":{"x":1}}',
          ' ',
        ]),
        type: 'application/json',
      };
    }
    case 2: {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < r.int(6); i++) o[r.pick(fields)] = r.pick(jsonValues);
      return {
        body: JSON.stringify(r.next() < 0.1 ? r.pick(jsonValues) : o),
        type: r.pick(['application/json', 'application/json; charset=utf-8', 'application/JSON']),
      };
    }
    case 3: {
      const p = new URLSearchParams();
      for (let i = 0; i < r.int(8); i++) p.append(r.pick(fields), r.next() < 0.3 ? tags() : String(r.pick(jsonValues)));
      return { body: p.toString(), type: 'application/x-www-form-urlencoded' };
    }
    case 4: {
      const fd = new FormData();
      for (let i = 0; i < r.int(6); i++)
        fd.append(r.pick(fields), r.next() < 0.3 ? tags() : String(r.pick(jsonValues)));
      const img = r.pick([
        smallPng,
        bigPng,
        smallPng.subarray(0, 100),
        r.bytes(r.int(2000)),
        Buffer.alloc(0),
        Buffer.from('GIF89a'),
        Buffer.from('\x89PNG\r\n\x1a\n'),
      ]);
      for (let i = 0; i < r.int(3); i++)
        fd.append(
          r.pick(['image', 'image', 'file', 'title']),
          new Blob([new Uint8Array(img)], { type: r.pick(['image/png', 'text/plain', 'application/octet-stream']) }),
          r.pick(['a.png', 'b.gif', '../../etc/passwd', '']),
        );
      return { body: fd };
    }
    case 5:
      return {
        body: new Uint8Array(r.bytes(r.int(3000))),
        type: r.pick([
          'application/octet-stream',
          'text/plain',
          'image/png',
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/form-data; boundary=xyz',
          'application/json',
          'application/x-www-form-urlencoded',
          '',
        ]),
      };
    case 6:
      return {
        body:
          '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi\r\n--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n' +
          r.bytes(100).toString('latin1'),
        type: 'multipart/form-data; boundary=xyz',
      };
    case 7:
      return {
        body: 'x=' + '%'.repeat(r.int(10)) + '&y[]=1&y[]=2&y[a]=3&=&&&',
        type: 'application/x-www-form-urlencoded',
      };
    default:
      return {
        body: JSON.stringify({ body: 'a'.repeat(r.int(20_000)), title: 't'.repeat(r.int(400)) }),
        type: 'application/json',
      };
  }
}

function randomAuth(r: Rng): Record<string, string> {
  switch (r.int(7)) {
    case 0:
      return {};
    case 1:
      return { authorization: `Bearer ${r.pick(tokens)}` };
    case 2:
      return {
        authorization: r.pick([
          'Bearer',
          'Bearer ',
          'bearer  x y',
          'Basic',
          'Basic !!!',
          `Basic ${Buffer.from('shotput-desktop:shotput-desktop-secret').toString('base64')}`,
          `Basic ${Buffer.from('nocolon').toString('base64')}`,
          'Token abc',
          '\t',
        ]),
      };
    case 3:
      return {
        cookie: r.pick([
          'sandbox_session=abc',
          'sandbox_session=',
          'a=b; sandbox_session=%zz',
          '=;=;',
          'x'.repeat(3000),
        ]),
      };
    default:
      return { authorization: `Bearer ${r.pick(tokens)}` };
  }
}

interface RawCase {
  name: string;
  data: Buffer[];
  /** Close the socket after writing without waiting for an answer. */
  abort?: boolean;
}

function rawCases(r: Rng): RawCase {
  const tok = r.pick(tokens);
  const crlf = '\r\n';
  const head = (method: string, path: string, headers: string[]) =>
    `${method} ${path} HTTP/1.1${crlf}Host: ${host}${crlf}${headers.join(crlf)}${headers.length ? crlf : ''}${crlf}`;
  const boundary = 'b' + r.int(1e6);
  const multipartStart = `--${boundary}${crlf}Content-Disposition: form-data; name="image"; filename="x.png"${crlf}Content-Type: image/png${crlf}${crlf}`;
  const kind = r.int(10);
  switch (kind) {
    case 0: {
      // Truncated multipart: Content-Length promises more than is sent, then the client goes away.
      const body = Buffer.concat([Buffer.from(multipartStart), smallPng.subarray(0, r.int(smallPng.length))]);
      return {
        name: 'truncated multipart',
        abort: true,
        data: [
          Buffer.from(
            head('POST', '/v2/shots', [
              `Authorization: Bearer ${tok}`,
              `Content-Type: multipart/form-data; boundary=${boundary}`,
              `Content-Length: ${body.length + 5000}`,
            ]),
          ),
          body,
        ],
      };
    }
    case 1: {
      // Multipart that ends early but the length is honest: no closing boundary.
      const body = Buffer.concat([
        Buffer.from(`--${boundary}${crlf}Content-Disposition: form-data; name="title"${crlf}${crlf}t${crlf}`),
        Buffer.from(multipartStart),
        smallPng.subarray(0, r.int(200)),
      ]);
      return {
        name: 'unterminated multipart',
        data: [
          Buffer.from(
            head('POST', '/v2/shots', [
              `Authorization: Bearer ${tok}`,
              `Content-Type: multipart/form-data; boundary=${boundary}`,
              `Content-Length: ${body.length}`,
              'Connection: close',
            ]),
          ),
          body,
        ],
      };
    }
    case 2: {
      const body = r.bytes(r.int(500));
      return {
        name: 'garbage multipart',
        data: [
          Buffer.from(
            head('POST', r.pick(['/v2/shots', '/v1/shots/1001/comments', '/oauth/token', '/oauth/authorize']), [
              `Authorization: Bearer ${tok}`,
              `Content-Type: multipart/form-data; boundary=${r.pick([boundary, '', '"', 'x'.repeat(100)])}`,
              `Content-Length: ${body.length}`,
              'Connection: close',
            ]),
          ),
          body,
        ],
      };
    }
    case 3:
      return {
        name: 'huge header',
        data: [
          Buffer.from(
            head('GET', '/v2/user', [
              `Authorization: Bearer ${tok}`,
              `X-Big: ${'a'.repeat(17_000 + r.int(40_000))}`,
              'Connection: close',
            ]),
          ),
        ],
      };
    case 4:
      return {
        name: 'many headers',
        data: [
          Buffer.from(
            head('GET', '/v2/user', [...Array.from({ length: 2100 }, (_, i) => `X-H${i}: v`), 'Connection: close']),
          ),
        ],
      };
    case 5:
      return { name: 'garbage bytes', abort: r.next() < 0.5, data: [r.bytes(1 + r.int(2000))] };
    case 6:
      return {
        name: 'bad request line',
        data: [
          Buffer.from(
            r.pick([
              'GET\r\n\r\n',
              'GET / HTTP/9.9\r\n\r\n',
              'GET /v2/user HTTP/1.1\r\n\r\n',
              ' / HTTP/1.1\r\nHost: x\r\n\r\n',
              'GET /v2/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
              'GET /v2/shots/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
              'POST /v2/shots HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
              'POST /v2/shots HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
              'PUT /v2/shots/1001 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
              'POST /oauth/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
              'DELETE /v2/shots/1001 HTTP/1.0\r\n\r\n',
            ]),
          ),
        ],
      };
    case 7: {
      // Chunked multipart cut off in the middle of a chunk.
      const chunk = Buffer.concat([Buffer.from(multipartStart), smallPng.subarray(0, 300)]);
      return {
        name: 'chunked cut',
        abort: true,
        data: [
          Buffer.from(
            head('POST', '/v2/shots', [
              `Authorization: Bearer ${tok}`,
              `Content-Type: multipart/form-data; boundary=${boundary}`,
              'Transfer-Encoding: chunked',
            ]),
          ),
          Buffer.from(`${(chunk.length + 100).toString(16)}\r\n`),
          chunk,
        ],
      };
    }
    case 8: {
      const body = Buffer.from(
        r.pick([
          '{"body":"x"',
          '{"title":',
          '\xff\xfe{',
          '[]',
          'null',
          '"x"',
          '{"tags":{"a":1}}',
          '{"team_id":{"$gt":1}}',
        ]),
        'latin1',
      );
      return {
        name: 'bad JSON on raw socket',
        data: [
          Buffer.from(
            head(
              r.pick(['POST', 'PUT']),
              r.pick([
                '/v1/shots/1001/comments',
                '/v2/shots/1001',
                '/oauth/token',
                '/_sandbox/tokens',
                '/_sandbox/clock',
              ]),
              [
                `Authorization: Bearer ${tok}`,
                'Content-Type: application/json',
                `Content-Length: ${body.length}`,
                'Connection: close',
              ],
            ),
          ),
          body,
        ],
      };
    }
    default: {
      // Slowloris-ish: a request that never finishes its headers; the client gives up.
      return {
        name: 'unfinished headers',
        abort: true,
        data: [Buffer.from(`GET /v2/user HTTP/1.1\r\nHost: ${host}\r\nX-A: `)],
      };
    }
  }
}

/** Sends raw bytes; resolves with the status code of the answer, or null when the server closed without one. */
function sendRaw(c: RawCase): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let received = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      resolve(m ? Number(m[1]) : null);
    };
    socket.setTimeout(3000, finish);
    socket.on('data', (d) => {
      received += d.toString('latin1');
      if (/^HTTP\/1\.[01] \d{3}/.test(received)) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', () => {
      for (const d of c.data) socket.write(d);
      if (c.abort) setTimeout(() => finish(), 5);
      else socket.end();
    });
  });
}

describe('fuzz', () => {
  it('answers 3000 random malformed HTTP requests without a 5xx', async () => {
    const r = rng(SEED);
    const failures: string[] = [];
    const seen = new Map<number, number>();
    const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'PROPFIND'];
    const one = async (i: number) => {
      const target = randomTarget(r);
      const method = r.next() < 0.85 ? r.pick(target.methods) : r.pick(methods);
      const path = target.path;
      const { body, type } = method === 'GET' || method === 'HEAD' ? {} : randomBody(r, target.body);
      const headers: Record<string, string> = { ...randomAuth(r) };
      if (type !== undefined) headers['content-type'] = type;
      try {
        const res = await fetch(`${sb.url}${path}`, { method, headers, body, redirect: 'manual' });
        await res.arrayBuffer();
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        if (res.status >= 500) failures.push(`#${i} ${method} ${path} (${type ?? 'no type'}) → ${res.status}`);
      } catch (err) {
        failures.push(`#${i} ${method} ${path} → ${(err as Error).message} ${String((err as Error).cause ?? '')}`);
      }
    };
    for (let i = 0; i < 3000; i += 25) await Promise.all(Array.from({ length: 25 }, (_, k) => one(i + k)));
    expect(failures, `seed ${SEED}`).toEqual([]);
    // The requests reached deep into the handlers, not just the front door.
    for (const status of [200, 201, 202, 204, 302, 400, 401, 403, 404, 415, 422])
      expect(seen.get(status) ?? 0, `status ${status} in ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
    await stillAlive();
  });

  it('survives 1000 raw-socket requests: truncated multipart, huge headers, garbage', async () => {
    const r = rng(SEED + 1);
    const failures: string[] = [];
    const counts: Record<string, number> = {};
    const one = async () => {
      const c = rawCases(r);
      counts[c.name] = (counts[c.name] ?? 0) + 1;
      const status = await sendRaw(c);
      if (status !== null && status >= 500) failures.push(`${c.name} → ${status}`);
    };
    for (let i = 0; i < 1000; i += 20) await Promise.all(Array.from({ length: 20 }, () => one()));
    expect(failures, `seed ${SEED + 1}`).toEqual([]);
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(9);
    await stillAlive();
  });

  it('specific nasty inputs get 4xx answers', async () => {
    const tok = tokens[0]!;
    const statuses = await Promise.all([
      sendRaw({
        name: 'huge header',
        data: [Buffer.from(`GET /v2/user HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`)],
      }),
      sendRaw({
        name: 'bad url',
        data: [Buffer.from('GET /v2/shots/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')],
      }),
      fetch(`${sb.api}/v2/shots`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tok}`, 'content-type': 'multipart/form-data' },
        body: 'nothing',
      }).then((x) => x.status),
      fetch(`${sb.api}/v2/shots`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tok}`, 'content-type': 'text/plain' },
        body: 'x',
      }).then((x) => x.status),
      fetch(`${sb.api}/v2/shots/1001`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' },
        body: '{"tags":',
      }).then((x) => x.status),
      fetch(`${sb.url}/_sandbox/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"advance_s":1e300}',
      }).then((x) => x.status),
    ]);
    expect(statuses).toEqual([431, 400, 400, 400, 400, 400]);
    await stillAlive();
  });
});

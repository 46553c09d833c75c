// A sandbox started with control: false (the one the app bundles) has no /_sandbox route at all:
// whatever asks, from wherever, gets the ordinary 404. Its control calls work in process, with the
// same bodies and answers as over HTTP; the standalone sandbox keeps serving them over HTTP.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, control, start, type Sandbox } from './helpers';

let closed: Sandbox;
let open: Sandbox;
beforeAll(async () => {
  closed = await start({ control: false });
  open = await start();
});
afterAll(async () => {
  await closed?.close();
  await open?.close();
});

const routes = ['state', 'profile', 'tokens', 'tokens/revoke', 'clock', 'faults', 'applications', 'comments', 'reset'];

describe('control: false', () => {
  test('every control route answers 404, with or without a JSON body', async () => {
    for (const route of routes) {
      const get = await fetch(`${closed.url}/_sandbox/${route}`);
      expect(get.status, `GET ${route}`).toBe(404);
      const post = await fetch(`${closed.url}/_sandbox/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ada', client_id: 'shotput-desktop', advance_s: 86_400 }),
      });
      expect(post.status, `POST ${route}`).toBe(404);
    }
    expect((await fetch(`${closed.url}/%5Fsandbox/state`)).status).toBe(404);
  });

  test('the same calls work in process: a token the API accepts, the clock, the state', async () => {
    const issued = closed.control.tokens({ username: 'ada', client_id: 'shotput-desktop', scopes: 'public upload' });
    expect(issued).toMatchObject({ token_type: 'bearer', scope: 'public upload' });
    const user = await api<{ username: string }>(closed, 'GET', '/v2/user', issued.access_token);
    expect(user.status).toBe(200);
    expect(user.json.username).toBe('ada');
    const before = Date.parse(closed.control.state().now);
    const moved = closed.control.clock({ advance_s: 3600 });
    expect(Date.parse(moved.now) - before).toBeGreaterThanOrEqual(3_600_000);
    expect(() => closed.control.tokens({ username: 'nobody', client_id: 'shotput-desktop' })).toThrow(
      'No user nobody.',
    );
    expect(() => closed.control.clock('not an object')).toThrow('Body must be a JSON object.');
  });

  test('the standalone sandbox still serves the control API over HTTP', async () => {
    const state = await control<{ users: unknown[] }>(open, 'state');
    expect(state.users.length).toBeGreaterThan(0);
    expect(await control(open, 'tokens', { username: 'ada', client_id: 'shotput-desktop' })).toMatchObject({
      token_type: 'bearer',
    });
  });
});

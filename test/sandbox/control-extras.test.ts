// The control API's extras for client tests: raw comment HTML (a hostile service) and flipping an
// application's approval for popular shots.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, control, start, token, type Sandbox } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(async () => {
  await sb?.close();
});

async function post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${sb.url}/_sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('POST /_sandbox/comments', () => {
  test('stores the HTML as it is, authored by the user, and the API serves it unescaped', async () => {
    const ada = await token(sb, 'ada');
    const shotId = (await api<{ id: number }[]>(sb, 'GET', '/v2/user/shots', ada)).json[0]!.id;
    const html = '<p>Hi <img src=x onerror="alert(1)"></p>';
    const created = await post('comments', { shot_id: shotId, username: 'ben', body_html: html });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ body: html, user: { username: 'ben' }, likes_count: 0 });
    const listed = await api<{ id: number; body: string }[]>(
      sb,
      'GET',
      `/v1/shots/${shotId}/comments?per_page=100`,
      ada,
    );
    expect(listed.json.find((comment) => comment.id === created.json.id)?.body).toBe(html);
  });

  test('refuses a missing shot or user and an empty body', async () => {
    expect((await post('comments', { shot_id: 999_999, username: 'ben', body_html: '<p>x</p>' })).status).toBe(404);
    expect((await post('comments', { shot_id: 1001, username: 'nobody', body_html: '<p>x</p>' })).status).toBe(404);
    expect((await post('comments', { shot_id: 1001, username: 'ben', body_html: '' })).status).toBe(400);
    expect((await post('comments', { shot_id: '1001', username: 'ben', body_html: '<p>x</p>' })).status).toBe(400);
  });
});

describe('POST /_sandbox/applications', () => {
  test('withdraws and restores approval for popular shots; reset goes back to the seed', async () => {
    const ada = await token(sb, 'ada');
    expect((await api(sb, 'GET', '/v2/popular_shots', ada)).status).toBe(200);
    expect(await control(sb, 'applications', { client_id: 'shotput-desktop', approved: false })).toEqual({
      client_id: 'shotput-desktop',
      approved: false,
      suspended: false,
    });
    expect((await api(sb, 'GET', '/v2/popular_shots', ada)).status).toBe(403);
    await control(sb, 'reset', {});
    expect((await api(sb, 'GET', '/v2/popular_shots', await token(sb, 'ada'))).status).toBe(200);
    expect((await post('applications', { client_id: 'shotput-desktop', approved: 'no' })).status).toBe(400);
    expect((await post('applications', { client_id: 'missing' })).status).toBe(404);
  });
});

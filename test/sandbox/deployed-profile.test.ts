// The deployed profile: the sandbox answers as the public service does (sources in
// sandbox/README.md), and both profiles take the habits of real clients.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, control, createShot, postShot, start, token } from './helpers';
import type { Sandbox } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start({ profile: 'deployed', dailyCap: 3 });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => control(sb, 'reset', {}));

describe('the deployed profile', () => {
  it('sends the user with login, type "User", few counts and no updated_at; teams with login', async () => {
    const ada = await token(sb, 'ada');
    const me = await api(sb, 'GET', '/v2/user', ada);
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ login: 'ada', type: 'User', followers_count: 0, can_upload_shot: true, pro: true });
    expect(me.json).not.toHaveProperty('username');
    expect(me.json).not.toHaveProperty('updated_at');
    expect(me.json).not.toHaveProperty('shots_count');
    expect(me.json.teams[0]).toMatchObject({ id: 4, login: 'studio', type: 'Team' });
  });

  it('sends shots with counts, created_at, the author, a team by username, a slug and a null empty description', async () => {
    const ada = await token(sb, 'ada', ['public', 'upload']);
    const id = await createShot(sb, ada, { title: 'Sasquatch sketch', team_id: '4' });
    const shot = await api(sb, 'GET', `/v2/shots/${id}`, ada);
    expect(shot.json).toMatchObject({
      id,
      description: null,
      views_count: 0,
      likes_count: 0,
      comments_count: 0,
      user: { username: 'ada' },
      team: { id: 4, username: 'studio' },
    });
    expect(shot.json.html_url).toMatch(new RegExp(`/shots/${id}-Sasquatch-sketch$`));
    expect(typeof shot.json.created_at).toBe('string');
    expect(shot.json.team).not.toHaveProperty('login');
    expect(shot.json.team).not.toHaveProperty('updated_at');
  });

  it('answers a missing resource with {"error":"Not found"} and bad credentials as the service does', async () => {
    const ada = await token(sb, 'ada');
    expect(await api(sb, 'GET', '/v2/shots/999999', ada)).toMatchObject({ status: 404, json: { error: 'Not found' } });
    expect(await api(sb, 'GET', '/v2/nothing-here', ada)).toMatchObject({ status: 404, json: { error: 'Not found' } });
    expect(await api(sb, 'GET', '/v2/user', 'not-a-token')).toMatchObject({
      status: 401,
      json: { message: 'Bad credentials.' },
    });
  });

  it('has retired v1: every v1 call is 401 whatever the token, while v2 takes the same token', async () => {
    const ada = await token(sb, 'ada', ['public', 'comment', 'write']);
    for (const [method, path] of [
      ['GET', '/v1/shots/1/comments'],
      ['POST', '/v1/shots/1/comments'],
      ['GET', '/v1/shots/1/comments/1/likes'],
    ] as const) {
      expect(await api(sb, method, path, ada, method === 'POST' ? { body: 'hi' } : undefined)).toMatchObject({
        status: 401,
        json: { message: 'Bad credentials.' },
      });
    }
    expect((await api(sb, 'GET', '/v2/user', ada)).status).toBe(200);
  });

  it('refuses uploads past the daily cap with a 422 naming the limit, counts refusals, and takes them again the next day', async () => {
    const ada = await token(sb, 'ada', ['public', 'upload']);
    for (let i = 0; i < 3; i++) expect((await postShot(sb, ada, { title: `today ${i}` })).status).toBe(202);
    const refused = await postShot(sb, ada, { title: 'one too many' });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({
      message: 'Validation failed.',
      errors: [{ attribute: 'user', message: 'reached the daily limit of 3 shots' }],
    });
    // Another account has its own count.
    expect((await postShot(sb, await token(sb, 'ben', ['public', 'upload']), { title: 'ben today' })).status).toBe(202);
    expect((await control<{ daily_cap_refusals: number }>(sb, 'state')).daily_cap_refusals).toBe(1);
    await control(sb, 'clock', { advance_s: 86_400 });
    expect((await postShot(sb, ada, { title: 'tomorrow' })).status).toBe(202);
  });

  it('changes profile and cap through the control API, and refuses bad values with a 400', async () => {
    expect(await control(sb, 'profile', { daily_cap: 1 })).toEqual({ profile: 'deployed', daily_cap: 1 });
    expect(await control(sb, 'profile', { profile: 'spec' })).toEqual({ profile: 'spec', daily_cap: null });
    const ada = await token(sb, 'ada');
    expect((await api(sb, 'GET', '/v2/user', ada)).json).toHaveProperty('username', 'ada');
    const bad = await fetch(`${sb.url}/_sandbox/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ profile: 'production' }),
    });
    expect(bad.status).toBe(400);
    const badCap = await fetch(`${sb.url}/_sandbox/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ daily_cap: -1 }),
    });
    expect(badCap.status).toBe(400);
    // A reset goes back to the profile the sandbox started with.
    await control(sb, 'reset', {});
    expect((await control<{ profile: string; daily_cap: number }>(sb, 'state')).profile).toBe('deployed');
  });
});

describe.each(['spec', 'deployed'] as const)("real clients' habits on the %s profile", (profile) => {
  it('answers paths with a trailing slash as without', async () => {
    await control(sb, 'profile', { profile });
    const ada = await token(sb, 'ada');
    const plain = await api(sb, 'GET', '/v2/user', ada);
    const slashed = await api(sb, 'GET', '/v2/user/', ada);
    expect(slashed.status).toBe(200);
    expect(slashed.json.id).toBe(plain.json.id);
    expect((await api(sb, 'GET', '/v2/user/shots/', ada)).status).toBe(200);
  });

  it('treats the empty fields of a form PUT as unchanged', async () => {
    await control(sb, 'profile', { profile });
    const ada = await token(sb, 'ada', ['public', 'upload']);
    const id = await createShot(sb, ada, { title: 'Kept', description: 'kept too', tags: 'a,b' });
    const form = new URLSearchParams([
      ['title', 'Renamed'],
      ['description', ''],
      ['tags', ''],
      ['team_id', ''],
      ['low_profile', ''],
      ['scheduled_for', ''],
    ]);
    const res = await api(sb, 'PUT', `/v2/shots/${id}`, ada, form);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: 'Renamed', tags: ['a', 'b'], low_profile: false });
    expect(res.json.description).toContain('kept too');
  });
});

// v1 comments and comment likes: all nine endpoints, scopes and conditions, safe HTML, mentions.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, clientToken, control, createShot, start, token } from './helpers';
import type { Sandbox } from './helpers';

let sb: Sandbox;
let ada: string; // comment + write
let ben: string; // comment + write
let adaPublic: string;

beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());
beforeEach(async () => {
  await control(sb, 'reset', {});
  ada = await token(sb, 'ada', ['public', 'comment', 'write', 'upload']);
  ben = await token(sb, 'ben', ['public', 'comment', 'write']);
  adaPublic = await token(sb, 'ada', ['public']);
});

const comments = (shot: number) => `/v1/shots/${shot}/comments`;

describe('reading comments', () => {
  it('lists the comments of a shot with every field', async () => {
    const res = await api(sb, 'GET', comments(1001), adaPublic);
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(0);
    const c = res.json[0];
    expect(Object.keys(c)).toEqual(['id', 'body', 'likes_count', 'likes_url', 'created_at', 'updated_at', 'user']);
    expect(c).toMatchObject({ id: 5001, likes_count: 2, likes_url: `${sb.api}/v1/shots/1001/comments/5001/likes` });
    expect(c.user).toMatchObject({ username: 'ben' });
    expect(c.body).toBe(`<p>Lovely colours, <a href="${sb.url}/ada" class="mention">@ada</a>!</p>`);
  });

  it('every seeded account has comments on its shots and likes on its comments', async () => {
    const state = await control<{ users: { username: string }[] }>(sb, 'state');
    for (const { username } of state.users) {
      const tok = await token(sb, username);
      const shots = (await api(sb, 'GET', '/v2/user/shots', tok)).json;
      let total = 0;
      for (const s of shots) total += (await api(sb, 'GET', comments(s.id), tok)).json.length;
      expect(total, username).toBeGreaterThan(0);
      const user = (await api(sb, 'GET', '/v2/user', tok)).json;
      expect(user.likes_count + user.likes_received_count, username).toBeGreaterThan(0);
    }
  });

  it('gets one comment; 404 for a comment of another shot or a missing one', async () => {
    expect((await api(sb, 'GET', `${comments(1001)}/5001`, adaPublic)).json.id).toBe(5001);
    expect((await api(sb, 'GET', `${comments(1002)}/5001`, adaPublic)).status).toBe(404);
    expect((await api(sb, 'GET', `${comments(1001)}/999999`, adaPublic)).status).toBe(404);
    expect((await api(sb, 'GET', comments(999999), adaPublic)).status).toBe(404);
  });

  it('works with the client-flow token', async () => {
    const c = await clientToken(sb);
    expect((await api(sb, 'GET', comments(1001), c)).status).toBe(200);
    expect((await api(sb, 'GET', `${comments(1001)}/5001/likes`, c)).status).toBe(200);
  });
});

describe('writing comments', () => {
  it('creates: 201 with Location and the comment; mentions become links; no script survives', async () => {
    const body = 'Hi @ben and @nobody <script>alert(1)</script><img src=x onerror=alert(2)> "q" & \'a\'\n\nsecond line';
    const res = await api(sb, 'POST', comments(1004), ada, { body });
    expect(res.status).toBe(201);
    const c = res.json;
    expect(res.headers.get('location')).toBe(`${sb.api}/v1/shots/1004/comments/${c.id}`);
    expect(c.user.username).toBe('ada');
    expect(c.likes_count).toBe(0);
    expect(c.body).toBe(
      `<p>Hi <a href="${sb.url}/ben" class="mention">@ben</a> and @nobody &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &quot;q&quot; &amp; &#39;a&#39;</p>\n<p>second line</p>`,
    );
    expect(c.body).not.toMatch(/<script|<img/i);
    const again = await api(sb, 'GET', res.headers.get('location')!, ben);
    expect(again.json).toEqual(c);
  });

  it('accepts a form body; email addresses are not mentions', async () => {
    const res = await api(
      sb,
      'POST',
      comments(1004),
      ada,
      new URLSearchParams({ body: 'mail ben@ada.example, ping @ADA' }),
    );
    expect(res.status).toBe(201);
    expect(res.json.body).toBe(`<p>mail ben@ada.example, ping <a href="${sb.url}/ada" class="mention">@ada</a></p>`);
  });

  it('requires a body', async () => {
    for (const body of [{}, { body: '' }, { body: '   ' }, { body: 42 }]) {
      const res = await api(sb, 'POST', comments(1004), ada, body);
      expect(res.status).toBe(422);
      expect(res.json.errors[0].attribute).toBe('body');
    }
  });

  it('needs the comment scope; scopes never add permissions', async () => {
    const uploadOnly = await token(sb, 'ada', ['public', 'write', 'upload']);
    expect((await api(sb, 'POST', comments(1004), uploadOnly, { body: 'x' })).status).toBe(403);
    expect((await api(sb, 'POST', comments(1004), adaPublic, { body: 'x' })).status).toBe(403);
    // A comment scope does not let ben edit ada's comment.
    expect((await api(sb, 'PUT', `${comments(1004)}/5005`, ben, { body: 'mine now' })).status).toBe(403);
  });

  it('updates own comments only', async () => {
    const created = (await api(sb, 'POST', comments(1004), ada, { body: 'first' })).json;
    const url = `${comments(1004)}/${created.id}`;
    const res = await api(sb, 'PUT', url, ada, { body: 'edited @cleo' });
    expect(res.status).toBe(200);
    expect(res.json.body).toBe(`<p>edited <a href="${sb.url}/cleo" class="mention">@cleo</a></p>`);
    expect((await api(sb, 'PUT', url, ben, { body: 'nope' })).status).toBe(403);
    expect((await api(sb, 'PUT', url, ada, { body: '' })).status).toBe(422);
    expect((await api(sb, 'PUT', url, adaPublic, { body: 'x' })).status).toBe(403);
  });

  it('deletes own comments only: 204, then 404', async () => {
    const created = (await api(sb, 'POST', comments(1004), ada, { body: 'temp' })).json;
    const url = `${comments(1004)}/${created.id}`;
    expect((await api(sb, 'DELETE', url, ben)).status).toBe(403);
    expect((await api(sb, 'DELETE', url, adaPublic)).status).toBe(403);
    const del = await api(sb, 'DELETE', url, ada);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await api(sb, 'GET', url, ada)).status).toBe(404);
  });

  it("cannot comment on another user's unpublished shot", async () => {
    const later = new Date(Date.now() + 3600_000).toISOString();
    const id = await createShot(sb, ada, { title: 'secret', scheduled_for: later });
    expect((await api(sb, 'POST', comments(id), ben, { body: 'early' })).status).toBe(404);
    expect((await api(sb, 'GET', comments(id), ben)).status).toBe(404);
    expect((await api(sb, 'GET', comments(id), ada)).status).toBe(200);
  });
});

describe('comment likes', () => {
  const likeUrl = `${comments(1006)}/5008/like`; // liked only by cleo in the seed

  it('lists likes with users', async () => {
    const res = await api(sb, 'GET', `${comments(1001)}/5001/likes`, adaPublic);
    expect(res.status).toBe(200);
    expect(res.json.length).toBe(2);
    expect(Object.keys(res.json[0]).sort()).toEqual(['created_at', 'id', 'user']);
    expect(res.json.map((l: { user: { username: string } }) => l.user.username).sort()).toEqual(['ada', 'cleo']);
  });

  it('checks a like: 200 with id and created_at, or 404 with an empty body', async () => {
    const liked = await api(sb, 'GET', `${comments(1001)}/5001/like`, adaPublic);
    expect(liked.status).toBe(200);
    expect(Object.keys(liked.json).sort()).toEqual(['created_at', 'id']);
    const notLiked = await api(sb, 'GET', likeUrl, adaPublic);
    expect(notLiked.status).toBe(404);
    expect(notLiked.text).toBe('');
    expect(notLiked.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });

  it('likes (201, id and created_at) and unlikes (204) with the write scope', async () => {
    const res = await api(sb, 'POST', likeUrl, ben);
    expect(res.status).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(['created_at', 'id']);
    expect((await api(sb, 'GET', likeUrl, ben)).json.id).toBe(res.json.id);
    expect((await api(sb, 'GET', `${comments(1006)}/5008`, ben)).json.likes_count).toBe(2);
    // Liking again is idempotent.
    const again = await api(sb, 'POST', likeUrl, ben);
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(res.json.id);
    const del = await api(sb, 'DELETE', likeUrl, ben);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await api(sb, 'GET', likeUrl, ben)).status).toBe(404);
  });

  it('like and unlike need the write scope; checking needs only a user token', async () => {
    const benComment = await token(sb, 'ben', ['public', 'comment']);
    expect((await api(sb, 'POST', likeUrl, benComment)).status).toBe(403);
    expect((await api(sb, 'DELETE', likeUrl, benComment)).status).toBe(403);
    expect((await api(sb, 'GET', likeUrl, benComment)).status).toBe(404);
    expect((await api(sb, 'GET', likeUrl)).status).toBe(401);
  });

  it('deleting a comment removes its likes', async () => {
    const created = (await api(sb, 'POST', comments(1004), ada, { body: 'like me' })).json;
    await api(sb, 'POST', `${comments(1004)}/${created.id}/like`, ben);
    const before = (await api(sb, 'GET', '/v2/user', ben)).json.likes_count;
    await api(sb, 'DELETE', `${comments(1004)}/${created.id}`, ada);
    expect((await api(sb, 'GET', '/v2/user', ben)).json.likes_count).toBe(before - 1);
  });
});

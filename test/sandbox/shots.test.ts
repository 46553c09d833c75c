// v2 shots: create (multipart, validation, processing, images), list, get, update, delete, schedule.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { animatedGif, api, createShot, control, image, postShot, shotForm, sleep, start, token } from './helpers';
import type { Sandbox } from './helpers';

let sb: Sandbox;
let ada: string;
let ben: string;
let cleo: string;
let studio: string;

beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());
beforeEach(async () => {
  await control(sb, 'reset', {});
  [ada, ben, cleo, studio] = await Promise.all([
    token(sb, 'ada', ['public', 'upload']),
    token(sb, 'ben', ['public', 'upload']),
    token(sb, 'cleo', ['public', 'upload']),
    token(sb, 'studio', ['public', 'upload']),
  ]);
});

async function fetchImage(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const buf = Buffer.from(await res.arrayBuffer());
  return { buf, meta: await sharp(buf).metadata(), type: res.headers.get('content-type') };
}

function errorsOf(res: { json: { errors?: { attribute: string; message: string }[] } }): string[] {
  return (res.json.errors ?? []).map((e) => e.attribute).sort();
}

describe('GET /v2/user', () => {
  it('returns the user with every field and teams', async () => {
    const res = await api(sb, 'GET', '/v2/user', ada);
    expect(res.status).toBe(200);
    const u = res.json;
    for (const f of [
      'id',
      'name',
      'username',
      'html_url',
      'avatar_url',
      'bio',
      'location',
      'links',
      'buckets_count',
      'comments_received_count',
      'followers_count',
      'followings_count',
      'likes_count',
      'likes_received_count',
      'projects_count',
      'rebounds_received_count',
      'shots_count',
      'teams_count',
      'can_upload_shot',
      'type',
      'pro',
      'buckets_url',
      'followers_url',
      'following_url',
      'likes_url',
      'shots_url',
      'teams_url',
      'created_at',
      'updated_at',
    ]) {
      expect(u, f).toHaveProperty(f);
    }
    expect(u).toMatchObject({ id: 1, username: 'ada', type: 'Player', pro: true, html_url: `${sb.url}/ada` });
    expect(u.teams).toHaveLength(1);
    expect(u.teams[0]).toMatchObject({ id: 4, login: 'studio', type: 'Team' });
    expect(u.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const benUser = (await api(sb, 'GET', '/v2/user', ben)).json;
    expect(benUser).toMatchObject({ username: 'ben', pro: false, teams: [] });
    const st = (await api(sb, 'GET', '/v2/user', studio)).json;
    expect(st).toMatchObject({ username: 'studio', type: 'Team' });
    const avatar = await fetchImage(u.avatar_url);
    expect(avatar.type).toBe('image/png');
  });
});

describe('listing own shots', () => {
  it('returns full shots of the user, newest first, never empty for a seeded account', async () => {
    for (const tok of [ada, ben, cleo, studio]) {
      const res = await api(sb, 'GET', '/v2/user/shots', tok);
      expect(res.status).toBe(200);
      expect(res.json.length).toBeGreaterThan(0);
    }
    const res = await api(sb, 'GET', '/v2/user/shots', ada);
    const ids = res.json.map((s: { id: number }) => s.id);
    expect(ids).toEqual([1003, 1002, 1001]);
    const shot = res.json.find((s: { id: number }) => s.id === 1002);
    expect(Object.keys(shot)).toEqual([
      'id',
      'title',
      'description',
      'width',
      'height',
      'images',
      'published_at',
      'updated_at',
      'html_url',
      'animated',
      'tags',
      'attachments',
      'projects',
      'team',
      'low_profile',
    ]);
    expect(shot.team).toMatchObject({ id: 4, type: 'Team' });
    expect(res.json.find((s: { id: number }) => s.id === 1001).team).toBeUndefined();
    expect(shot.video).toBeUndefined();
  });

  it('seeded images are real images of the right sizes', async () => {
    const shot = (await api(sb, 'GET', '/v2/shots/1001', ada)).json;
    expect((await fetchImage(shot.images.teaser)).meta).toMatchObject({ width: 200, height: 150 });
    expect((await fetchImage(shot.images.normal)).meta).toMatchObject({ width: 400, height: 300 });
    expect((await fetchImage(shot.images.hidpi)).meta).toMatchObject({ width: 800, height: 600 });
  });
});

describe('creating a shot', () => {
  it('answers 202 with Location into /v2 and an empty body; the Location answers 404 until processing completes', async () => {
    const slow = await start({ processingMs: 400 });
    try {
      const tok = (await (
        await fetch(`${slow.url}/_sandbox/tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'ada', client_id: 'shotput-desktop', scopes: ['public', 'upload'] }),
        })
      ).json()) as { access_token: string };
      const res = await api(
        slow,
        'POST',
        '/v2/shots',
        tok.access_token,
        shotForm({ title: 'Processing', description: 'Hello @ben' }, await image(800, 600)),
      );
      expect(res.status).toBe(202);
      expect(res.text).toBe('');
      const location = res.headers.get('location')!;
      expect(location).toMatch(new RegExp(`^${slow.api}/v2/shots/\\d+$`));
      const before = await api(slow, 'GET', location, tok.access_token);
      expect(before.status).toBe(404);
      const listed = await api(slow, 'GET', '/v2/user/shots', tok.access_token);
      expect(listed.json.map((s: { id: number }) => s.id)).not.toContain(Number(location.split('/').pop()));
      await sleep(500);
      const after = await api(slow, 'GET', location, tok.access_token);
      expect(after.status).toBe(200);
      expect(after.json).toMatchObject({
        id: Number(location.split('/').pop()),
        title: 'Processing',
        width: 400,
        height: 300,
        animated: false,
        low_profile: false,
        tags: [],
      });
      expect(after.json.description).toBe(`<p>Hello <a href="${slow.url}/ben" class="mention">@ben</a></p>`);
      expect(after.json.published_at).toBeTruthy();
      expect(after.json.scheduled_for).toBeUndefined();
    } finally {
      await slow.close();
    }
  });

  it('generates teaser 200x150, normal 400x300 and hidpi 800x600 from an 800x600 upload', async () => {
    const id = await createShot(sb, ada, { title: 'Big' }, await image(800, 600, 'jpeg'));
    const shot = (await api(sb, 'GET', `/v2/shots/${id}`, ada)).json;
    const teaser = await fetchImage(shot.images.teaser);
    const normal = await fetchImage(shot.images.normal);
    const hidpi = await fetchImage(shot.images.hidpi);
    expect([teaser.meta.width, teaser.meta.height, teaser.meta.format]).toEqual([200, 150, 'jpeg']);
    expect([normal.meta.width, normal.meta.height, normal.meta.format]).toEqual([400, 300, 'jpeg']);
    expect([hidpi.meta.width, hidpi.meta.height, hidpi.meta.format]).toEqual([800, 600, 'jpeg']);
    expect(hidpi.type).toBe('image/jpeg');
  });

  it('hidpi is null for a 400x300 upload', async () => {
    const id = await createShot(sb, ada, { title: 'Small' }, await image(400, 300, 'gif'));
    const shot = (await api(sb, 'GET', `/v2/shots/${id}`, ada)).json;
    expect(shot.images.hidpi).toBeNull();
    expect((await fetchImage(shot.images.normal)).meta).toMatchObject({ width: 400, height: 300, format: 'gif' });
    expect((await fetchImage(shot.images.teaser)).meta).toMatchObject({ width: 200, height: 150 });
  });

  it('an animated GIF is animated only in the largest image', async () => {
    const big = await createShot(sb, ada, { title: 'Anim' }, await animatedGif(800, 600, 3));
    const shot = (await api(sb, 'GET', `/v2/shots/${big}`, ada)).json;
    expect(shot.animated).toBe(true);
    expect((await fetchImage(shot.images.hidpi)).meta).toMatchObject({ format: 'gif', width: 800, pages: 3 });
    expect((await fetchImage(shot.images.normal)).meta.pages ?? 1).toBe(1);
    expect((await fetchImage(shot.images.teaser)).meta.pages ?? 1).toBe(1);
    const small = await createShot(sb, ada, { title: 'Anim small' }, await animatedGif(400, 300, 2));
    const s2 = (await api(sb, 'GET', `/v2/shots/${small}`, ada)).json;
    expect(s2.animated).toBe(true);
    expect(s2.images.hidpi).toBeNull();
    expect((await fetchImage(s2.images.normal)).meta).toMatchObject({ format: 'gif', pages: 2 });
    expect((await fetchImage(s2.images.teaser)).meta.pages ?? 1).toBe(1);
    // A still GIF is not animated.
    const still = await createShot(sb, ada, { title: 'Still' }, await image(400, 300, 'gif'));
    expect((await api(sb, 'GET', `/v2/shots/${still}`, ada)).json.animated).toBe(false);
  });

  it('validates the image by its content, not its name', async () => {
    const png = await image(400, 300, 'png');
    const asTxt = await api(
      sb,
      'POST',
      '/v2/shots',
      ada,
      shotForm({ title: 'named wrong' }, png, 'notes.txt', 'text/plain'),
    );
    expect(asTxt.status).toBe(202);
    const fake = await api(
      sb,
      'POST',
      '/v2/shots',
      ada,
      shotForm({ title: 'fake' }, Buffer.from('GIF89a definitely not an image'), 'fake.gif', 'image/gif'),
    );
    expect(fake.status).toBe(422);
    expect(fake.json).toEqual({
      message: 'Validation failed.',
      errors: [{ attribute: 'image', message: expect.any(String) }],
    });
    const webp = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    expect((await api(sb, 'POST', '/v2/shots', ada, shotForm({ title: 'webp' }, webp, 'x.png'))).status).toBe(422);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const t = await api(sb, 'POST', '/v2/shots', ada, shotForm({ title: 'half' }, truncated));
    expect(t.status).toBe(422);
    expect(errorsOf(t)).toEqual(['image']);
  });

  it('measures a JPEG by its displayed size (EXIF orientation) and serves it upright without metadata', async () => {
    const sideways = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#0a0' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const id = await createShot(sb, ada, { title: 'rotated' }, sideways);
    const shot = (await api(sb, 'GET', `/v2/shots/${id}`, ada)).json;
    const normal = await fetchImage(shot.images.normal);
    expect([normal.meta.width, normal.meta.height, normal.meta.orientation]).toEqual([400, 300, undefined]);
  });

  it('accepts exactly 400x300 or 800x600', async () => {
    for (const [w, h] of [
      [401, 300],
      [300, 400],
      [1600, 1200],
      [800, 601],
      [200, 150],
    ] as const) {
      const res = await api(sb, 'POST', '/v2/shots', ada, shotForm({ title: 'size' }, await image(w, h)));
      expect(res.status, `${w}x${h}`).toBe(422);
      expect(errorsOf(res)).toEqual(['image']);
    }
  });

  it('refuses an image over 8 MB without buffering it whole', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024 + 1, 7);
    const before = process.memoryUsage().rss;
    const res = await api(sb, 'POST', '/v2/shots', ada, shotForm({ title: 'huge' }, big));
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ attribute: 'image', message: 'is too large (maximum is 8 MB)' }]);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    // Exactly 8 MB is within the limit (and then refused only for not being an image).
    const edge = await api(sb, 'POST', '/v2/shots', ada, shotForm({ title: 'edge' }, Buffer.alloc(8 * 1024 * 1024, 7)));
    expect(edge.json.errors).toEqual([{ attribute: 'image', message: 'must be a GIF, JPG or PNG image' }]);
  });

  it('requires an image and a title', async () => {
    const none = await api(sb, 'POST', '/v2/shots', ada, shotForm({}));
    expect(none.status).toBe(422);
    expect(errorsOf(none)).toEqual(['image', 'title']);
    expect(none.json.errors.find((e: { attribute: string }) => e.attribute === 'title').message).toBe("can't be blank");
    const blank = await postShot(sb, ada, { title: '   ' });
    expect(errorsOf(blank)).toEqual(['title']);
    const json = await api(sb, 'POST', '/v2/shots', ada, { title: 'json has no image' });
    expect(json.status).toBe(422);
    expect(errorsOf(json)).toEqual(['image']);
  });

  it('accepts tags as repeated tags[], a comma string or a JSON array; at most 12', async () => {
    const a = await createShot(sb, ada, { title: 't1', 'tags[]': ['one', 'two', 'three'] });
    const b = await createShot(sb, ada, { title: 't2', tags: 'one, two ,three' });
    const c = await createShot(sb, ada, { title: 't3', tags: '["one","two","three"]' });
    for (const id of [a, b, c])
      expect((await api(sb, 'GET', `/v2/shots/${id}`, ada)).json.tags).toEqual(['one', 'two', 'three']);
    const twelve = Array.from({ length: 12 }, (_, i) => `t${i}`);
    expect((await postShot(sb, ada, { title: 'ok', tags: twelve.join(',') })).status).toBe(202);
    const thirteen = await postShot(sb, ada, { title: 'too many', 'tags[]': [...twelve, 'x'] });
    expect(thirteen.status).toBe(422);
    expect(errorsOf(thirteen)).toEqual(['tags']);
    const badJson = await postShot(sb, ada, { title: 'bad', tags: '[1, {"a":2}]' });
    expect(errorsOf(badJson)).toEqual(['tags']);
  });

  it('low_profile and description are stored', async () => {
    const id = await createShot(sb, ada, {
      title: 'lp',
      low_profile: 'true',
      description: '<script>alert(1)</script> & more',
    });
    const shot = (await api(sb, 'GET', `/v2/shots/${id}`, ada)).json;
    expect(shot.low_profile).toBe(true);
    expect(shot.description).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>');
    expect((await postShot(sb, ada, { title: 'x', low_profile: 'maybe' })).status).toBe(422);
  });

  it('scheduled_for only for a pro, a team or a team member; shows scheduled_for and no published_at until the clock passes it', async () => {
    const when = new Date(Date.now() + 3600_000).toISOString();
    const refused = await postShot(sb, ben, { title: 'ben', scheduled_for: when });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused)).toEqual(['scheduled_for']);
    const ids: number[] = [];
    for (const tok of [ada, cleo, studio]) ids.push(await createShot(sb, tok, { title: 'later', scheduled_for: when }));
    const shot = (await api(sb, 'GET', `/v2/shots/${ids[0]}`, ada)).json;
    expect(shot.published_at).toBeUndefined();
    expect(shot.scheduled_for).toBe(when.replace(/\.\d{3}Z$/, 'Z'));
    expect(Object.keys(shot)).toContain('scheduled_for');
    // Not public before it is published: others cannot comment or see it in popular.
    const popular = await api(sb, 'GET', '/v2/popular_shots?per_page=100', ben);
    expect(popular.json.map((s: { id: number }) => s.id)).not.toContain(ids[0]);
    // Nor its images to whoever guesses from the sequential id; the owner, given the addresses, sees them.
    const imageUrls = Object.values(shot.images as Record<string, string | null>).filter(
      (u): u is string => u !== null,
    );
    expect(imageUrls.length).toBeGreaterThan(0);
    for (const url of imageUrls) {
      expect((await fetch(url)).status, url).toBe(200);
      const guessed = `${sb.url}/images/u/${ids[0]}/${url.slice(url.lastIndexOf('/') + 1)}`;
      expect((await fetch(guessed)).status, guessed).toBe(404);
    }
    await control(sb, 'clock', { advance_s: 3601 });
    const published = (await api(sb, 'GET', `/v2/shots/${ids[0]}`, ada)).json;
    expect(published.published_at).toBe(when.replace(/\.\d{3}Z$/, 'Z'));
    expect(published.scheduled_for).toBeUndefined();
    // In the past: refused.
    const past = await postShot(sb, ada, { title: 'past', scheduled_for: '2001-01-01T00:00:00Z' });
    expect(errorsOf(past)).toEqual(['scheduled_for']);
    const garbage = await postShot(sb, ada, { title: 'g', scheduled_for: 'tomorrow' });
    expect(errorsOf(garbage)).toEqual(['scheduled_for']);
  });

  it('team_id only for members or the team itself', async () => {
    const byMember = await createShot(sb, cleo, { title: 'team', team_id: '4' });
    expect((await api(sb, 'GET', `/v2/shots/${byMember}`, cleo)).json.team).toMatchObject({ id: 4 });
    await createShot(sb, studio, { title: 'as team', team_id: '4' });
    const notMember = await postShot(sb, ben, { title: 'x', team_id: '4' });
    expect(errorsOf(notMember)).toEqual(['team_id']);
    const notTeam = await postShot(sb, ada, { title: 'x', team_id: '2' });
    expect(errorsOf(notTeam)).toEqual(['team_id']);
  });

  it('rebound_source_id must exist', async () => {
    const ok = await postShot(sb, ben, { title: 'rebound', rebound_source_id: '1001' });
    expect(ok.status).toBe(202);
    const missing = await postShot(sb, ben, { title: 'rebound', rebound_source_id: '999999' });
    expect(errorsOf(missing)).toEqual(['rebound_source_id']);
  });

  it('needs the upload scope', async () => {
    const pub = await token(sb, 'ada', ['public', 'comment', 'write']);
    const res = await postShot(sb, pub, { title: 'x' });
    expect(res.status).toBe(403);
    expect(typeof res.json.message).toBe('string');
  });
});

describe('getting, updating and deleting', () => {
  it('GET returns only own shots', async () => {
    expect((await api(sb, 'GET', '/v2/shots/1001', ada)).status).toBe(200);
    const other = await api(sb, 'GET', '/v2/shots/1004', ada);
    expect(other.status).toBe(404);
    expect(other.json).toEqual({ message: 'Not found.' });
    expect((await api(sb, 'GET', '/v2/shots/424242', ada)).status).toBe(404);
    expect((await api(sb, 'GET', '/v2/shots/abc', ada)).status).toBe(404);
  });

  it('updates with JSON: tags replaced, fields changed', async () => {
    const id = await createShot(sb, ada, { title: 'before', 'tags[]': ['a', 'b'], team_id: '4' });
    const res = await api(sb, 'PUT', `/v2/shots/${id}`, ada, {
      title: 'after',
      tags: ['c'],
      low_profile: true,
      description: 'new',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, title: 'after', tags: ['c'], low_profile: true, description: '<p>new</p>' });
    expect(res.json.team).toMatchObject({ id: 4 });
    const cleared = await api(sb, 'PUT', `/v2/shots/${id}`, ada, { team_id: '' });
    expect(cleared.json.team).toBeUndefined();
    expect(Object.keys(cleared.json)).not.toContain('team');
    expect(cleared.json.tags).toEqual(['c']);
  });

  it('updates with a form body', async () => {
    const id = await createShot(sb, ada, { title: 'form', tags: 'x,y' });
    const body = new URLSearchParams([
      ['title', 'via form'],
      ['tags[]', 'p'],
      ['tags[]', 'q'],
      ['team_id', '4'],
    ]);
    const res = await api(sb, 'PUT', `/v2/shots/${id}`, ada, body);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: 'via form', tags: ['p', 'q'], team: { id: 4 } });
    const none = await api(
      sb,
      'PUT',
      `/v2/shots/${id}`,
      ada,
      new URLSearchParams([
        ['tags', ''],
        ['team_id', ''],
      ]),
    );
    // A client library's form sends every field, the ones not changed as empty values: unchanged,
    // except team_id, whose empty value the spec says removes the team.
    expect(none.status).toBe(200);
    expect(none.json).toMatchObject({ title: 'via form', tags: ['p', 'q'] });
    expect(none.json.team).toBeUndefined();
    // JSON says what it means: an empty list clears the tags, "" the team.
    const cleared = await api(sb, 'PUT', `/v2/shots/${id}`, ada, { tags: [], team_id: '' });
    expect(cleared.json.tags).toEqual([]);
    expect(cleared.json.team).toBeUndefined();
  });

  it('validates updates', async () => {
    const id = await createShot(sb, ben, { title: 'ben' });
    const res = await api(sb, 'PUT', `/v2/shots/${id}`, ben, {
      title: '',
      tags: Array.from({ length: 13 }, (_, i) => `t${i}`),
      team_id: 4,
      scheduled_for: new Date(Date.now() + 1e7).toISOString(),
    });
    expect(res.status).toBe(422);
    expect(errorsOf(res)).toEqual(['scheduled_for', 'tags', 'team_id', 'title']);
  });

  it('reschedules only while unpublished', async () => {
    const later = new Date(Date.now() + 3600_000).toISOString();
    const evenLater = new Date(Date.now() + 7200_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const id = await createShot(sb, ada, { title: 'sched', scheduled_for: later });
    const moved = await api(sb, 'PUT', `/v2/shots/${id}`, ada, { scheduled_for: evenLater });
    expect(moved.status).toBe(200);
    expect(moved.json.scheduled_for).toBe(evenLater);
    const published = await createShot(sb, ada, { title: 'now' });
    const refused = await api(sb, 'PUT', `/v2/shots/${published}`, ada, { scheduled_for: evenLater });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused)).toEqual(['scheduled_for']);
  });

  it('update and delete need the upload scope and ownership', async () => {
    const pub = await token(sb, 'ada', ['public']);
    expect((await api(sb, 'PUT', '/v2/shots/1001', pub, { title: 'x' })).status).toBe(403);
    expect((await api(sb, 'DELETE', '/v2/shots/1001', pub)).status).toBe(403);
    expect((await api(sb, 'PUT', '/v2/shots/1004', ada, { title: 'x' })).status).toBe(403);
    expect((await api(sb, 'DELETE', '/v2/shots/1004', ada)).status).toBe(403);
    expect((await api(sb, 'DELETE', '/v2/shots/999999', ada)).status).toBe(404);
  });

  it('DELETE answers 204 and the shot, its comments and images are gone', async () => {
    const id = await createShot(sb, ada, { title: 'bye' });
    const shot = (await api(sb, 'GET', `/v2/shots/${id}`, ada)).json;
    const del = await api(sb, 'DELETE', `/v2/shots/${id}`, ada);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await api(sb, 'GET', `/v2/shots/${id}`, ada)).status).toBe(404);
    expect((await fetch(shot.images.normal)).status).toBe(404);
    expect((await api(sb, 'DELETE', '/v2/shots/1001', ada)).status).toBe(204);
    expect((await api(sb, 'GET', '/v1/shots/1001/comments', ada)).status).toBe(404);
  });
});

describe('popular shots', () => {
  it('summary form, only for approved applications', async () => {
    const res = await api(sb, 'GET', '/v2/popular_shots', ben);
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(0);
    expect(Object.keys(res.json[0]).sort()).toEqual([
      'description',
      'height',
      'html_url',
      'id',
      'images',
      'published_at',
      'title',
      'width',
    ]);
    const demo = await token(sb, 'ben', ['public'], 'web-demo');
    const refused = await api(sb, 'GET', '/v2/popular_shots', demo);
    expect(refused.status).toBe(403);
    expect(typeof refused.json.message).toBe('string');
  });
});

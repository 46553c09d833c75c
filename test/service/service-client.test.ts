// Every client method against a real sandbox over HTTP: v2 on both profiles (the spec as written
// and the service as deployed), v1 where it still runs (spec) and retired where it is (deployed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../main/service/service-client';
import { RateLimitGovernor } from '../../main/service/rate-limit-governor';
import { ServiceError } from '../../main/service/service-error';
import { handleOf } from '../../main/service/resources';
import { sandboxUserToken } from '../../main/auth/sandbox-token';
import type { ProfileName } from '../../sandbox/profile';
import { control, pngImage, signedInClient, startFixture, until } from './sandbox-fixture';
import type { Fixture } from './sandbox-fixture';

let fixture: Fixture;
let ada: ServiceClient;
let ben: ServiceClient;

beforeAll(async () => {
  fixture = await startFixture({ processingMs: 300 });
  ada = await signedInClient(fixture.sandbox, 'ada');
  ben = await signedInClient(fixture.sandbox, 'ben');
});
afterAll(async () => {
  await fixture?.close();
});

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe.each<ProfileName>(['spec', 'deployed'])('user and shots (v2), %s profile', (profile) => {
  let fixture: Fixture;
  let ada: ServiceClient;
  let ben: ServiceClient;
  beforeAll(async () => {
    fixture = await startFixture({ processingMs: 300, profile });
    ada = await signedInClient(fixture.sandbox, 'ada');
    ben = await signedInClient(fixture.sandbox, 'ben');
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('loads the signed-in user with their teams', async () => {
    const user = await ada.getUser();
    expect(handleOf(user)).toBe('ada');
    expect(profile === 'deployed' ? user.login : user.username).toBe('ada');
    expect(user.pro).toBe(true);
    expect(user.teams.map(handleOf)).toContain('studio');
    const plain = await ben.getUser();
    expect(plain.pro).toBe(false);
    expect(plain.teams).toEqual([]);
  });

  it('lists own shots one page at a time or all pages through Link', async () => {
    const first = await ada.listUserShots({ perPage: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.nextPage).toBe(2);
    expect(first.prevPage).toBeNull();
    const second = await ada.listUserShots({ page: 2, perPage: 1 });
    expect(second.prevPage).toBe(1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    const all = await ada.listUserShots({ all: true, perPage: 1 });
    const state = (await (await fetch(`${fixture.sandbox.url}/_sandbox/state`)).json()) as {
      users: { username: string; shots: number }[];
    };
    expect(all.items).toHaveLength(state.users.find((u) => u.username === 'ada')!.shots);
    expect(new Set(all.items.map((s) => s.id)).size).toBe(all.items.length);
    expect(all.nextPage).toBeNull();
  });

  it('lists popular shots for the approved application', async () => {
    const popular = await ada.listPopularShots();
    expect(popular.items.length).toBeGreaterThan(0);
    expect(popular.items[0]).toHaveProperty('images.normal');
  });

  it('creates a shot (multipart, repeated tags[]), follows it through processing, updates and deletes it', async () => {
    const created = await ada.createShot({
      image: { data: await pngImage(), filename: 'logo.png', contentType: 'image/png' },
      title: 'Client test',
      description: 'Made by the client test',
      tags: ['client', 'test'],
      lowProfile: true,
      teamId: (await ada.getUser()).teams[0]!.id,
    });
    expect(created.location).toMatch(new RegExp(`/v2/shots/${created.id}$`));
    const shot = await until(() => ada.getShotAtLocation(created.location));
    expect(shot).toMatchObject({ id: created.id, title: 'Client test', low_profile: true, tags: ['client', 'test'] });
    // The deployed service writes a shot's team with `username`.
    expect(shot.team && handleOf(shot.team)).toBe('studio');

    const fetched = await ada.getShot(created.id);
    expect(fetched.id).toBe(created.id);

    const updated = await ada.updateShot(created.id, {
      title: 'Renamed',
      tags: ['one'],
      teamId: null,
      lowProfile: false,
    });
    expect(updated).toMatchObject({ title: 'Renamed', tags: ['one'], low_profile: false });
    expect(updated.team).toBeUndefined();

    expect((await failure(ben.getShot(created.id))).status).toBe(404);
    await ada.deleteShot(created.id);
    expect((await failure(ada.getShot(created.id))).status).toBe(404);
  });

  it('schedules a shot for a pro user: scheduled_for instead of published_at', async () => {
    const when = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await ada.createShot({
      image: { data: await pngImage(800, 600), filename: 'big.png' },
      title: 'Later',
      scheduledFor: when,
    });
    const shot = await until(() => ada.getShotAtLocation(created.location));
    expect(shot.published_at ?? undefined).toBeUndefined();
    // The service keeps whole seconds.
    expect(Math.abs(Date.parse(shot.scheduled_for!) - Date.parse(when))).toBeLessThan(1000);
    await ada.deleteShot(created.id);
  });

  it('reports 422 validation errors field by field', async () => {
    const error = await failure(
      ada.createShot({
        image: { data: await pngImage(), filename: 'x.png' },
        title: '',
        tags: Array.from({ length: 13 }, (_, i) => `t${i}`),
      }),
    );
    expect(error.kind).toBe('http');
    expect(error.status).toBe(422);
    expect(error.fieldErrors.map((e) => e.field)).toEqual(expect.arrayContaining(['title', 'tags']));
    expect(error.message).toContain('title');
    const scheduling = await failure(
      ben.createShot({
        image: { data: await pngImage(), filename: 'x.png' },
        title: 'x',
        scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    expect(scheduling.status).toBe(422);
  });

  it('turns a bad token into a 401 with the service message', async () => {
    const stranger = new ServiceClient({
      apiUrl: fixture.sandbox.api,
      accessToken: 'not-a-token',
      governor: new RateLimitGovernor(),
    });
    const error = await failure(stranger.getUser());
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/credentials/i);
    expect(JSON.stringify(error)).not.toContain('not-a-token');
  });

  it('refuses popular shots to an application that is not approved', async () => {
    const response = await fetch(`${fixture.sandbox.url}/_sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ada', client_id: 'web-demo' }),
    });
    const token = (await response.json()) as { access_token: string };
    const webDemo = new ServiceClient({
      apiUrl: fixture.sandbox.api,
      accessToken: token.access_token,
      governor: new RateLimitGovernor(),
    });
    expect((await failure(webDemo.listPopularShots())).status).toBe(403);
  });

  it("follows a Location at the bundled sandbox's old port, and no other address; the token stays here", async () => {
    const asked: string[] = [];
    const options = {
      fetch: (input: string | URL | Request, init?: RequestInit) => {
        asked.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
    };
    const bundled = await signedInClient(fixture.sandbox, 'ada', { ...options, movingLoopbackPort: true });
    const other = await signedInClient(fixture.sandbox, 'ada', options);
    const created = await bundled.createShot({
      image: { data: await pngImage(), filename: 'resumed.png' },
      title: 'Resumed',
    });
    // Written down by an earlier run, when the bundled sandbox answered on another port.
    const earlier = new URL(created.location);
    earlier.port = String(Number(earlier.port) === 9 ? 10 : 9);
    const shot = await until(() => bundled.getShotAtLocation(earlier.href));
    expect(shot).toMatchObject({ id: created.id, title: 'Resumed' });
    const refused = async (client: ServiceClient, address: string) => {
      const error = await client.getShotAtLocation(address).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, address).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).kind).toBe('invalid-response');
    };
    // Another origin is another service: its shot of the same id is not this upload's.
    await refused(bundled, `https://elsewhere.example/v2/shots/${created.id}`);
    await refused(bundled, `http://localhost:${earlier.port}/v2/shots/${created.id}`);
    await refused(bundled, `https://${earlier.host}/v2/shots/${created.id}`);
    // A service that is not the bundled sandbox keeps its address: another port is another service.
    await refused(other, earlier.href);
    expect(await other.getShotAtLocation(created.location)).toMatchObject({ id: created.id });
    expect(asked.filter((url) => !url.startsWith(`${fixture.sandbox.api}/`))).toEqual([]);
    await bundled.deleteShot(created.id);
  });
});

describe('comments and likes (v1), spec profile', () => {
  let shotId: number;
  beforeAll(async () => {
    const shots = await ada.listUserShots({ all: true });
    shotId = shots.items[0]!.id;
  });

  it('lists, creates, reads, edits and deletes a comment', async () => {
    const before = await ada.listComments(shotId, { all: true });
    const { comment, location } = await ben.createComment(shotId, 'Lovely colours @ada');
    expect(comment.user.username).toBe('ben');
    expect(location).toMatch(new RegExp(`/comments/${comment.id}$`));
    expect(comment.body).toContain('ada');
    expect((await ada.getComment(shotId, comment.id)).id).toBe(comment.id);
    const after = await ada.listComments(shotId, { all: true });
    expect(after.items.length).toBe(before.items.length + 1);

    const edited = await ben.updateComment(shotId, comment.id, 'Lovely colours, really');
    expect(edited.body).toContain('really');
    expect((await failure(ada.updateComment(shotId, comment.id, 'not mine'))).status).toBe(403);
    await ben.deleteComment(shotId, comment.id);
    expect((await failure(ada.getComment(shotId, comment.id))).status).toBe(404);
  });

  it('likes, checks, lists likers and unlikes', async () => {
    const { comment } = await ada.createComment(shotId, 'Like me');
    expect(await ben.getCommentLike(shotId, comment.id)).toBeNull();
    expect(await ben.isCommentLiked(shotId, comment.id)).toBe(false);
    const like = await ben.likeComment(shotId, comment.id);
    expect(like.id).toBeGreaterThan(0);
    expect(like.user).toBeUndefined();
    expect((await ben.getCommentLike(shotId, comment.id))?.id).toBe(like.id);
    const likes = await ada.listCommentLikes(shotId, comment.id);
    expect(likes.items.map((l) => l.user?.username)).toEqual(['ben']);
    await ben.unlikeComment(shotId, comment.id);
    expect(await ben.isCommentLiked(shotId, comment.id)).toBe(false);
    await ada.deleteComment(shotId, comment.id);
  });

  it('tells a missing comment from a comment not liked', async () => {
    const error = await failure(ben.getCommentLike(shotId, 999_999));
    expect(error.status).toBe(404);
  });
});

describe('scopes', () => {
  it('a token without the comment scope cannot comment', async () => {
    const readOnly = await signedInClient(fixture.sandbox, 'ben', { scopes: ['public'] });
    const shots = await ada.listUserShots();
    const error = await failure(readOnly.createComment(shots.items[0]!.id, 'hi'));
    expect([401, 403]).toContain(error.status);
    await control(fixture.sandbox, 'faults', {});
  });
});

describe('comments on the deployed service (v1 retired)', () => {
  it('says once that comments are not offered, keeps the token good for v2, and does not ask again', async () => {
    const deployed = await startFixture({ profile: 'deployed' });
    try {
      const client = await signedInClient(deployed.sandbox, 'ada');
      const before = (await client.listUserShots()).items[0]!.id;
      const statuses: string[] = [];
      const watching = new ServiceClient({
        apiUrl: deployed.sandbox.api,
        accessToken: (await sandboxUserToken(deployed.sandbox, 'ada')).access_token,
        governor: new RateLimitGovernor(),
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          statuses.push(`${new URL(String(input)).pathname} ${response.status}`);
          return response;
        },
      });
      const error = await failure(watching.listComments(before));
      expect(error.kind).toBe('retired');
      expect(error.message).toMatch(/^This service does not offer comments/);
      expect(watching.commentsRetired).toBe(true);
      expect(statuses).toEqual([`/v1/shots/${before}/comments 401`, '/v2/user 200']);
      // Known now: the next comment request is answered without a round trip.
      expect((await failure(watching.createComment(before, 'hi'))).kind).toBe('retired');
      expect(statuses).toHaveLength(2);
      expect((await watching.getUser()).id).toBeGreaterThan(0);
    } finally {
      await deployed.close();
    }
  });

  it('a token v2 refuses too is bad credentials, not retired comments', async () => {
    const deployed = await startFixture({ profile: 'deployed' });
    try {
      const stranger = new ServiceClient({
        apiUrl: deployed.sandbox.api,
        accessToken: 'not-a-token',
        governor: new RateLimitGovernor(),
      });
      const error = await failure(stranger.listComments(1));
      expect(error.kind).toBe('http');
      expect(error.status).toBe(401);
      expect(stranger.commentsRetired).toBe(false);
    } finally {
      await deployed.close();
    }
  });
});

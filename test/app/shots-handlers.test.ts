// The My shots and popular handlers against a real sandbox over HTTP: the payload schemas of the
// contract, the views they answer with, and every failure as a sentence with a next step.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requests } from '../../common/contract/index';
import { createPopularHandlers } from '../../main/desktop/handlers/popular-handlers';
import { serviceAccess } from '../../main/desktop/handlers/service-access';
import { describeServiceFailure } from '../../main/service/problem';
import { createShellHandlers } from '../../main/desktop/handlers/shell-handlers';
import { createShotsHandlers } from '../../main/desktop/handlers/shots-handlers';
import { RateLimitGovernor } from '../../main/service/rate-limit-governor';
import { ServiceClient } from '../../main/service/service-client';
import { ServiceError } from '../../main/service/service-error';
import { sandboxUserToken } from '../../main/auth/sandbox-token';
import { countingFetch, pngImage, signedInClient, startFixture, until, type Fixture } from '../service/sandbox-fixture';
import { failure, value } from './handler-results';

let fixture: Fixture;
let ada: ServiceClient;

beforeAll(async () => {
  fixture = await startFixture({ processingMs: 200 });
  ada = await signedInClient(fixture.sandbox, 'ada');
});
afterAll(async () => {
  await fixture?.close();
});

const shotsAs = (client: ServiceClient | undefined) => createShotsHandlers(serviceAccess(() => client));

async function createdShot(client: ServiceClient, title: string, scheduledFor?: string): Promise<number> {
  const created = await client.createShot({
    image: { data: await pngImage(), filename: 'a.png', contentType: 'image/png' },
    title,
    scheduledFor,
  });
  await until(() => client.getShotAtLocation(created.location));
  return created.id;
}

describe('shots handlers', () => {
  test('signed out: every request says so and what to do', async () => {
    const shots = shotsAs(undefined);
    const listed = failure(await shots['shots.list'](undefined));
    expect(listed.code).toBe('signed-out');
    expect(listed.message).toMatch(/signed out.*Sign in/);
  });

  test('lists the user’s shots as views with teaser images served by the service, page by page', async () => {
    const shots = shotsAs(ada);
    const first = value(await shots['shots.list'](undefined));
    expect(first.shots.length).toBeGreaterThan(0);
    const shot = first.shots[0]!;
    expect(shot.teaserUrl.startsWith(`${fixture.sandbox.url}/images/`)).toBe(true);
    const image = await fetch(shot.teaserUrl);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect(shot.publishedAt).not.toBeNull();
    expect(shot.scheduledFor).toBeNull();
    // The sandbox's ada has fewer shots than a page, so there is no next page.
    expect(first.nextPage).toBeNull();
    const again = value(await shots['shots.get']({ id: shot.id }));
    expect(again).toEqual(shot);
  });

  test('edits title, description, tags, team and low profile; removes the team', async () => {
    const shots = shotsAs(ada);
    const id = await createdShot(ada, 'Draft title');
    const studio = (await ada.getUser()).teams.find((team) => team.login === 'studio')!;
    const edited = value(
      await shots['shots.update']({
        id,
        changes: {
          title: 'Final title',
          description: 'Now with words.',
          tags: ['one', 'two'],
          teamId: studio.id,
          lowProfile: true,
        },
      }),
    );
    // The service answers with the description as HTML.
    expect(edited.descriptionHtml).toContain('Now with words.');
    expect(edited).toMatchObject({
      title: 'Final title',
      tags: ['one', 'two'],
      team: { id: studio.id },
      lowProfile: true,
    });
    const noTeam = value(await shots['shots.update']({ id, changes: { teamId: null } }));
    expect(noTeam.team).toBeNull();
    expect((await ada.getShot(id)).team ?? null).toBeNull();
  });

  test('reschedules only while unpublished, with the service’s reasons as sentences', async () => {
    const shots = shotsAs(ada);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const scheduledId = await createdShot(ada, 'Later', inAWeek);
    const listed = value(await shots['shots.get']({ id: scheduledId }));
    expect(listed.publishedAt).toBeNull();
    expect(listed.scheduledFor).not.toBeNull();

    const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000).toISOString();
    const moved = value(await shots['shots.update']({ id: scheduledId, changes: { scheduledFor: inTwoWeeks } }));
    // The service keeps whole seconds.
    expect(Math.floor(Date.parse(moved.scheduledFor!) / 1000)).toBe(Math.floor(Date.parse(inTwoWeeks) / 1000));

    const past = failure(
      await shots['shots.update']({ id: scheduledId, changes: { scheduledFor: '2020-01-01T00:00:00Z' } }),
    );
    expect(past.code).toBe('rejected');
    expect(past.message).toBe(
      'The service did not accept this: the publish time must be in the future. Correct it, then try again.',
    );

    const publishedId = await createdShot(ada, 'Now');
    const published = failure(await shots['shots.update']({ id: publishedId, changes: { scheduledFor: inTwoWeeks } }));
    expect(published.code).toBe('already-published');
    expect(published.message).toMatch(/already published/);
  });

  test('deletes a shot; afterwards it is gone (404 as a sentence)', async () => {
    const shots = shotsAs(ada);
    const id = await createdShot(ada, 'To delete');
    expect(value(await shots['shots.delete']({ id }))).toEqual({ alreadyGone: null });
    const gone = failure(await shots['shots.get']({ id }));
    expect(gone.code).toBe('not-found');
    expect(gone.message).toBe(`Shot ${id} is not among your shots: it does not exist, or it was deleted.`);
    // Deleting it again (deleted elsewhere, the card still shown): main answers that it was already gone, with why.
    expect(value(await shots['shots.delete']({ id }))).toEqual({ alreadyGone: gone.message });
    // Someone else's shot: the service's own reason, as a sentence.
    const ben = await signedInClient(fixture.sandbox, 'ben');
    const notYours = failure(await shotsAs(ben)['shots.delete']({ id: (await ada.listUserShots()).items[0]!.id }));
    expect(notYours.code).toBe('forbidden');
    expect(notYours.message).toBe('The service refused to delete the shot: You can only change your own shots.');
  });

  test('a token without the upload scope: says which permission is missing and how to get it', async () => {
    const readOnly = await signedInClient(fixture.sandbox, 'ada', { scopes: ['public'] });
    const id = (await ada.listUserShots()).items[0]!.id;
    const refused = failure(await shotsAs(readOnly)['shots.update']({ id, changes: { title: 'Nope' } }));
    expect(refused.code).toBe('missing-scope');
    expect(refused.message).toMatch(/“upload” permission.*Sign out, then sign in again/);
  });

  test('the contract refuses a 13th tag, an empty title and a date that is not one before any handler runs', () => {
    const schema = requests['shots.update'].payload;
    const tags = Array.from({ length: 13 }, (_, index) => `tag${index}`);
    expect(v.safeParse(schema, { id: 1, changes: { tags: tags.slice(0, 12) } }).success).toBe(true);
    const tooMany = v.safeParse(schema, { id: 1, changes: { tags } });
    expect(tooMany.success).toBe(false);
    expect(tooMany.issues?.[0]?.message).toBe('A shot has at most 12 tags; this one has 13: remove 1.');
    expect(v.safeParse(schema, { id: 1, changes: { title: '   ' } }).success).toBe(false);
    expect(v.safeParse(schema, { id: 1, changes: { scheduledFor: 'tomorrow-ish' } }).success).toBe(false);
    expect(v.safeParse(schema, { id: 1, changes: { teamId: null, extra: true } }).success).toBe(false);
  });

  test('a rate limit that outlasted the retries becomes "try again in N seconds"', () => {
    const governor = new RateLimitGovernor();
    const client = new ServiceClient({ apiUrl: fixture.sandbox.api, accessToken: 'x', governor });
    const error = new ServiceError({
      kind: 'http',
      status: 429,
      message: 'API rate limit exceeded.',
      method: 'GET',
      path: '/v2/user/shots',
    });
    const result = failure(describeServiceFailure(error, { doing: 'list your shots', notFound: '' }, client));
    expect(result.code).toBe('rate-limited');
    expect(result.message).toMatch(/limit was reached\. Try again in/);
  });
});

describe('popular handlers', () => {
  test('the approved application may list popular shots; the answer is asked once per account', async () => {
    const counting = countingFetch();
    const client = await signedInClient(fixture.sandbox, 'ben', { fetch: counting.fetch });
    const popular = createPopularHandlers(serviceAccess(() => client));
    expect(value(await popular['popular.availability'](undefined))).toEqual({ approved: true });
    const requestsAfterFirst = counting.statuses.length;
    expect(value(await popular['popular.availability'](undefined))).toEqual({ approved: true });
    expect(counting.statuses.length).toBe(requestsAfterFirst);
    const page = value(await popular['popular.list'](undefined));
    expect(page.shots.length).toBeGreaterThan(0);
    expect(page.shots[0]!.teaserUrl.startsWith(fixture.sandbox.url)).toBe(true);
  });

  test('an application that is not approved: the tab is hidden (403 means no), listing says why', async () => {
    const response = await fetch(`${fixture.sandbox.url}/_sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ada', client_id: 'web-demo', scopes: 'public' }),
    });
    const { access_token } = (await response.json()) as { access_token: string };
    const client = new ServiceClient({
      apiUrl: fixture.sandbox.api,
      accessToken: access_token,
      governor: new RateLimitGovernor(),
    });
    const popular = createPopularHandlers(serviceAccess(() => client));
    expect(value(await popular['popular.availability'](undefined))).toEqual({ approved: false });
    const refused = failure(await popular['popular.list'](undefined));
    expect(refused.code).toBe('forbidden');
    expect(refused.message).toMatch(/not approved for popular shots/);
    // Signed out: not approved, without asking anyone.
    expect(
      value(await createPopularHandlers(serviceAccess(() => undefined))['popular.availability'](undefined)),
    ).toEqual({ approved: false });
    await sandboxUserToken(fixture.sandbox, 'ada'); // the sandbox is still healthy after the refusals
  });
});

describe('shell.openLink', () => {
  test('opens http(s) links through the given opener and refuses anything else at both layers', async () => {
    const opened: string[] = [];
    const shell = createShellHandlers(async (url) => {
      opened.push(url);
    });
    expect(value(await shell['shell.openLink']({ url: 'https://sandbox.invalid/ben' }))).toBeNull();
    expect(opened).toEqual(['https://sandbox.invalid/ben']);
    expect(failure(await shell['shell.openLink']({ url: 'javascript:alert(1)' })).code).toBe('refused-link');
    expect(opened).toHaveLength(1);
    const schema = requests['shell.openLink'].payload;
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'app.shotput://oauth/callback',
      'http://',
      ' https://x.test',
    ]) {
      expect(v.safeParse(schema, { url }).success, url).toBe(false);
    }
    expect(v.safeParse(schema, { url: 'http://127.0.0.1:3000/shots/1' }).success).toBe(true);
  });
});

// The whole sign-in against a real sandbox: authorize page in a (scripted) browser, the callback
// delivered as a deep link to the real handler, state checked, code exchanged, /v2/user loaded.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignIn } from '../../main/auth/sign-in';
import type { SignInOutcome } from '../../main/auth/sign-in';
import { TokenStore } from '../../main/auth/token-store';
import { fileModeSecretBox, ownerOnlyFile } from '../../main/auth/file-persistence';
import { SANDBOX_CLIENT_SECRET, customEndpoint, sandboxEndpoint } from '../../main/auth/service-settings';
import type { ServiceEndpoint } from '../../main/auth/service-settings';
import { PendingSignIns } from '../../main/auth/pending-sign-ins';
import { exchangeCode } from '../../main/auth/token-exchange';
import { ServiceClient } from '../../main/service/service-client';
import { RateLimitGovernor } from '../../main/service/rate-limit-governor';
import { startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';
import { TestBrowser } from './browser';

let fixture: Fixture;
let dir: string;
let service: ServiceEndpoint;

beforeAll(async () => {
  fixture = await startFixture();
  service = sandboxEndpoint(fixture.sandbox);
});
afterAll(async () => {
  await fixture?.close();
});

let store: TokenStore;
let logs: string[];
let now: number;
let secret: string | undefined;

function newSignIn(): SignIn {
  return new SignIn({ store, clientSecretFor: async () => secret, log: (m) => logs.push(m), now: () => now });
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotput-signin-'));
  store = new TokenStore(fileModeSecretBox, ownerOnlyFile(path.join(dir, 'accounts.json')));
  logs = [];
  now = Date.now();
  secret = SANDBOX_CLIENT_SECRET;
  return () => rm(dir, { recursive: true, force: true });
});

function failedCode(outcome: SignInOutcome): string {
  expect(outcome.kind).toBe('failed');
  return outcome.kind === 'failed' ? outcome.problem.code : '';
}

describe('sign-in against the sandbox', () => {
  it('signs in as ada: authorize page, allow, deep link, token exchange, /v2/user', async () => {
    const signIn = newSignIn();
    const { authorizeUrl } = signIn.start(service);
    const browser = new TestBrowser();
    const callback = await browser.authorize(authorizeUrl, { username: 'ada', password: 'sandbox', decision: 'allow' });
    expect(callback).toMatch(/^app\.shotput:\/\/oauth\/callback\?code=/);
    expect(browser.hasSession).toBe(true);

    const outcome = await signIn.completeFromDeepLink(callback);
    expect(outcome.kind).toBe('signed-in');
    if (outcome.kind !== 'signed-in') return;
    expect(outcome.user.username).toBe('ada');
    expect(outcome.user.teams.map((t) => t.login)).toEqual(['studio']);
    expect(outcome.account).toEqual({
      serviceId: 'sandbox',
      scope: 'public write comment upload',
      user: { id: outcome.user.id, username: 'ada', name: outcome.user.name },
      signedInAt: expect.any(String),
    });
    expect(JSON.stringify(outcome)).not.toMatch(/access_token|accessToken/);

    const stored = await store.account('sandbox');
    const client = new ServiceClient({
      apiUrl: service.apiUrl,
      accessToken: stored!.accessToken,
      governor: new RateLimitGovernor(),
    });
    expect((await client.getUser()).username).toBe('ada');
    expect(signIn.waiting).toBe(false);
  });

  it('skips the form when the browser session already granted access, and still checks the state', async () => {
    const browser = new TestBrowser();
    const first = newSignIn();
    await first.completeFromDeepLink(
      await browser.authorize(first.start(service).authorizeUrl, {
        username: 'cleo',
        password: 'sandbox',
        decision: 'allow',
      }),
    );
    const second = newSignIn();
    const opened = await browser.open(second.start(service).authorizeUrl);
    expect('redirect' in opened).toBe(true);
    if (!('redirect' in opened)) return;
    const outcome = await second.completeFromDeepLink(opened.redirect);
    expect(outcome.kind === 'signed-in' && outcome.user.username).toBe('cleo');
  });

  it('reports Deny as a cancelled sign-in and stores nothing', async () => {
    const signIn = newSignIn();
    const callback = await new TestBrowser().authorize(signIn.start(service).authorizeUrl, {
      username: 'ben',
      password: 'sandbox',
      decision: 'deny',
    });
    const outcome = await signIn.completeFromDeepLink(callback);
    expect(failedCode(outcome)).toBe('access-denied');
    if (outcome.kind === 'failed') expect(outcome.problem.title).toBe('Sign-in cancelled');
    expect(await store.account('sandbox')).toBeUndefined();
  });

  it('reports a suspended application', async () => {
    const signIn = newSignIn();
    const suspended = { ...service, clientId: 'suspended-app' };
    const redirect = new URL(
      await new TestBrowser().authorize(signIn.start(suspended).authorizeUrl, { decision: 'allow' }),
    );
    expect(redirect.searchParams.get('error')).toBe('application_suspended');
    // The sandbox's suspended application is registered with a web callback; had Shotput's own
    // application been suspended, the same redirect would arrive on Shotput's scheme.
    const callback = `app.shotput://oauth/callback${redirect.search}`;
    const outcome = await signIn.completeFromDeepLink(callback);
    expect(failedCode(outcome)).toBe('application-suspended');
    if (outcome.kind === 'failed') expect(outcome.problem.next).toBe('contact-support');
  });

  it('reports a redirect URI the application did not register', async () => {
    const signIn = newSignIn();
    const wrongRedirect = { ...service, redirectUri: 'app.shotput://elsewhere/callback' };
    const callback = await new TestBrowser().authorize(signIn.start(wrongRedirect).authorizeUrl, { decision: 'allow' });
    // The service sends the error to the registered callback, which is still ours.
    expect(failedCode(await signIn.completeFromDeepLink(callback))).toBe('invalid-redirect-uri');
  });

  it('reports a wrong client secret as invalid_client', async () => {
    const signIn = newSignIn();
    secret = 'not-the-secret';
    const callback = await new TestBrowser().authorize(signIn.start(service).authorizeUrl, {
      username: 'ada',
      password: 'sandbox',
      decision: 'allow',
    });
    expect(failedCode(await signIn.completeFromDeepLink(callback))).toBe('invalid-client');
    secret = undefined;
    const again = newSignIn();
    const second = await new TestBrowser().authorize(again.start(service).authorizeUrl, {
      username: 'ada',
      password: 'sandbox',
      decision: 'allow',
    });
    expect(failedCode(await again.completeFromDeepLink(second))).toBe('invalid-client');
  });

  it('reports a wrong or reused code as invalid_grant', async () => {
    const signIn = newSignIn();
    const callback = await new TestBrowser().authorize(signIn.start(service).authorizeUrl, {
      username: 'ada',
      password: 'sandbox',
      decision: 'allow',
    });
    const tampered = new URL(callback);
    tampered.searchParams.set('code', 'made-up-code');
    expect(failedCode(await signIn.completeFromDeepLink(tampered.toString()))).toBe('invalid-grant');

    const pending = new PendingSignIns();
    const started = pending.start(service);
    const code = new URL(
      await new TestBrowser().authorize(buildUrl(started.state, started.codeChallenge), {
        username: 'ada',
        password: 'sandbox',
        decision: 'allow',
      }),
    ).searchParams.get('code')!;
    expect((await exchangeCode({ signIn: started, code, clientSecret: SANDBOX_CLIENT_SECRET })).ok).toBe(true);
    const reused = await exchangeCode({ signIn: started, code, clientSecret: SANDBOX_CLIENT_SECRET });
    expect(reused.ok === false && reused.error.code).toBe('invalid-grant');
  });

  it('ignores a state it did not issue (a forged link) and keeps the real sign-in', async () => {
    const signIn = newSignIn();
    const callback = await new TestBrowser().authorize(signIn.start(service).authorizeUrl, {
      username: 'ada',
      password: 'sandbox',
      decision: 'allow',
    });
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-value');
    expect(await signIn.completeFromDeepLink(forged.toString())).toEqual({ kind: 'ignored', reason: 'state mismatch' });
    expect((await signIn.completeFromDeepLink(callback)).kind).toBe('signed-in');
    expect(await store.account('sandbox')).toBeDefined();
  });

  it('refuses a callback that arrives after ten minutes', async () => {
    const signIn = newSignIn();
    const callback = await new TestBrowser().authorize(signIn.start(service).authorizeUrl, {
      username: 'ada',
      password: 'sandbox',
      decision: 'allow',
    });
    now += 10 * 60 * 1000 + 1;
    expect(failedCode(await signIn.completeFromDeepLink(callback))).toBe('state-expired');
  });

  it('ignores and logs links that are not callbacks, without logging their contents', async () => {
    const signIn = newSignIn();
    signIn.start(service);
    const outcome = await signIn.completeFromDeepLink('app.shotput://evil/steal?code=secret-code&state=x');
    expect(outcome.kind).toBe('ignored');
    expect(logs).toHaveLength(1);
    expect(logs[0]).not.toContain('secret-code');
    expect(signIn.waiting).toBe(true);
  });

  it('reports an unreachable authorization server', async () => {
    const signIn = newSignIn();
    const closed = await startFixture();
    const offline = sandboxEndpoint(closed.sandbox);
    const callback = await new TestBrowser().authorize(signIn.start(offline).authorizeUrl, {
      username: 'ada',
      password: 'sandbox',
      decision: 'allow',
    });
    await closed.close();
    expect(failedCode(await signIn.completeFromDeepLink(callback))).toBe('service-unreachable');
  });

  it('keeps one account per service', async () => {
    const other = await startFixture();
    try {
      const otherService = customEndpoint(other.sandbox.api, other.sandbox.auth, 'shotput-desktop');
      for (const [target, username] of [
        [service, 'ada'],
        [otherService, 'ben'],
      ] as const) {
        const signIn = newSignIn();
        const callback = await new TestBrowser().authorize(signIn.start(target).authorizeUrl, {
          username,
          password: 'sandbox',
          decision: 'allow',
        });
        expect((await signIn.completeFromDeepLink(callback)).kind).toBe('signed-in');
      }
      expect((await store.account('sandbox'))?.user.username).toBe('ada');
      expect((await store.account(otherService.id))?.user.username).toBe('ben');
      await store.forgetAccount('sandbox');
      expect(await store.account('sandbox')).toBeUndefined();
      expect((await store.account(otherService.id))?.user.username).toBe('ben');
    } finally {
      await other.close();
    }
  });
});

function buildUrl(state: string, challenge: string): string {
  const url = new URL('/oauth/authorize', service.authUrl);
  url.search = new URLSearchParams({
    client_id: service.clientId,
    redirect_uri: service.redirectUri,
    scope: 'public',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

// The desktop session in plain Node against real sandboxes: one plays the bundled sandbox, the
// other "the real service" with the user's own application. The browser is scripted (TestBrowser)
// and its callback is handed to handleDeepLink as main/app does with open-url/second-instance.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountManager } from '../../main/auth/account-manager';
import { fileModeSecretBox, ownerOnlyFile } from '../../main/auth/file-persistence';
import { TokenStore } from '../../main/auth/token-store';
import { DesktopSession } from '../../main/desktop/desktop-session';
import { problemSentence } from '../../main/desktop/session-problems';
import type { AuthState } from '../../common/contract/index';
import { TestBrowser } from '../auth/browser';
import { startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';

let local: Fixture;
let remote: Fixture;
let root: string;

beforeAll(async () => {
  [local, remote] = await Promise.all([startFixture(), startFixture()]);
  root = await mkdtemp(path.join(os.tmpdir(), 'shotput-desktop-session-'));
});
afterAll(async () => {
  await Promise.all([local?.close(), remote?.close()]);
  await rm(root, { recursive: true, force: true });
});

interface Harness {
  session: DesktopSession;
  opened: string[];
  states: AuthState[];
  dataDir: string;
}

let counter = 0;
async function openSession(
  dataDir = path.join(root, `user-${++counter}`),
  timeoutMs?: number,
  fetchImpl?: typeof fetch,
): Promise<Harness> {
  const opened: string[] = [];
  const accounts = new AccountManager({
    store: new TokenStore(fileModeSecretBox, ownerOnlyFile(path.join(dataDir, 'accounts.json'))),
    openExternal: async (url) => void opened.push(url),
    sandbox: async () => local.sandbox,
  });
  const session = await DesktopSession.open({
    dataDir,
    accounts,
    realService: { apiUrl: remote.sandbox.api, authUrl: remote.sandbox.auth },
    signInTimeoutMs: timeoutMs,
    ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }),
  });
  const states: AuthState[] = [];
  session.onChange((state) => states.push(state));
  return { session, opened, states, dataDir };
}

/** Waits until the browser was asked to open the authorize page, then plays the user in it. */
async function answerInBrowser(h: Harness, input: { username?: string; decision: 'allow' | 'deny' }): Promise<string> {
  for (let i = 0; i < 200 && h.opened.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  const url = h.opened.shift();
  if (!url) throw new Error('the browser was never opened');
  return new TestBrowser().authorize(url, {
    username: input.username ?? 'ada',
    password: 'sandbox',
    decision: input.decision,
  });
}

async function settledStatus(session: DesktopSession, status: AuthState['status']): Promise<void> {
  for (let i = 0; i < 300 && session.state().status !== status; i++) await new Promise((r) => setTimeout(r, 10));
  expect(session.state().status).toBe(status);
}

describe('DesktopSession', () => {
  it('signs in to the sandbox through the browser and the deep link, and exposes client() and user()', async () => {
    const h = await openSession();
    expect(h.session.state()).toMatchObject({ status: 'signed-out', service: 'sandbox', problem: null });
    expect(h.session.client()).toBeUndefined();
    expect(h.session.user()).toBeUndefined();

    const signingIn = h.session.signIn({ service: 'sandbox' });
    const callback = await answerInBrowser(h, { decision: 'allow' });
    expect(h.session.state().status).toBe('signing-in');
    await h.session.handleDeepLink(callback);
    const result = await signingIn;

    expect(result.ok).toBe(true);
    const state = h.session.state();
    if (state.status !== 'signed-in') throw new Error('not signed in');
    expect(state.account).toMatchObject({
      service: 'sandbox',
      name: 'Ada Lovelace',
      username: 'ada',
      pro: true,
      type: 'Player',
      teams: [{ id: 4, name: 'Studio', login: 'studio' }],
      canSchedule: true,
      scheduleReason: null,
    });
    // The picture follows the sign-in (see the next test).
    await expect
      .poll(() => {
        const now = h.session.state();
        return now.status === 'signed-in' ? now.account.avatar : undefined;
      })
      .toMatch(/^data:image\/(png|jpeg);base64,/);
    expect(state.account.scopes).toEqual(expect.arrayContaining(['upload', 'comment']));
    expect(h.session.user()?.username).toBe('ada');
    expect((await h.session.client()!.getUser()).id).toBe(h.session.user()!.id);
    // The renderer's view of the state never carries the token.
    const token = JSON.parse(await readFile(path.join(h.dataDir, 'accounts.json'), 'utf8')) as {
      accounts: Record<string, string>;
    };
    const accessToken = (JSON.parse(token.accounts['sandbox']!) as { accessToken: string }).accessToken;
    expect(JSON.stringify(h.states)).not.toContain(accessToken);
    expect(h.states.map((s) => s.status)).toEqual(expect.arrayContaining(['signing-in', 'signed-in']));
    await h.session.close();
  });

  it('is signed in without waiting for the avatar’s host, and shows the picture once it answers', async () => {
    // The image host is slow or blocked where the API is not (a proxy, a CDN's outage): its
    // requests wait on the gate. The sign-in used to wait with them, up to 8 s, at every start.
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const slowImages: typeof fetch = async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/images/avatars/')) await gate;
      return fetch(input, init);
    };
    const h = await openSession(undefined, undefined, slowImages);
    try {
      const signingIn = h.session.signIn({ service: 'sandbox' });
      void h.session.handleDeepLink(await answerInBrowser(h, { decision: 'allow' }));
      const held = new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 3_000));
      const outcome = await Promise.race([signingIn, held]);
      expect(outcome).not.toBe('held');
      const state = h.session.state();
      if (state.status !== 'signed-in') throw new Error(`not signed in: ${state.status}`);
      expect(state.account.name).toBe('Ada Lovelace');
      expect(state.account.avatar).toBeNull();
      expect(h.session.client()).toBeDefined();

      openGate();
      await expect
        .poll(() => {
          const now = h.session.state();
          return now.status === 'signed-in' ? now.account.avatar : undefined;
        })
        .toMatch(/^data:image\/(png|jpeg);base64,/);
      // The window heard the picture arrive as one more change of the same account.
      expect(h.states.at(-1)).toMatchObject({ status: 'signed-in', account: { name: 'Ada Lovelace' } });
    } finally {
      openGate();
      await h.session.close();
    }
  });

  it('restores the saved account at the next start without a browser, and signs out', async () => {
    const dataDir = path.join(root, 'restore');
    const first = await openSession(dataDir);
    const signingIn = first.session.signIn({ service: 'sandbox' });
    await first.session.handleDeepLink(await answerInBrowser(first, { username: 'ben', decision: 'allow' }));
    expect((await signingIn).ok).toBe(true);
    await first.session.close();

    const second = await openSession(dataDir);
    await settledStatus(second.session, 'signed-in');
    expect(second.opened).toEqual([]);
    expect(second.session.user()).toMatchObject({ username: 'ben', pro: false });
    const state = second.session.state();
    expect(state.status === 'signed-in' && state.account.canSchedule).toBe(false);
    expect(state.status === 'signed-in' && state.account.scheduleReason).toMatch(
      /pro accounts, teams and team members/,
    );

    const out = await second.session.signOut();
    expect(out).toMatchObject({ status: 'signed-out', problem: null });
    expect(second.session.client()).toBeUndefined();
    const third = await openSession(dataDir);
    await new Promise((r) => setTimeout(r, 50));
    expect(third.session.state().status).toBe('signed-out');
    await Promise.all([second.session.close(), third.session.close()]);
  });

  it('says what happened and what to do when the user denies, and ignores a stray link', async () => {
    const h = await openSession();
    const signingIn = h.session.signIn({ service: 'sandbox' });
    await h.session.handleDeepLink(await answerInBrowser(h, { decision: 'deny' }));
    const result = await signingIn;
    expect(result).toMatchObject({ ok: false, error: { code: 'access-denied', title: 'Sign-in cancelled' } });
    if (!result.ok)
      expect(problemSentence(result.error)).toMatch(
        /^Sign-in cancelled\. You chose not to give Shotput access\. .*Sign in again when you are ready\.$/,
      );
    expect(h.session.state()).toMatchObject({ status: 'signed-out', problem: { code: 'access-denied' } });

    // A forged link while nothing waits changes nothing.
    await h.session.handleDeepLink('app.shotput://oauth/callback?code=abc&state=forged');
    await h.session.handleDeepLink('https://example.com/not-ours');
    expect(h.session.state()).toMatchObject({ status: 'signed-out', problem: { code: 'access-denied' } });
    await h.session.close();
  });

  it('ignores a forged callback with another state and keeps waiting for the real one', async () => {
    const h = await openSession();
    const signingIn = h.session.signIn({ service: 'sandbox' });
    const callback = await answerInBrowser(h, { decision: 'allow' });
    const forged = new URL(callback);
    forged.searchParams.set('state', 'x'.repeat(43));
    await h.session.handleDeepLink(forged.toString());
    expect(h.session.state()).toMatchObject({ status: 'signing-in' });
    await h.session.handleDeepLink(callback);
    expect(await signingIn).toMatchObject({ ok: true });
    await h.session.close();
  });

  it('can be cancelled, and then a late callback is refused', async () => {
    const h = await openSession();
    const signingIn = h.session.signIn({ service: 'sandbox' });
    const callback = await answerInBrowser(h, { decision: 'allow' });
    expect(h.session.cancelSignIn()).toMatchObject({ status: 'signed-out', problem: null });
    expect(await signingIn).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    await h.session.handleDeepLink(callback);
    expect(h.session.state().status).toBe('signed-out');
    expect(h.session.client()).toBeUndefined();
    await h.session.close();
  });

  it('gives up waiting for the browser after the time limit', async () => {
    const h = await openSession(undefined, 200);
    const result = await h.session.signIn({ service: 'sandbox' });
    expect(result).toMatchObject({ ok: false, error: { code: 'state-expired' } });
    expect(h.session.state()).toMatchObject({ status: 'signed-out', problem: { code: 'state-expired' } });
    await h.session.close();
  });

  it('uses the real service with the user’s client id and secret, keeps one account per service, and switches', async () => {
    const h = await openSession();
    expect(await h.session.signIn({ service: 'real' })).toMatchObject({
      ok: false,
      error: { code: 'missing-credentials' },
    });
    expect(await h.session.signIn({ service: 'real', clientId: 'shotput-desktop' })).toMatchObject({
      ok: false,
      error: { code: 'missing-credentials', action: expect.stringContaining('client secret') },
    });

    const real = h.session.signIn({
      service: 'real',
      clientId: 'shotput-desktop',
      clientSecret: 'shotput-desktop-secret',
    });
    const authorize = new URL(
      await (async () => {
        for (let i = 0; i < 200 && h.opened.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
        return h.opened[0]!;
      })(),
    );
    expect(authorize.origin).toBe(new URL(remote.sandbox.auth).origin);
    await h.session.handleDeepLink(await answerInBrowser(h, { username: 'cleo', decision: 'allow' }));
    expect(await real).toMatchObject({
      ok: true,
      value: { status: 'signed-in', service: 'real', account: { username: 'cleo', serviceLabel: expect.any(String) } },
    });
    expect(h.session.state()).toMatchObject({ realService: { clientId: 'shotput-desktop', hasSecret: true } });
    expect(JSON.stringify(h.session.state())).not.toContain('shotput-desktop-secret');

    const sandbox = h.session.signIn({ service: 'sandbox' });
    await h.session.handleDeepLink(await answerInBrowser(h, { username: 'ada', decision: 'allow' }));
    expect(await sandbox).toMatchObject({ ok: true, value: { service: 'sandbox', account: { username: 'ada' } } });

    // Switching back needs no browser: the real service's account was kept.
    expect(await h.session.useService('real')).toMatchObject({ status: 'signed-in', account: { username: 'cleo' } });
    expect(h.opened).toEqual([]);
    expect((await h.session.client()!.getUser()).username).toBe('cleo');
    await h.session.close();
  });

  it('tells the active account to listeners as it changes', async () => {
    const h = await openSession();
    const seen: Array<string | undefined> = [];
    h.session.events.on('account', (account) => seen.push(account?.user.username));
    const signingIn = h.session.signIn({ service: 'sandbox' });
    await h.session.handleDeepLink(await answerInBrowser(h, { username: 'studio', decision: 'allow' }));
    await signingIn;
    // The picture arriving after the sign-in is the same account to its listeners (the queue, the drafts).
    await expect
      .poll(() => {
        const now = h.session.state();
        return now.status === 'signed-in' ? now.account.avatar : undefined;
      })
      .toMatch(/^data:image\//);
    await h.session.signOut();
    expect(seen).toEqual(['studio', undefined]);
    await h.session.close();
  });
});

// AccountManager in plain Node against real sandboxes: one account per service, the user's own
// client secret for a non-sandbox service, failures as events.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountManager } from '../../main/auth/account-manager';
import { TokenStore } from '../../main/auth/token-store';
import { fileModeSecretBox, ownerOnlyFile } from '../../main/auth/file-persistence';
import type { SignInProblem } from '../../main/auth/auth-problems';
import type { ServiceChoice } from '../../main/auth/service-settings';
import { startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';
import { TestBrowser } from './browser';

let local: Fixture;
let remote: Fixture;
let dir: string;
beforeAll(async () => {
  [local, remote] = await Promise.all([startFixture(), startFixture()]);
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotput-accounts-'));
});
afterAll(async () => {
  await Promise.all([local?.close(), remote?.close()]);
  await rm(dir, { recursive: true, force: true });
});

describe('AccountManager', () => {
  it('keeps separate accounts for the sandbox and another service, and signs out of one', async () => {
    const opened: string[] = [];
    const manager = new AccountManager({
      store: new TokenStore(fileModeSecretBox, ownerOnlyFile(path.join(dir, 'accounts.json'))),
      openExternal: async (url) => void opened.push(url),
      sandbox: async () => local.sandbox,
    });
    const failures: SignInProblem[] = [];
    manager.events.on('sign-in-failed', (problem) => failures.push(problem));

    const custom: ServiceChoice = {
      kind: 'custom',
      apiUrl: remote.sandbox.api,
      authUrl: remote.sandbox.auth,
      clientId: 'shotput-desktop',
    };
    expect(await manager.hasClientSecret(custom)).toBe(false);
    await manager.beginSignIn(custom);
    const noSecret = await manager.handleDeepLink(
      await new TestBrowser().authorize(opened.pop()!, { username: 'ben', password: 'sandbox', decision: 'allow' }),
    );
    expect(noSecret.kind === 'failed' && noSecret.problem.code).toBe('invalid-client');
    expect(failures.map((f) => f.code)).toEqual(['invalid-client']);

    await manager.setClientSecret(custom, 'shotput-desktop-secret');
    expect(await manager.hasClientSecret(custom)).toBe(true);
    await manager.beginSignIn(custom);
    expect(
      (
        await manager.handleDeepLink(
          await new TestBrowser().authorize(opened.pop()!, { username: 'ben', password: 'sandbox', decision: 'allow' }),
        )
      ).kind,
    ).toBe('signed-in');

    await manager.beginSignIn({ kind: 'sandbox' });
    expect(
      (
        await manager.handleDeepLink(
          await new TestBrowser().authorize(opened.pop()!, { username: 'ada', password: 'sandbox', decision: 'allow' }),
        )
      ).kind,
    ).toBe('signed-in');

    expect((await manager.accounts()).map((a) => `${a.serviceId}:${a.user.username}`).sort()).toEqual([
      `${new URL(remote.sandbox.api).origin}:ben`,
      'sandbox:ada',
    ]);
    expect((await (await manager.clientFor(custom))!.getUser()).username).toBe('ben');

    // Every client of one account shares its governor; another manager keeps governors of its own.
    const governor = (await manager.clientFor({ kind: 'sandbox' }))!.governor;
    expect((await manager.clientFor({ kind: 'sandbox' }))!.governor).toBe(governor);
    expect((await manager.clientFor(custom))!.governor).not.toBe(governor);
    const sameStore = new AccountManager({
      store: new TokenStore(fileModeSecretBox, ownerOnlyFile(path.join(dir, 'accounts.json'))),
      openExternal: async () => {},
      sandbox: async () => local.sandbox,
    });
    expect((await sameStore.clientFor({ kind: 'sandbox' }))!.governor).not.toBe(governor);

    await manager.signOut('sandbox');
    expect(await manager.clientFor({ kind: 'sandbox' })).toBeNull();
    expect((await (await manager.clientFor(custom))!.getUser()).username).toBe('ben');
  });

  it('ignores links that are not sign-in callbacks, without an event', async () => {
    const manager = new AccountManager({
      store: new TokenStore(fileModeSecretBox, ownerOnlyFile(path.join(dir, 'other.json'))),
      openExternal: async () => {},
      sandbox: async () => local.sandbox,
    });
    let events = 0;
    manager.events.on('sign-in-failed', () => events++);
    expect((await manager.handleDeepLink('app.shotput://open/shot/5')).kind).toBe('ignored');
    expect(events).toBe(0);
  });
});

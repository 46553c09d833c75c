// The desktop wiring with Electron mocked: safeStorage seals, the browser is scripted, the callback
// arrives as a deep link event and goes to the real AccountManager against the bundled sandbox.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeApp, fakeSafeStorage } from './auth-fakes';
import { TestBrowser } from '../auth/browser';

const opened: string[] = [];
vi.mock('electron', async () => {
  const { repoRoot } = await import('../e2e/harness/repo-paths');
  const { utilityProcessForTests } = await import('./utility-process-for-tests');
  return {
    app: { getAppPath: () => repoRoot },
    safeStorage: fakeSafeStorage('basic_text'),
    shell: { openExternal: async (url: string) => void opened.push(url) },
    utilityProcess: utilityProcessForTests(),
  };
});

const { createDesktopTokens } = await import('../../main/app/auth-accounts');
const { appSandbox } = await import('../../main/app/sandbox-process');
const { AccountManager } = await import('../../main/auth/account-manager');
const { shell } = await import('electron');
const { registerDeepLinks } = await import('../../main/app/auth-deep-links');
const { stopAppSandbox } = await import('../../main/app/sandbox-process');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotput-app-auth-'));
});
afterAll(async () => {
  await stopAppSandbox();
  await rm(dir, { recursive: true, force: true });
});

describe('createDesktopTokens + registerDeepLinks', () => {
  it('signs in to the bundled sandbox through the browser and a deep link, sealed with safeStorage', async () => {
    const kv = new Map<string, unknown>();
    const keyValueStore = {
      get: (key: string) => kv.get(key),
      set: (key: string, value: unknown) => void kv.set(key, value),
    };
    const created = createDesktopTokens(keyValueStore);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    // As the engine's process builds it, with main's store, browser and sandbox reached directly.
    const accounts = new AccountManager({
      store: created.value,
      openExternal: (url) => shell.openExternal(url),
      sandbox: () => appSandbox({ dataDir: path.join(dir, 'sandbox') }),
    });
    expect(accounts.protection).toBe('basic-text');

    const app = new FakeApp();
    await app.becomeReady();
    const outcomes: Array<Promise<unknown>> = [];
    registerDeepLinks(app as never, (url) => outcomes.push(accounts.handleDeepLink(url)), { argv: ['shotput'] });
    const signedIn = new Promise((resolve) => accounts.events.once('signed-in', resolve));

    await accounts.beginSignIn({ kind: 'sandbox' });
    expect(opened).toHaveLength(1);
    const callback = await new TestBrowser().authorize(opened[0]!, {
      username: 'ada',
      password: 'sandbox',
      decision: 'allow',
    });
    app.emit('second-instance', {}, ['shotput', callback], '/');
    await Promise.all(outcomes);
    expect(await signedIn).toMatchObject({ serviceId: 'sandbox', user: { username: 'ada' } });

    const record = JSON.parse(String(kv.get('sealedAccounts'))) as { accounts: Record<string, string> };
    // What is kept is what safeStorage produced, never the token in the clear.
    expect(Buffer.from(record.accounts.sandbox!, 'base64').toString().startsWith('enc:')).toBe(true);
    expect(String(kv.get('sealedAccounts'))).not.toContain('accessToken');
    expect((await (await accounts.clientFor({ kind: 'sandbox' }))!.getUser()).username).toBe('ada');

    const summaries = await accounts.accounts();
    expect(JSON.stringify(summaries)).not.toMatch(/accessToken/);

    const signedOut = new Promise((resolve) => accounts.events.once('signed-out', resolve));
    await accounts.signOut('sandbox');
    expect(await signedOut).toBe('sandbox');
    expect(await accounts.clientFor({ kind: 'sandbox' })).toBeNull();
  });
});

// startEngine with Electron mocked: the engine in a real child process (its source through tsx),
// sign-ins sealed by safeStorage inside main's electron-store (and the settings screen told when
// Linux uses basic_text), or kept in memory only when this computer cannot encrypt; the bundled
// sandbox started on first use, in a process of its own, only its addresses handed to the engine.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { TestBrowser } from '../auth/browser';
import { fakeSafeStorage } from './auth-fakes';
import { connectTestWindow, type TestWindow } from './window-for-tests';

const electron = vi.hoisted(() => ({
  userData: '',
  safeStorage: undefined as unknown,
  opened: [] as string[],
}));

vi.mock('electron', async () => {
  const { repoRoot } = await import('../e2e/harness/repo-paths');
  const { utilityProcessForTests } = await import('./utility-process-for-tests');
  const utilityProcess = utilityProcessForTests();
  const app = {
    getPath: () => electron.userData,
    getVersion: () => '0.0.0-test',
    getName: () => 'Shotput',
    getAppPath: () => repoRoot,
  };
  const ipcMain = { on: () => undefined };
  const shell = { openExternal: async (url: string) => void electron.opened.push(url) };
  const safeStorage = new Proxy(
    {},
    { get: (_target, key) => (electron.safeStorage as Record<PropertyKey, unknown>)[key] },
  );
  return {
    default: { app, ipcMain, shell, safeStorage, utilityProcess },
    app,
    ipcMain,
    shell,
    safeStorage,
    utilityProcess,
  };
});

const { startEngine } = await import('../../main/app/engine-wiring');
const { defaultSettings } = await import('../../common/contract/settings');
type Started = Awaited<ReturnType<typeof startEngine>>;
const { stopAppSandbox } = await import('../../main/app/sandbox-process');

const dirs: string[] = [];
const engines: Started['engine'][] = [];
afterAll(async () => {
  for (const engine of engines) await engine.close();
  await stopAppSandbox();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function engineFor(dir: string, log: string[]): Promise<{ engine: Started['engine']; window: TestWindow }> {
  const { engine } = await startEngine({
    userDataDir: dir,
    settings: () => ({ ...defaultSettings }),
    openExternal: async (url) => void electron.opened.push(url),
    pickPaths: async () => [],
    takeOpenedFiles: () => [],
    writeLogLine: () => undefined,
    onRestarted: () => undefined,
    log: (line) => log.push(line),
  });
  engines.push(engine);
  // The window's requests reach the engine on its port, as the preload sends them.
  return { engine, window: connectTestWindow(engine) };
}

async function freshUserData(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shotput-wiring-'));
  dirs.push(dir);
  electron.userData = dir;
  return dir;
}

describe('startEngine', () => {
  it('seals the sign-in with safeStorage in electron-store and reports a basic_text keyring', async () => {
    const dir = await freshUserData();
    electron.safeStorage = fakeSafeStorage('basic_text');
    const log: string[] = [];
    const { engine, window } = await engineFor(dir, log);
    expect(await window.request('auth.state', undefined)).toMatchObject({
      ok: true,
      value: { status: 'signed-out', secretStorage: 'basic-text' },
    });

    const signing = window.request('auth.signIn', { service: 'sandbox' });
    // The sandbox starts in a process of its own first (a fresh Node child loading the server).
    for (let i = 0; i < 3000 && electron.opened.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const authorize = electron.opened.shift()!;
    expect(authorize).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?/);
    const link = await new TestBrowser().authorize(authorize, {
      username: 'ada',
      password: 'sandbox',
      decision: 'allow',
    });
    expect(await engine.call('deepLink', link)).toBe(true);
    expect((await signing).ok).toBe(true);
    // The bundled sandbox serves no control API: nothing else on the machine can mint a token or move its clock.
    const sandboxUrl = new URL(authorize).origin;
    expect((await fetch(`${sandboxUrl}/_sandbox/state`)).status).toBe(404);
    const minted = await fetch(`${sandboxUrl}/_sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"ada","client_id":"shotput-desktop"}',
    });
    expect(minted.status).toBe(404);

    const stored = await readFile(path.join(dir, 'accounts.json'), 'utf8');
    expect(stored).toContain('sealedAccounts');
    expect(stored).not.toMatch(/accessToken|Ada Lovelace/);
    if (process.platform !== 'win32') expect((await stat(path.join(dir, 'accounts.json'))).mode & 0o777).toBe(0o600);
    // Main's copy is the sealed one; the engine's process holds the token only in memory.
    await engine.close();
    expect(log).toEqual([]);
  });

  it('keeps sign-ins in memory only, and says so, when the computer cannot encrypt', async () => {
    const dir = await freshUserData();
    electron.safeStorage = fakeSafeStorage('basic_text', false);
    const log: string[] = [];
    const { engine, window } = await engineFor(dir, log);
    expect(await window.request('auth.state', undefined)).toMatchObject({
      ok: true,
      value: { status: 'signed-out', secretStorage: 'unavailable' },
    });
    expect(log.join('\n')).toMatch(/no way to encrypt/);
    await engine.close();
  });
});

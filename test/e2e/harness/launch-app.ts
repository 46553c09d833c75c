// Starts the REAL main process code (main/app/index.ts) on the fake Electron and answers with
// the window's Playwright page. The test file must replace 'electron' first:
//   vi.mock('electron', () => import('./harness/electron-module'));
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { TestRunner, vi } from 'vitest';
import type { Settings } from '../../../common/contract/index';
import type { RemoteSandbox } from '../../../main/app/sandbox-process';
import { electronModuleFor } from './electron-module';
import { ensureBuild } from './ensure-build';
import { ELECTRON_EXECUTABLE } from './fake-app';
import type { FakeBrowserWindow } from './fake-browser-window';
import { FakeElectron, setCurrentFakeElectron } from './fake-electron';
import type { SecretStorageMode } from './fake-safe-storage';
import type { LaunchFacts } from '../../../main/app/os-launch';
import { defaultPlatform, type DesktopHost, type DoublePlatform } from './platform-rules';
import { repoRoot } from './repo-paths';

export interface LaunchOptions {
  /** Environment variables set while the app runs (restored by close()). */
  env?: Record<string, string | undefined>;
  /** Written to the settings file before start, as if saved by an earlier run. */
  settings?: Partial<Settings>;
  /** Other files of the user-data folder written before start (name → text), e.g. session.json. */
  userDataFiles?: Record<string, string>;
  /** What the page reports as prefers-color-scheme. */
  colorScheme?: 'light' | 'dark';
  /**
   * What the page reports as prefers-reduced-motion; default 'reduce'. The app then draws no
   * spinners or transitions (theme.css), which otherwise keep Chromium drawing 60 frames a second
   * in software for as long as drafts prepare: two files' browser and GPU processes used 21 CPU-s
   * with motion and 13 without, the whole tier's 179 and 169. The light layout walk keeps motion.
   */
  reducedMotion?: 'reduce' | 'no-preference';
  /** The platform the Electron double plays; default SHOTPUT_E2E_PLATFORM, else linux. */
  platform?: DoublePlatform;
  /** The OS secret store safeStorage reports: 'basic_text' is Linux without a keyring. */
  secretStorage?: SecretStorageMode;
  /**
   * The OS keyring's key for safeStorage. Give the same one to a relaunch on the same user-data
   * folder to find the saved sign-in, as on a real machine; by default each launch has a new key,
   * so a relaunch cannot open what the last one sealed (as after a keyring reset).
   */
  keyringKey?: Buffer;
  /** Arguments after the app's path on the first launch's command line (links, files from Open with). */
  args?: string[];
  /** macOS: files and links the OS hands over while the app starts, before 'ready'. */
  openedAtLaunch?: { files?: string[]; urls?: string[] };
  /** What the desktop offers (Linux: a tray host, a notification server); both by default. */
  desktop?: Partial<DesktopHost>;
  /** false plays a second launch while another instance holds the lock. */
  singleInstanceLock?: boolean;
  /** Generous by default: the machines running these tests are small and busy. */
  timeoutMs?: number;
  /**
   * The user-data folder of an earlier launch, to start again on (after a quit or a crash): the
   * caller owns it, and close() leaves it in place.
   */
  userDataDir?: string;
}

export interface LaunchedApp {
  page: Page;
  window: FakeBrowserWindow;
  electron: FakeElectron;
  userDataDir: string;
  /**
   * The app's bundled sandbox, the very one main/app runs in its own process (started now if the
   * app has not yet): it serves no control API over HTTP, so tests set it up and look inside through
   * `control`, whose calls cross to that process and answer promises.
   */
  sandbox(): Promise<RemoteSandbox>;
  /** Closes the window and Chromium, removes the user-data folder, restores the environment. */
  close(): Promise<void>;
  /**
   * Plays main being killed: the window and Chromium go, and main's quit path never runs (no
   * 'before-quit', nothing closed or flushed). Main's code runs in this test process, so it is
   * abandoned rather than killed: what it wrote to the data folder before this call is all a
   * relaunch finds, as after a SIGKILL. The user-data folder is kept for the relaunch.
   */
  crash(): Promise<void>;
}

export async function launchApp(options: LaunchOptions = {}): Promise<LaunchedApp> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  ensureBuild();
  const ownsUserData = options.userDataDir === undefined;
  const userDataDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'shotput-e2e-')));
  if (options.settings !== undefined) {
    await mkdir(userDataDir, { recursive: true });
    await writeFile(join(userDataDir, 'settings.json'), JSON.stringify(options.settings));
  }
  for (const [name, text] of Object.entries(options.userDataFiles ?? {}))
    await writeFile(join(userDataDir, name), text);
  // The dev server is never used here: the harness loads what the build emitted.
  const restoreEnv = applyEnv({ ELECTRON_RENDERER_URL: undefined, ...options.env });
  const platform = options.platform ?? defaultPlatform();
  const electron = new FakeElectron({
    appPath: repoRoot,
    userDataDir,
    singleInstanceLock: options.singleInstanceLock ?? true,
    platform,
    ...(options.openedAtLaunch === undefined ? {} : { openedAtLaunch: options.openedAtLaunch }),
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'reduce',
    secretStorage: options.secretStorage ?? 'gnome_libsecret',
    ...(options.keyringKey === undefined ? {} : { keyringKey: options.keyringKey }),
    desktop: { trayHost: true, notifications: true, ...options.desktop },
  });
  setCurrentFakeElectron(electron);
  // main/app learns its platform and command line from os-launch.ts: here, the double's. The app
  // runs from source (`electron .`): Electron's executable, then the app's folder, then the arguments.
  const launch: LaunchFacts = {
    platform,
    argv: [ELECTRON_EXECUTABLE, repoRoot, ...(options.args ?? [])],
    defaultApp: true,
    execPath: ELECTRON_EXECUTABLE,
  };

  const close = async (): Promise<void> => {
    await reportWindow(electron);
    await electron.close();
    // Closing the last window quits (not on macOS): let main/app finish its work before the folder goes.
    if (!electron.app.quitRequested) electron.app.quit();
    await Promise.race([electron.app.whenQuit(), new Promise((resolve) => setTimeout(resolve, 15_000))]);
    await electron.end();
    setCurrentFakeElectron(undefined);
    restoreEnv();
    if (ownsUserData) await rm(userDataDir, { recursive: true, force: true });
  };
  let crashed = false;
  const crash = async (): Promise<void> => {
    crashed = true;
    await electron.abandon();
    setCurrentFakeElectron(undefined);
    restoreEnv();
  };

  try {
    // A fresh copy of main/app for each launch: its entry runs startApp() when imported.
    vi.resetModules();
    vi.doMock(join(repoRoot, 'main', 'app', 'os-launch.ts'), () => ({ launchFacts: () => launch }));
    // This copy of main talks to this launch's runtime only, also after a crash() abandons it.
    vi.doMock('electron', () => electronModuleFor(() => electron));
    await import('../../../main/app/index');
    // Imported after the app, from the same fresh module registry: the same module, the same sandbox.
    const { appSandbox } = await import('../../../main/app/sandbox-process');
    const sandbox = () => appSandbox({ dataDir: join(userDataDir, 'sandbox') });
    electron.app.markReady();
    const { window, page } = await electron.firstWindowPage(timeoutMs);
    return {
      page,
      window,
      electron,
      userDataDir,
      sandbox,
      crash,
      // After a crash there is nothing left to close: the relaunch owns the folder now.
      close: () => (crashed ? Promise.resolve() : close()),
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * What a test's failure log needs to tell why: what the window threw or logged as an error (always),
 * and, when the test failed, what the window showed and where its focus was, read before it closes.
 */
async function reportWindow(electron: FakeElectron): Promise<void> {
  const lines = electron.pageErrors.map((line) => `  ${line}`);
  const page = electron.windows.find((window) => !window.isDestroyed())?.webContents.page;
  if (TestRunner.getCurrentTest()?.result?.state === 'fail' && page !== undefined && !page.isClosed()) {
    const seen = await Promise.race([
      windowState(page).catch((error: unknown) => `(not read: ${String(error)})`),
      new Promise<string>((resolve) => setTimeout(() => resolve('(not read in 5 s)'), 5_000)),
    ]);
    lines.push(`  when the test failed it showed:\n${seen}`);
  }
  if (lines.length > 0) process.stderr.write(`[e2e] the window:\n${lines.join('\n')}\n`);
}

async function windowState(page: Page): Promise<string> {
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing (the page)';
    return `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.slice(0, 60) ?? ''}`;
  });
  const snapshot = await page.locator('body').ariaSnapshot({ timeout: 5_000 });
  const shown = snapshot.length > 6_000 ? `${snapshot.slice(0, 6_000)}\n…` : snapshot;
  return `  focus: ${focused}\n${shown.replace(/^/gm, '    ')}`;
}

function applyEnv(env: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  for (const [key, value] of Object.entries(env)) setEnv(key, value);
  return () => {
    for (const [key, value] of Object.entries(saved)) setEnv(key, value);
  };
}

function setEnv(key: string, value: string | undefined): void {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}

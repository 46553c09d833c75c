// One fake Electron runtime: app, protocol, ipcMain, session, shell and BrowserWindow wired to
// a Chromium started through playwright-core. launchApp creates one per launch; the module that
// replaces 'electron' (electron-module.ts) forwards to the current one.
import type { Page } from 'playwright-core';
import { FakeApp, type FakeAppConfig } from './fake-app';
import { createFakeBrowserWindowClass, type FakeBrowserWindow } from './fake-browser-window';
import { FakeIpcMain } from './fake-ipc-main';
import { FakeProtocol } from './fake-protocol';
import { FakeSafeStorage, type SecretStorageMode } from './fake-safe-storage';
import { FakeSession, FakeShell } from './fake-session';
import {
  createFakeNotificationClass,
  createFakeTrayClass,
  fakeNativeImage,
  type FakeTrayInstance,
  type ShownNotification,
} from './fake-desktop';
import { FakeDialog } from './fake-dialog';
import { FakeMenu } from './fake-menu';
import { FakeMessageChannelMain } from './fake-message-port';
import { FakeUtilityProcessModule } from './fake-utility-process';
import { forbidRunAsNode } from './fake-fuses';
import { ELECTRON_EXECUTABLE } from './fake-app';
import type { DesktopHost, DoublePlatform } from './platform-rules';
import { leaseWorkerBrowser, type BrowserLease } from './worker-browser';

export interface FakeElectronConfig extends FakeAppConfig {
  colorScheme: 'light' | 'dark';
  reducedMotion: 'reduce' | 'no-preference';
  secretStorage: SecretStorageMode;
  /** safeStorage's key, kept by the OS across launches; default a new one (a keyring reset). */
  keyringKey?: Buffer;
  desktop: DesktopHost;
}

export class FakeElectron {
  readonly app: FakeApp;
  readonly ipcMain = new FakeIpcMain();
  readonly protocol: FakeProtocol;
  readonly session = { defaultSession: new FakeSession() };
  readonly shell = new FakeShell();
  readonly safeStorage: FakeSafeStorage;
  /** The platform this double plays. */
  readonly platform: DoublePlatform;
  readonly dialog: FakeDialog;
  readonly nativeImage = fakeNativeImage;
  readonly Menu: FakeMenu;
  /** Tray icons main/app created (destroyed ones stay, marked). */
  readonly trays: FakeTrayInstance[] = [];
  readonly Tray: ReturnType<typeof createFakeTrayClass>;
  /** System notifications main/app showed. */
  readonly notifications: ShownNotification[] = [];
  readonly Notification: ReturnType<typeof createFakeNotificationClass>;
  readonly BrowserWindow: ReturnType<typeof createFakeBrowserWindowClass>;
  readonly windows: FakeBrowserWindow[] = [];
  /** utilityProcess.fork starts real Node children (fake-utility-process.ts); they end with the app. */
  readonly utilityProcess: FakeUtilityProcessModule;
  readonly MessageChannelMain = FakeMessageChannelMain;
  private readonly releaseFuseGuard: () => void;
  readonly pageErrors: string[] = [];
  private launched: BrowserLease | undefined;
  private windowWaiters: ((window: FakeBrowserWindow) => void)[] = [];

  constructor(config: FakeElectronConfig) {
    this.platform = config.platform;
    this.app = new FakeApp(config);
    this.safeStorage = new FakeSafeStorage(config.secretStorage, config.platform, config.keyringKey);
    this.dialog = new FakeDialog(config.platform);
    this.Menu = new FakeMenu(config.platform);
    this.Tray = createFakeTrayClass(this.trays as never[], config.platform, config.desktop);
    this.Notification = createFakeNotificationClass(
      this.notifications,
      config.desktop,
      config.platform,
      () => this.app.appUserModelId,
    );
    this.protocol = new FakeProtocol(() => this.app.isReady());
    this.utilityProcess = new FakeUtilityProcessModule(() => this.app.isReady());
    this.releaseFuseGuard = forbidRunAsNode(ELECTRON_EXECUTABLE);
    this.BrowserWindow = createFakeBrowserWindowClass({
      browser: () => (this.launched ??= leaseWorkerBrowser()),
      ipcMain: this.ipcMain,
      protocol: this.protocol,
      colorScheme: config.colorScheme,
      reducedMotion: config.reducedMotion,
      platform: config.platform,
      pageErrors: this.pageErrors,
      onWindowCreated: (window) => {
        this.windows.push(window);
        // Electron announces every new web contents; main/app attaches its navigation guard here.
        this.app.emit('web-contents-created', {}, window.webContents);
        for (const resolve of this.windowWaiters.splice(0)) resolve(window);
      },
      onWindowClosed: () => {
        if (this.windows.every((window) => window.isDestroyed())) this.app.emit('window-all-closed');
      },
    });
  }

  /** The first window main/app opens, once its page has loaded. */
  async firstWindowPage(timeoutMs: number): Promise<{ window: FakeBrowserWindow; page: Page }> {
    // main/app quits when start-up fails: report that at once instead of waiting out the timeout.
    const quit = new Promise<never>((_resolve, reject) => {
      const fail = () => reject(new Error('main/app quit before its window was ready (see the log above).'));
      if (this.app.quitRequested) fail();
      else this.app.once('before-quit', fail);
    });
    quit.catch(() => undefined);
    const window =
      this.windows[0] ??
      (await withTimeout(
        Promise.race([new Promise<FakeBrowserWindow>((resolve) => this.windowWaiters.push(resolve)), quit]),
        timeoutMs,
        'main/app did not open a window',
      ));
    const page = await withTimeout(Promise.race([window.loaded, quit]), timeoutMs, 'the window did not finish loading');
    return { window, page };
  }

  /**
   * What killing main leaves behind: the window's browser goes with it, and main hears nothing (no
   * window 'closed', no 'window-all-closed', no 'before-quit').
   */
  async abandon(): Promise<void> {
    this.utilityProcess.abandon();
    await this.launched?.close();
    // Main's utility processes die with it (Electron ends them when main goes): the relaunch starts its own.
    await this.utilityProcess.killAll();
  }

  async close(): Promise<void> {
    for (const window of [...this.windows]) await window.close();
    await this.launched?.close();
  }

  /** After the app quit: Electron ends the utility processes last, and the fuse guard goes. */
  async end(): Promise<void> {
    await this.utilityProcess.killAll();
    this.releaseFuseGuard();
  }
}

async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms: ${what}.`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const currentKey = Symbol.for('shotput.e2e.fakeElectron');
type Holder = { [currentKey]?: FakeElectron };

/** Kept on globalThis so every copy of the module (vi.resetModules) sees the same runtime. */
export function setCurrentFakeElectron(fake: FakeElectron | undefined): void {
  (globalThis as Holder)[currentKey] = fake;
}

export function currentFakeElectron(): FakeElectron {
  const fake = (globalThis as Holder)[currentKey];
  if (fake === undefined) throw new Error("The fake 'electron' was used before launchApp() created it.");
  return fake;
}

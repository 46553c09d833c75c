// app of the fake Electron: start-up order (whenReady), the single-instance lock, paths.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeAppConfig {
  appPath: string;
  userDataDir: string;
  /** What requestSingleInstanceLock answers: false plays a second launch. */
  singleInstanceLock: boolean;
}

export class FakeApp extends EventEmitter {
  readonly isPackaged = false;
  sandboxEnabled = false;
  quitRequested = false;
  private ready = false;
  private resolveReady: () => void = () => undefined;
  private readonly readyPromise = new Promise<void>((resolve) => {
    this.resolveReady = resolve;
  });
  private readonly packageJson: { name: string; productName?: string; version: string };

  constructor(private readonly config: FakeAppConfig) {
    super();
    this.packageJson = JSON.parse(readFileSync(join(config.appPath, 'package.json'), 'utf8')) as typeof this.packageJson;
  }

  /** Called by the harness once main/app's entry has run: Electron's 'ready'. */
  markReady(): void {
    this.ready = true;
    this.emit('will-finish-launching');
    this.emit('ready', {}, {});
    this.resolveReady();
  }

  isReady(): boolean {
    return this.ready;
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  enableSandbox(): void {
    if (this.ready) throw new Error('app.enableSandbox() can only be called before app is ready');
    this.sandboxEnabled = true;
  }

  requestSingleInstanceLock(): boolean {
    return this.config.singleInstanceLock;
  }

  /** Set once the app really quit: no before-quit listener prevented it (Electron then emits will-quit and quit). */
  quitted = false;
  private resolveQuitted: () => void = () => undefined;
  private readonly quittedPromise = new Promise<void>((resolve) => {
    this.resolveQuitted = resolve;
  });
  loginItemSettings: { openAtLogin: boolean; openAsHidden?: boolean } = { openAtLogin: false };

  /** Schemes main/app registered as this app's links (app.shotput for the OAuth redirect). */
  readonly defaultProtocolClients = new Set<string>();

  setAsDefaultProtocolClient(scheme: string): boolean {
    this.defaultProtocolClients.add(scheme);
    return true;
  }

  removeAsDefaultProtocolClient(scheme: string): boolean {
    return this.defaultProtocolClients.delete(scheme);
  }

  isDefaultProtocolClient(scheme: string): boolean {
    return this.defaultProtocolClients.has(scheme);
  }

  /** A link opened by the OS, as macOS delivers it ('open-url'). */
  openUrl(url: string): void {
    this.emit('open-url', { preventDefault: () => undefined }, url);
  }

  /** A second launch (how Windows and Linux deliver links): its argv goes to 'second-instance'. */
  secondInstance(argv: string[]): void {
    this.emit('second-instance', { preventDefault: () => undefined }, argv, this.config.appPath, {});
  }

  quit(): void {
    this.quitRequested = true;
    let prevented = false;
    this.emit('before-quit', {
      preventDefault: () => {
        prevented = true;
      },
    });
    if (prevented || this.quitted) return;
    this.quitted = true;
    this.exitCode ??= 0;
    this.emit('will-quit', { preventDefault: () => undefined });
    this.emit('quit', {}, 0);
    this.resolveQuitted();
  }

  /** The status the process would end with, once it quit (0) or exited. */
  exitCode: number | undefined;

  /** app.exit: ends at once with that status, without before-quit or will-quit. */
  exit(code = 0): void {
    if (this.quitted) return;
    this.quitRequested = true;
    this.quitted = true;
    this.exitCode = code;
    this.resolveQuitted();
  }

  /** Resolves once the app has quit (a before-quit listener may delay it to finish its work). */
  whenQuit(): Promise<void> {
    return this.quittedPromise;
  }

  setLoginItemSettings(settings: { openAtLogin: boolean; openAsHidden?: boolean }): void {
    this.loginItemSettings = { ...settings };
  }

  getLoginItemSettings(): { openAtLogin: boolean } {
    return { ...this.loginItemSettings };
  }

  getName(): string {
    return this.packageJson.productName ?? this.packageJson.name;
  }

  getVersion(): string {
    return this.packageJson.version;
  }

  getAppPath(): string {
    return this.config.appPath;
  }

  /** What main/app set for the About panel, and how often it was shown. */
  aboutPanelOptions: Record<string, unknown> | undefined;
  aboutPanelShown = 0;

  setAboutPanelOptions(options: Record<string, unknown>): void {
    this.aboutPanelOptions = { ...options };
  }

  showAboutPanel(): void {
    this.aboutPanelShown += 1;
  }

  getPath(name: string): string {
    if (name === 'userData' || name === 'appData' || name === 'sessionData') return this.config.userDataDir;
    if (name === 'temp') return tmpdir();
    if (name === 'logs') return join(this.config.userDataDir, 'logs');
    throw new Error(`The fake app has no path named "${name}"; add it to test/e2e/harness/fake-app.ts.`);
  }
}

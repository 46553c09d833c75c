// app of the fake Electron: start-up order (will-finish-launching, ready), the single-instance
// lock, paths, and what differs per platform: links and files from the OS arrive through
// open-url and open-file on macOS (also before ready) and through a second launch's argv
// elsewhere; login items do nothing on Linux; the logs folder; link scheme registration.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { DoublePlatform } from './platform-rules';

/** The executable of a copy run from source: Electron itself (the app's folder follows it). */
export const ELECTRON_EXECUTABLE = '/usr/lib/electron/electron';

export interface FakeAppConfig {
  appPath: string;
  userDataDir: string;
  /** What requestSingleInstanceLock answers: false plays a second launch. */
  singleInstanceLock: boolean;
  platform: DoublePlatform;
  /** macOS: files and links the OS hands over while the app starts (between will-finish-launching and ready). */
  openedAtLaunch?: { files?: string[]; urls?: string[] };
}

/** A scheme registration as main/app asked for it. */
export interface ProtocolRegistration {
  scheme: string;
  path?: string;
  args?: string[];
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
    this.packageJson = JSON.parse(
      readFileSync(join(config.appPath, 'package.json'), 'utf8'),
    ) as typeof this.packageJson;
  }

  /** Called by the harness once main/app's entry has run: Electron's 'ready'. */
  markReady(): void {
    this.emit('will-finish-launching');
    // macOS delivers the file dropped on the dock or the link that launched the app before ready.
    for (const path of this.config.openedAtLaunch?.files ?? []) this.openFile(path);
    for (const url of this.config.openedAtLaunch?.urls ?? []) this.openUrl(url);
    this.ready = true;
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
  readonly protocolRegistrations: ProtocolRegistration[] = [];

  /**
   * Linux registers a scheme through the app's .desktop file (xdg-settings); a copy run from
   * source has none, so it fails there. On Windows, run from source, the executable is Electron
   * itself: without the app's path among the arguments a link would start a bare Electron.
   */
  setAsDefaultProtocolClient(scheme: string, path?: string, args?: string[]): boolean {
    if (typeof scheme !== 'string' || scheme === '' || scheme.includes(':'))
      throw new TypeError(`setAsDefaultProtocolClient: "${scheme}" is not a scheme name.`);
    this.protocolRegistrations.push({
      scheme,
      ...(path === undefined ? {} : { path }),
      ...(args === undefined ? {} : { args }),
    });
    if (this.config.platform === 'linux' && !this.isPackaged) return false;
    if (
      this.config.platform === 'win32' &&
      !this.isPackaged &&
      !(args ?? []).some((arg) => arg === this.config.appPath)
    )
      return false;
    this.defaultProtocolClients.add(scheme);
    return true;
  }

  removeAsDefaultProtocolClient(scheme: string): boolean {
    return this.defaultProtocolClients.delete(scheme);
  }

  isDefaultProtocolClient(scheme: string): boolean {
    return this.defaultProtocolClients.has(scheme);
  }

  /** Whether a listener of the last open-file or open-url event handled it (macOS warns otherwise). */
  lastOpenHandled = false;

  /** A link opened by the OS, as macOS delivers it ('open-url'). */
  openUrl(url: string): void {
    this.macOnly('open-url');
    this.emitOpen('open-url', url);
  }

  /** A file opened with the app from Finder or dropped on its dock icon ('open-file', macOS). */
  openFile(path: string): void {
    this.macOnly('open-file');
    if (!isAbsolute(path)) throw new Error(`open-file carries an absolute path, not "${path}".`);
    this.emitOpen('open-file', path);
  }

  /** A second launch: its argv (links and files on Windows and Linux) goes to 'second-instance', after ready. */
  secondInstance(argv: string[], workingDirectory = this.config.appPath): void {
    if (!this.ready) throw new Error("'second-instance' is emitted only after 'ready'.");
    this.emit('second-instance', { preventDefault: () => undefined }, argv, workingDirectory, {});
  }

  /**
   * Shotput started again while it runs, with these arguments: the second launch's command line
   * reaches 'second-instance'. The double runs the app from source, so it reads as
   * `electron <app folder> …args` (a packed app's would be `<executable> …args`).
   */
  launchAgain(args: string[], workingDirectory?: string): void {
    this.secondInstance([ELECTRON_EXECUTABLE, this.config.appPath, ...args], workingDirectory);
  }

  /** An app.shotput:// link the OS hands over, the platform's way. */
  deliverLink(url: string): void {
    if (this.config.platform === 'darwin') this.openUrl(url);
    else this.launchAgain([url]);
  }

  /** Files opened with the app from the file manager, the platform's way. */
  openFiles(paths: string[], workingDirectory?: string): void {
    if (this.config.platform === 'darwin') for (const path of paths) this.openFile(path);
    else this.launchAgain(paths, workingDirectory);
  }

  private macOnly(event: string): void {
    if (this.config.platform !== 'darwin')
      throw new Error(
        `'${event}' is emitted on macOS only; on ${this.config.platform} it comes as a second launch's argv.`,
      );
  }

  private emitOpen(event: 'open-url' | 'open-file', value: string): void {
    let handled = false;
    this.emit(event, { preventDefault: () => (handled = true) }, value);
    this.lastOpenHandled = handled;
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

  /** Every call main/app made, whatever the platform did with it. */
  readonly loginItemCalls: unknown[] = [];

  /** macOS and Windows only: on Linux it does nothing (Electron has no login items there). */
  setLoginItemSettings(settings: { openAtLogin: boolean; openAsHidden?: boolean }): void {
    if (
      typeof settings !== 'object' ||
      settings === null ||
      (settings.openAtLogin !== undefined && typeof settings.openAtLogin !== 'boolean')
    ) {
      throw new TypeError('setLoginItemSettings: settings must be an object with a boolean openAtLogin.');
    }
    this.loginItemCalls.push(settings);
    if (this.config.platform === 'linux') return;
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

  /** Windows only: the AppUserModelID notifications are shown for (the installer's shortcut carries the appId). */
  appUserModelId: string | undefined;

  setAppUserModelId(id: string): void {
    if (this.config.platform !== 'win32')
      throw new TypeError(`app.setAppUserModelId is Windows only (called on ${this.config.platform}).`);
    this.appUserModelId = id;
  }

  /** What main/app set for the About panel, and how often it was shown. */
  aboutPanelOptions: Record<string, unknown> | undefined;
  aboutPanelShown = 0;

  setAboutPanelOptions(options: Record<string, unknown>): void {
    this.aboutPanelOptions = { ...options };
  }

  /**
   * What the About panel shows on this platform: macOS shows `version` after the app's version and
   * the credits; Windows the credits; Linux neither, but its website and authors.
   */
  aboutPanelText(): string[] {
    const options = this.aboutPanelOptions ?? {};
    const shown: Record<DoublePlatform, string[]> = {
      darwin: ['applicationName', 'applicationVersion', 'version', 'credits', 'copyright'],
      win32: ['applicationName', 'applicationVersion', 'credits', 'copyright'],
      linux: ['applicationName', 'applicationVersion', 'copyright', 'authors', 'website'],
    };
    return shown[this.config.platform].filter((key) => options[key] !== undefined).map((key) => String(options[key]));
  }

  showAboutPanel(): void {
    this.aboutPanelShown += 1;
  }

  getPath(name: string): string {
    if (name === 'userData' || name === 'appData' || name === 'sessionData') return this.config.userDataDir;
    if (name === 'temp') return tmpdir();
    // setAppLogsPath(): ~/Library/Logs/<name> on macOS (the double's home is inside userData), else userData/logs.
    if (name === 'logs')
      return this.config.platform === 'darwin'
        ? join(this.config.userDataDir, 'home', 'Library', 'Logs', this.getName())
        : join(this.config.userDataDir, 'logs');
    throw new Error(`The fake app has no path named "${name}"; add it to test/e2e/harness/fake-app.ts.`);
  }
}

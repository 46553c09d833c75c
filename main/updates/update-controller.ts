// When to look for an update, what to tell the window, and when it is safe to restart: plain Node
// around the updater (electron-updater's AppUpdater in the app, the same class on a local feed in
// the tests). It checks soon after start and every few hours, downloads in the background, then
// offers "Restart to update"; it never restarts by itself while uploads are in flight, only when
// the queue is idle or the user says so. A server that cannot be reached is retried quietly later.
import { EventEmitter } from 'node:events';
import type { UpdateStatus, UpdateView } from '../../common/contract/index';
import type { UpdateSupport } from './update-support';
import { classifyUpdateError, isQuiet, updateErrorDetail } from './update-errors';

/** The part of electron-updater's AppUpdater used here. */
export interface UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<{ isUpdateAvailable: boolean; updateInfo: { version: string } } | null>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
}

export interface UpdateTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface UpdateControllerOptions {
  updater: UpdaterPort;
  currentVersion: string;
  support: UpdateSupport;
  /** The Settings switch. */
  enabled: boolean;
  /** True when no upload is queued or in flight. */
  uploadsIdle: () => boolean;
  /** Calls the listener when the queue becomes idle; returns the unsubscribe function. */
  onUploadsIdle: (listener: () => void) => () => void;
  log?: { info(message: string): void; warn(message: string): void };
  timers?: UpdateTimers;
  /** After start-up, before the first check. Default 30 s. */
  firstCheckDelayMs?: number;
  /** Between checks. Default 4 hours. */
  intervalMs?: number;
  /** After a failed check or download. Default 30 minutes. */
  retryMs?: number;
}

const systemTimers: UpdateTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export type RestartAnswer = 'restarting' | 'waiting-for-uploads';

export class UpdateController extends EventEmitter<{ changed: [UpdateView] }> {
  private readonly options: UpdateControllerOptions;
  private readonly timers: UpdateTimers;
  private readonly log: { info(message: string): void; warn(message: string): void };
  private state: UpdateView;
  private timer: unknown;
  private running: Promise<UpdateView> | undefined;
  private stopWaitingForIdle: (() => void) | undefined;
  private enabled: boolean;

  constructor(options: UpdateControllerOptions) {
    super();
    this.options = options;
    this.timers = options.timers ?? systemTimers;
    this.log = options.log ?? { info: () => undefined, warn: () => undefined };
    this.enabled = options.enabled;
    // Downloads are started here (to know when they end); a downloaded update also installs when
    // the user quits, which is the platform's usual way.
    options.updater.autoDownload = false;
    options.updater.autoInstallOnAppQuit = true;
    options.updater.on('download-progress', (progress) => {
      if (this.state.status === 'downloading') this.set({ percent: Math.round(progress.percent) });
    });
    this.state = {
      currentVersion: options.currentVersion,
      status: !options.support.supported ? 'unsupported' : options.enabled ? 'idle' : 'off',
      unsupportedReason: options.support.supported ? null : options.support.reason,
      ...(options.support.supported ? { verification: options.support.verification } : {}),
      availableVersion: null,
      percent: null,
      lastCheckedAt: null,
      nextCheckAt: null,
      problem: null,
      restartWhenIdle: false,
    };
  }

  view(): UpdateView {
    return { ...this.state };
  }

  /** Schedules the first check (when supported and switched on). */
  start(): void {
    if (this.state.status === 'idle') this.schedule(this.options.firstCheckDelayMs ?? 30_000);
  }

  stop(): void {
    this.cancelTimer();
    this.stopWaitingForIdle?.();
  }

  /** The Settings switch: off stops the checks (a downloaded update stays ready). */
  setEnabled(enabled: boolean): UpdateView {
    this.enabled = enabled;
    if (this.state.status === 'unsupported' || this.state.status === 'ready') return this.view();
    if (!enabled) {
      this.cancelTimer();
      if (this.state.status === 'idle') this.set({ status: 'off', nextCheckAt: null });
    } else if (this.state.status === 'off') {
      this.set({ status: 'idle' });
      this.schedule(this.options.firstCheckDelayMs ?? 30_000);
    }
    return this.view();
  }

  /** "Check now": checks (and downloads what it finds) unless updates cannot work here. */
  async checkNow(): Promise<UpdateView> {
    if (this.state.status === 'unsupported' || this.state.status === 'ready') return this.view();
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * "Restart to update": at once when no upload is in flight or when `evenIfUploading`; otherwise
   * as soon as the queue is idle.
   */
  restart(evenIfUploading: boolean): RestartAnswer | 'nothing-to-install' {
    if (this.state.status !== 'ready') return 'nothing-to-install';
    if (evenIfUploading || this.options.uploadsIdle()) {
      this.install();
      return 'restarting';
    }
    if (!this.state.restartWhenIdle) {
      this.log.info('restart to update: waiting for the uploads in flight to finish');
      this.stopWaitingForIdle = this.options.onUploadsIdle(() => {
        if (this.options.uploadsIdle()) this.install();
      });
      this.set({ restartWhenIdle: true });
    }
    return 'waiting-for-uploads';
  }

  private install(): void {
    this.stopWaitingForIdle?.();
    this.stopWaitingForIdle = undefined;
    this.log.info(`installing ${this.state.availableVersion ?? 'the update'} and restarting`);
    // Silent (Windows: the installer reuses the choices of the first install) and started again after.
    this.options.updater.quitAndInstall(true, true);
  }

  private async run(): Promise<UpdateView> {
    this.cancelTimer();
    this.set({ status: 'checking', problem: null });
    try {
      const result = await this.options.updater.checkForUpdates();
      const checkedAt = this.timers.now();
      if (result === null || !result.isUpdateAvailable) {
        this.log.info(`update check: ${this.options.currentVersion} is the latest version`);
        this.set({ status: this.restingStatus(), lastCheckedAt: checkedAt });
        this.scheduleNext(this.options.intervalMs ?? 4 * 3_600_000);
        return this.view();
      }
      const version = result.updateInfo.version;
      this.log.info(`update check: version ${version} found, downloading`);
      this.set({ status: 'downloading', availableVersion: version, percent: 0, lastCheckedAt: checkedAt });
      await this.options.updater.downloadUpdate();
      this.log.info(`update ${version} downloaded and verified; offering to restart`);
      this.set({ status: 'ready', percent: 100, nextCheckAt: null });
      return this.view();
    } catch (error) {
      const problem = classifyUpdateError(error);
      const kind = problem.code.replace(/^update-/, '');
      (isQuiet(problem) ? this.log.info : this.log.warn)(`update check failed (${kind}): ${updateErrorDetail(error)}`);
      this.set({
        status: this.restingStatus(),
        availableVersion: null,
        percent: null,
        lastCheckedAt: this.timers.now(),
        problem: problem.message,
      });
      this.scheduleNext(this.options.retryMs ?? 30 * 60_000);
      return this.view();
    }
  }

  private restingStatus(): UpdateStatus {
    return this.enabled ? 'idle' : 'off';
  }

  private scheduleNext(ms: number): void {
    if (this.enabled) this.schedule(ms);
    else this.set({ nextCheckAt: null });
  }

  private schedule(ms: number): void {
    this.cancelTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.checkNow();
    }, ms);
    this.set({ nextCheckAt: this.timers.now() + ms });
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private set(change: Partial<UpdateView>): void {
    this.state = { ...this.state, ...change };
    this.emit('changed', this.view());
  }
}

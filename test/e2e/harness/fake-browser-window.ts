// BrowserWindow and webContents of the fake Electron. A window is a Playwright page in Debian's
// Chromium: loadURL serves the app scheme through the REAL protocol handler, runs the BUILT
// preload before the page's scripts, connects ipcRenderer.invoke to the REAL ipcMain handlers,
// carries ports main posts into the page (fake-page-ports.ts), and turns navigations and popups into Electron's will-navigate and window-open decisions.
import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { startSchemeServer, type SchemeServer } from './app-scheme-server';
import type { FakeIpcMain, FakeInvokeEvent } from './fake-ipc-main';
import type { FakeProtocol } from './fake-protocol';
import { FakeWebContents } from './fake-web-contents';
import { buildPreloadInitScript, invokeBinding } from './preload-init-script';
import type { BrowserLease } from './worker-browser';

export { FakeWebContents };

export interface WindowRuntime {
  /** The process's Chromium, as far as this launch of the app uses it (worker-browser.ts). */
  browser(): BrowserLease;
  ipcMain: FakeIpcMain;
  protocol: FakeProtocol;
  colorScheme: 'light' | 'dark';
  reducedMotion: 'reduce' | 'no-preference';
  platform: 'darwin' | 'win32' | 'linux';
  /** Messages the page wrote to the console as errors, and uncaught page errors. */
  pageErrors: string[];
  onWindowCreated(window: FakeBrowserWindow): void;
  onWindowClosed(window: FakeBrowserWindow): void;
}

interface FakeWebPreferences {
  preload?: string;
  [key: string]: unknown;
}

export interface FakeWindowOptions {
  width?: number;
  height?: number;
  show?: boolean;
  webPreferences?: FakeWebPreferences;
  [key: string]: unknown;
}

/** The event object Electron passes to will-navigate listeners. */
export interface FakeNavigationEvent {
  url: string;
  isMainFrame: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
}

function navigationEvent(url: string, isMainFrame: boolean): FakeNavigationEvent {
  const event: FakeNavigationEvent = {
    url,
    isMainFrame,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

export function createFakeBrowserWindowClass(runtime: WindowRuntime) {
  return class FakeBrowserWindow extends EventEmitter {
    static readonly all: FakeBrowserWindow[] = [];

    static getAllWindows(): FakeBrowserWindow[] {
      return [...FakeBrowserWindow.all];
    }

    readonly options: FakeWindowOptions;
    readonly webContents = new FakeWebContents();
    context: BrowserContext | undefined;
    visible: boolean;
    focused = false;
    /** Resolves with the page once the first loadURL has finished. */
    readonly loaded: Promise<Page>;
    private resolveLoaded: (page: Page) => void = () => undefined;
    private rejectLoaded: (error: Error) => void = () => undefined;
    private server: SchemeServer | undefined;
    private destroyed = false;

    constructor(options: FakeWindowOptions = {}) {
      super();
      this.options = options;
      this.visible = options.show !== false;
      this.loaded = new Promise<Page>((resolve, reject) => {
        this.resolveLoaded = resolve;
        this.rejectLoaded = reject;
      });
      this.loaded.catch(() => undefined);
      FakeBrowserWindow.all.push(this);
      runtime.onWindowCreated(this);
    }

    async loadURL(url: string): Promise<void> {
      try {
        const page = await this.openPage(url);
        this.webContents.emit('did-finish-load');
        this.emit('ready-to-show');
        this.resolveLoaded(page);
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        this.rejectLoaded(failure);
        throw failure;
      }
    }

    private async openPage(url: string): Promise<Page> {
      const context = await runtime.browser().newContext({
        viewport: { width: this.options.width ?? 800, height: this.options.height ?? 600 },
        colorScheme: runtime.colorScheme,
        reducedMotion: runtime.reducedMotion,
        deviceScaleFactor: 1,
      });
      this.context = context;
      const target = new URL(url);
      const scheme = target.protocol.slice(0, -1);
      let pageUrl = url;
      if (runtime.protocol.isProtocolHandled(scheme)) {
        this.server = await startSchemeServer(scheme, target.host, () => runtime.protocol.handlers.get(scheme), {
          ports: this.webContents.pagePorts,
          ipc: this.webContents.ipcPipe,
        });
        this.webContents.carriesPorts = true;
        this.webContents.onRefusedPost = (why) => runtime.pageErrors.push(`port post refused: ${why}`);
        // An invoke on the page's IPC socket comes from its main frame (only there runs the preload).
        this.webContents.onInvoke = (channel, args) => {
          const frameUrl = this.webContents.page?.mainFrame().url() ?? '';
          return runtime.ipcMain.invoke(
            {
              sender: this.webContents,
              senderFrame: { url: this.webContents.toAppUrl(frameUrl), parent: null },
              frameId: 1,
              processId: 1,
            },
            channel,
            args,
          );
        };
        pageUrl = this.server.toPageUrl(url);
        this.webContents.toAppUrl = this.server.toAppUrl;
      } else if (scheme !== 'http' && scheme !== 'https') {
        throw new Error(`ERR_UNKNOWN_URL_SCHEME: no protocol handler for ${url}`);
      }
      const toAppUrl = this.webContents.toAppUrl;

      await context.exposeBinding(invokeBinding, async (source, channel: string, args: unknown[]) => {
        this.webContents.overProtocol.invokes++;
        const parent = source.frame.parentFrame();
        const event: FakeInvokeEvent = {
          sender: this.webContents,
          senderFrame: {
            url: toAppUrl(source.frame.url()),
            parent: parent === null ? null : { url: toAppUrl(parent.url()), parent: null },
          },
          frameId: 1,
          processId: 1,
        };
        try {
          return await runtime.ipcMain.invoke(event, channel, args);
        } finally {
          // What main sent the page before answering arrives first, as on Electron's one pipe.
          await this.webContents.flushEvents();
        }
      });
      const preload = this.options.webPreferences?.preload;
      if (preload !== undefined) {
        const content = buildPreloadInitScript(await readFile(preload, 'utf8'), this.server?.origin);
        await context.addInitScript({ content });
      }

      const page = await context.newPage();
      this.webContents.page = page;
      // Electron never creates a window the open handler denied; Chromium already made the tab, so close it.
      // Only tabs the app's page opened: tools such as axe open pages of their own in this context.
      context.on('page', (popup) => {
        void popup
          .opener()
          .then((opener) => (opener === page ? popup.close() : undefined))
          .catch(() => undefined);
      });
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) void this.webContents.frameNavigated();
      });
      page.on('pageerror', (error) => runtime.pageErrors.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A resource that failed to load is named only in the message's location: add it there.
        const where = message.text().startsWith('Failed to load resource') ? message.location().url : '';
        runtime.pageErrors.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
      });

      let initialLoadDone = false;
      await context.route('**/*', async (route) => {
        const request = route.request();
        if (!request.isNavigationRequest()) return route.fallback();
        // A popup's first request comes before its frame exists (Playwright then throws).
        let frame: Frame | undefined;
        try {
          frame = request.frame();
        } catch {
          frame = undefined;
        }
        if (frame === undefined || frame.page() !== page) {
          // A popup (window.open, target=_blank): Electron asks the window-open handler first.
          const decision = this.webContents.windowOpenHandler?.({
            url: toAppUrl(request.url()),
            frameName: '',
            features: '',
            disposition: 'new-window',
          }) ?? {
            action: 'allow',
          };
          if (decision.action === 'deny') {
            await route.abort('blockedbyclient');
            return;
          }
          return route.fallback();
        }
        if (!initialLoadDone) return route.fallback();
        const isMainFrame = frame === page.mainFrame();
        // A navigation main started itself (reload) is no link the page followed: Electron lets it through.
        if (isMainFrame && this.webContents.reloading) {
          this.webContents.reloading = false;
          return route.fallback();
        }
        const event = navigationEvent(toAppUrl(request.url()), isMainFrame);
        if (isMainFrame) this.webContents.emit('will-navigate', event, event.url);
        this.webContents.emit('will-frame-navigate', event);
        return event.defaultPrevented ? route.abort('aborted') : route.fallback();
      });

      await page.goto(pageUrl, { waitUntil: 'load', timeout: 60_000 });
      initialLoadDone = true;
      return page;
    }

    show(): void {
      this.visible = true;
      this.emit('show');
    }

    isVisible(): boolean {
      return this.visible;
    }

    focus(): void {
      this.focused = true;
    }

    isMinimized(): boolean {
      return false;
    }

    restore(): void {}

    /** The dock/taskbar progress main/app set last (-1 when none), and every value it set. */
    progress = -1;
    readonly progressHistory: number[] = [];

    /** Windows only: the taskbar's mode (normal, paused, error…); other platforms ignore it. */
    progressMode: string | undefined;

    setProgressBar(progress: number, options?: { mode?: string }): void {
      if (typeof progress !== 'number' || Number.isNaN(progress))
        throw new TypeError('setProgressBar: progress must be a number.');
      if (options?.mode !== undefined) {
        if (!['none', 'normal', 'indeterminate', 'error', 'paused'].includes(options.mode))
          throw new TypeError(`setProgressBar: no mode "${options.mode}".`);
        if (runtime.platform === 'win32') this.progressMode = options.mode;
      }
      this.progress = progress;
      this.progressHistory.push(progress);
    }

    isDestroyed(): boolean {
      return this.destroyed;
    }

    async close(): Promise<void> {
      if (this.destroyed) return;
      this.destroyed = true;
      this.webContents.markDestroyed();
      await this.context?.close().catch(() => undefined);
      await this.server?.close();
      FakeBrowserWindow.all.splice(FakeBrowserWindow.all.indexOf(this), 1);
      this.emit('closed');
      runtime.onWindowClosed(this);
    }
  };
}

export type FakeBrowserWindow = InstanceType<ReturnType<typeof createFakeBrowserWindowClass>>;

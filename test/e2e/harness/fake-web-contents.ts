// webContents of the fake Electron: a window's page in Debian's Chromium, as main/app sees it.
// send() and postMessage() reach the preload's ipcRenderer listeners in order (postMessage with the
// ports it transfers, relayed by fake-page-ports.ts); executeJavaScript and reload act on the page.
import { EventEmitter } from 'node:events';
import type { Page } from 'playwright-core';
import { checkTransferList, type FakeMessagePortMain } from './fake-message-port';
import { PagePortRelay } from './fake-page-ports';
import { dispatchFunction, portDeliverFunction } from './preload-init-script';

export interface WindowOpenDecision {
  action: 'allow' | 'deny';
}

let nextId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  windowOpenHandler:
    | ((details: { url: string; frameName: string; features: string; disposition: string }) => WindowOpenDecision)
    | undefined;
  page: Page | undefined;
  /** Maps the page's loopback URL back to the app:// URL Electron would report. */
  toAppUrl: (pageUrl: string) => string = (url) => url;
  private destroyed = false;
  private deliveries: Promise<void> = Promise.resolve();

  setWindowOpenHandler(handler: FakeWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }

  /** webContents.send: delivered to the preload's ipcRenderer listeners, in order. */
  send(channel: string, ...args: unknown[]): void {
    const page = this.page;
    if (page === undefined || this.destroyed) return;
    const payload = structuredClone(args[0]);
    this.deliveries = this.deliveries.then(async () => {
      await page
        .evaluate(
          ([name, fn, value]) =>
            (window as unknown as Record<string, (c: string, v: unknown) => void>)[fn]?.(name, value),
          [channel, dispatchFunction, payload] as const,
        )
        .catch(() => undefined);
    });
  }

  /** Ports main posted into the page (webContents.postMessage), relayed to their page objects. */
  readonly pagePorts = new PagePortRelay((id, data) => this.deliverToPort(id, data));

  /**
   * webContents.postMessage: `message` to the preload's ipcRenderer listeners with `transfer`'s
   * ports on the event (Electron: MessagePortMain objects only, each moved into the page), in order
   * with send().
   */
  postMessage(channel: string, message: unknown, transfer: FakeMessagePortMain[] = []): void {
    const ports = checkTransferList(transfer);
    const payload = structuredClone(message);
    const ids = this.pagePorts.moveIn(ports);
    const page = this.page;
    if (page === undefined || this.destroyed) return;
    this.deliveries = this.deliveries.then(async () => {
      await page
        .evaluate(
          ([name, fn, value, portIds]) =>
            (window as unknown as Record<string, (c: string, v: unknown, p: number[]) => void>)[fn]?.(
              name,
              value,
              portIds,
            ),
          [channel, dispatchFunction, payload, ids] as const,
        )
        .catch(() => undefined);
    });
  }

  private deliverToPort(id: number, data: unknown): Promise<boolean> {
    const page = this.page;
    if (page === undefined || this.destroyed) return Promise.resolve(false);
    const delivered = this.deliveries.then(() =>
      page
        .evaluate(
          ([fn, portId, value]) =>
            (window as unknown as Record<string, (i: number, v: unknown) => boolean>)[fn]?.(portId, value) === true,
          [portDeliverFunction, id, data] as const,
        )
        .catch(() => false),
    );
    this.deliveries = delivered.then(() => undefined);
    return delivered;
  }

  /** Resolves once every event sent so far has reached the page. */
  flushEvents(): Promise<void> {
    return this.deliveries;
  }

  /** webContents.executeJavaScript: evaluated in the page's world, a promise awaited. */
  async executeJavaScript(code: string): Promise<unknown> {
    if (this.page === undefined) throw new Error('The window has no page yet.');
    return this.page.evaluate(code);
  }

  /** True from reload() until its navigation starts: Electron emits no will-navigate for it. */
  reloading = false;

  /** webContents.reload: the page loads again, the preload first, as in Electron. */
  reload(): void {
    if (this.page === undefined) return;
    this.reloading = true;
    void this.page.reload().catch(() => undefined);
  }

  getURL(): string {
    return this.page === undefined ? '' : this.toAppUrl(this.page.url());
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  markDestroyed(): void {
    this.destroyed = true;
    this.pagePorts.closeAll();
    this.emit('destroyed');
  }
}

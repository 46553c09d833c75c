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

type PageDelivery =
  { kind: 'ipc'; channel: string; payload: unknown; portIds: number[] } | { kind: 'port'; id: number; data: unknown };

/** A message for the page: `known` hears whether the page still had the port. */
type Delivery =
  | Extract<PageDelivery, { kind: 'ipc' }>
  | (Extract<PageDelivery, { kind: 'port' }> & { known: (yes: boolean) => void });

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
  /** What main sent the page and the page has not had yet, in order; the loop delivering it. */
  private readonly waiting: Delivery[] = [];
  private draining: Promise<void> | undefined;

  setWindowOpenHandler(handler: FakeWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }

  /** webContents.send: delivered to the preload's ipcRenderer listeners, in order. */
  send(channel: string, ...args: unknown[]): void {
    if (this.page === undefined || this.destroyed) return;
    this.enqueue({ kind: 'ipc', channel, payload: structuredClone(args[0]), portIds: [] });
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
    const portIds = this.pagePorts.moveIn(ports);
    if (this.page === undefined || this.destroyed) return;
    this.enqueue({ kind: 'ipc', channel, payload, portIds });
  }

  /** Resolves once every event sent so far has reached the page. */
  flushEvents(): Promise<void> {
    return this.draining ?? Promise.resolve();
  }

  private deliverToPort(id: number, data: unknown): Promise<boolean> {
    if (this.page === undefined || this.destroyed) return Promise.resolve(false);
    return new Promise((known) => this.enqueue({ kind: 'port', id, data, known }));
  }

  /**
   * What main sends the page goes in order, and what waits is delivered together: one evaluate
   * per batch, not per message (a round trip to Chromium each, which Electron does not pay: its
   * messages to a renderer are posted, not awaited).
   */
  private enqueue(delivery: Delivery): void {
    this.waiting.push(delivery);
    this.draining ??= this.drain();
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      const page = this.page;
      const items = batch.map((item) =>
        item.kind === 'ipc' ? item : { kind: item.kind, id: item.id, data: item.data },
      );
      const known =
        page === undefined || this.destroyed
          ? []
          : await page
              .evaluate(
                ([given, dispatch, deliver]) => {
                  const page = window as unknown as Record<string, (...args: unknown[]) => unknown>;
                  return given.map((item) => {
                    try {
                      if (item.kind === 'ipc') {
                        page[dispatch]?.(item.channel, item.payload, item.portIds);
                        return true;
                      }
                      return page[deliver]?.(item.id, item.data) === true;
                    } catch {
                      return true;
                    }
                  });
                },
                [items as PageDelivery[], dispatchFunction, portDeliverFunction] as const,
              )
              .catch(() => [] as boolean[]);
      batch.forEach((item, index) => item.kind === 'port' && item.known(known[index] === true));
    }
    this.draining = undefined;
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

// webContents of the fake Electron: a window's page in Debian's Chromium, as main/app sees it.
// send() and postMessage() reach the preload's ipcRenderer listeners in order (postMessage with the
// ports it transfers, carried by fake-page-ports.ts): on a page of the app's scheme over the
// document's IPC socket (page-ipc-pipe.ts), on any other by evaluate. executeJavaScript and reload
// act on the page.
import { EventEmitter } from 'node:events';
import type { Page } from 'playwright-core';
import { checkTransferList, type FakeMessagePortMain } from './fake-message-port';
import { PagePortRelay } from './fake-page-ports';
import { PageIpcPipe, type Delivery } from './page-ipc-pipe';
import { dispatchFunction } from './preload-init-script';

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
  /** What main sent the page and the page has not had yet, in order; the loop delivering it. */
  private readonly waiting: Delivery[] = [];
  private draining: Promise<void> | undefined;
  /** How many deliveries were sent, and how many have reached the page (or could not: it went). */
  private sentCount = 0;
  private settledCount = 0;
  private readonly settleWaiters: { count: number; resolve: () => void }[] = [];

  setWindowOpenHandler(handler: FakeWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }

  /** webContents.send: delivered to the preload's ipcRenderer listeners, in order. */
  send(channel: string, ...args: unknown[]): void {
    if (this.page === undefined || this.destroyed) return;
    this.enqueue({ channel, payload: structuredClone(args[0]), portIds: [] });
  }

  /** What the page posted that the harness could not carry; the window records it as a page error. */
  onRefusedPost: (why: string) => void = () => undefined;

  /** Ports main posted into the page (webContents.postMessage), carried to the page's relay. */
  readonly pagePorts = new PagePortRelay((why) => this.onRefusedPost(why));

  /** Whether the page is the app's, served with the port relay (the only pages the double posts ports to). */
  carriesPorts = false;

  /** Invokes taken and events delivered through the debugging protocol (pages not of the app's scheme). */
  readonly overProtocol = { invokes: 0, events: 0 };

  /** What the page invokes over its IPC socket: the window answers it (it knows the sender's frame). */
  onInvoke: (channel: string, args: unknown[]) => Promise<unknown> = () =>
    Promise.reject(new Error('The window has no page.'));

  /** A page of the app's scheme: its IPC with main, events and invokes, on one socket per document. */
  readonly ipcPipe = new PageIpcPipe({
    invoke: (channel, args) => this.onInvoke(channel, args),
    delivered: (ids, document) => this.pagePorts.deliveredTo(ids, document),
    refused: (why) => this.onRefusedPost(why),
  });

  /**
   * webContents.postMessage: `message` to the preload's ipcRenderer listeners with `transfer`'s
   * ports on the event (Electron: MessagePortMain objects only, each moved into the page), in order
   * with send().
   */
  postMessage(channel: string, message: unknown, transfer: FakeMessagePortMain[] = []): void {
    const ports = checkTransferList(transfer);
    if (ports.length > 0 && !this.carriesPorts)
      throw new Error('The Electron double posts ports only into pages of the app’s scheme.');
    const payload = structuredClone(message);
    const portIds = this.pagePorts.moveIn(ports, channel);
    if (this.page === undefined || this.destroyed) return;
    this.enqueue({ channel, payload, portIds });
  }

  /**
   * Resolves once what main sent before this call has reached the page (or could not: it went),
   * not what it sends after. On a page of the app's scheme the page says so on its IPC socket. On
   * any other an invoke's answer waits for it: in Electron a frame's events and answers travel one
   * pipe, so an event sent before an answer arrives before it; there the events go by evaluate and
   * the answer by the binding, and an answer overtook a settings event sent before it.
   */
  flushEvents(): Promise<void> {
    if (this.carriesPorts) return this.ipcPipe.flush();
    const count = this.sentCount;
    if (this.settledCount >= count) return Promise.resolve();
    return new Promise((resolve) => this.settleWaiters.push({ count, resolve }));
  }

  private settled(count: number): void {
    this.settledCount += count;
    for (const waiter of [...this.settleWaiters])
      if (waiter.count <= this.settledCount) {
        this.settleWaiters.splice(this.settleWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
  }

  /**
   * What main sends the page goes in order, and what waits is delivered together: one evaluate
   * per batch, not per message (a round trip to Chromium each, which Electron does not pay: its
   * messages to a renderer are posted, not awaited). Ports' messages go over the port socket.
   */
  private enqueue(delivery: Delivery): void {
    if (this.carriesPorts) return this.ipcPipe.send(delivery);
    this.sentCount++;
    this.waiting.push(delivery);
    this.draining ??= this.drain();
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      this.overProtocol.events += batch.length;
      const page = this.page;
      // The document the batch reached (null: one without the preload; false: none, it went).
      const reached =
        page !== undefined &&
        !this.destroyed &&
        (await page
          .evaluate(
            ([given, dispatch]) => {
              const page = window as unknown as Record<string, (...args: unknown[]) => unknown>;
              const documentId = (page[dispatch]?.(null) ?? null) as string | null;
              for (const item of given) {
                try {
                  page[dispatch]?.(item.channel, item.payload, item.portIds);
                } catch {
                  // A listener's own error stays in the page, as in Electron.
                }
              }
              return documentId;
            },
            [batch, dispatchFunction] as const,
          )
          .catch(() => false as const));
      const portIds = batch.flatMap((item) => item.portIds);
      // Ports posted to a page that went before they arrived are closed, as its document's were.
      if (reached === false) for (const id of portIds) this.pagePorts.closedInPage(id);
      else if (reached !== null) this.pagePorts.deliveredTo(portIds, reached);
      this.settled(batch.length);
    }
    this.draining = undefined;
  }

  /**
   * The page's main frame navigated: if another document holds it now (a reload or a new page, not
   * a move within the page), the ports posted into the one before are closed, as Electron closes a
   * document's ports when it goes; their relay may never have connected to say so itself.
   */
  async frameNavigated(): Promise<void> {
    const page = this.page;
    if (page === undefined || this.destroyed) return;
    const now = await page
      .evaluate(
        (dispatch) => (window as unknown as Record<string, (channel: null) => unknown>)[dispatch]?.(null),
        dispatchFunction,
      )
      .catch(() => undefined);
    // No answer: the page went on again (its own navigation will ask) or closed (closeAll).
    if (typeof now === 'string') this.pagePorts.documentIs(now);
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
    this.ipcPipe.close();
    this.pagePorts.closeAll();
    this.emit('destroyed');
  }
}

// Main's side of a window's IPC with its page, for pages of the app's scheme: ipcRenderer.invoke and
// its answers, webContents.send and postMessage travel one socket per document (the page's end is
// in page-port-relay.ts and preload-init-script.ts). Electron gives each frame one channel to main:
// an event sent before an invoke's answer arrives before it, and neither passes through anything
// but the two processes. Before this pipe the double sent events by evaluate and took invokes by a
// Playwright binding, so each crossed the browser's process, the Playwright server and the client
// in main's process, and an answer could overtake an event sent before it.
import { encodePageFrame, type PageSocket, type PortPost, type PortSocketPeer } from './page-port-socket';

/** What main sends the page's listeners: a channel, its payload, and the ids of the ports it carries. */
export interface Delivery {
  channel: string;
  payload: unknown;
  portIds: number[];
}

type Outgoing = { kind: 'event'; delivery: Delivery } | { kind: 'flush'; id: number };

export interface PipeOwner {
  /** Runs the handler main registered for `channel`: the window knows the sender's frame. */
  invoke(channel: string, args: unknown[]): Promise<unknown>;
  /** Ports `ids` were sent into document `document`. */
  delivered(ids: number[], document: string): void;
  /** The page posted what the harness cannot carry as a clone would. */
  refused(why: string): void;
}

export class PageIpcPipe implements PortSocketPeer {
  /** The socket of the document that holds the page now, once its preload has connected. */
  private current: { socket: PageSocket; document: string } | undefined;
  /** What main sent while no document was connected: the next one gets it, in order. */
  private readonly waiting: Outgoing[] = [];
  /** Flushes sent or waiting, with the socket each went on (undefined: not sent yet). */
  private readonly flushes = new Map<number, { socket: PageSocket | undefined; resolve: () => void }>();
  private nextFlush = 1;
  private closed = false;

  constructor(private readonly owner: PipeOwner) {}

  /** webContents.send and postMessage: to the page's listeners, in order. */
  send(delivery: Delivery): void {
    this.out({ kind: 'event', delivery });
  }

  /** Resolves once the page has had what main sent before this call (or could not: it went). */
  flush(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const id = this.nextFlush++;
    return new Promise((resolve) => {
      this.flushes.set(id, { socket: undefined, resolve });
      this.out({ kind: 'flush', id });
    });
  }

  post(socket: PageSocket, post: PortPost): void {
    switch (post.kind) {
      case 'hello':
        this.current = { socket, document: String(post.data) };
        for (const outgoing of this.waiting.splice(0)) this.write(outgoing);
        return;
      case 'invoke':
        return void this.answer(socket, post.id, post.data as { channel: string; args: unknown[] });
      case 'flushed':
        return this.settle(post.id);
      case 'refused':
        return this.owner.refused(String(post.data));
      default:
        throw new Error(`The page said "${post.kind}" on its IPC socket.`);
    }
  }

  /** The document of `socket` went: what it was sent and has not said it had, it never will. */
  gone(socket: PageSocket): void {
    if (this.current?.socket === socket) this.current = undefined;
    for (const [id, flush] of this.flushes) if (flush.socket === socket) this.settle(id);
  }

  /** The window was destroyed: nothing more reaches a page. */
  close(): void {
    this.closed = true;
    this.current = undefined;
    this.waiting.length = 0;
    for (const id of [...this.flushes.keys()]) this.settle(id);
  }

  private out(outgoing: Outgoing): void {
    if (this.closed) return;
    if (this.current === undefined) this.waiting.push(outgoing);
    else this.write(outgoing);
  }

  private write(outgoing: Outgoing): void {
    const { socket, document } = this.current!;
    if (outgoing.kind === 'flush') {
      this.flushes.get(outgoing.id)!.socket = socket;
      socket.send(encodePageFrame(outgoing.id, null, 'flush'));
      return;
    }
    socket.send(encodePageFrame(0, outgoing.delivery, 'event'));
    this.owner.delivered(outgoing.delivery.portIds, document);
  }

  /** The answer goes back on the socket the call came on, after what main sent the page before it. */
  private async answer(socket: PageSocket, id: number, call: { channel: string; args: unknown[] }): Promise<void> {
    let answer: { value: unknown } | { error: string };
    try {
      answer = { value: await this.owner.invoke(call.channel, call.args) };
    } catch (error) {
      answer = { error: error instanceof Error ? error.message : String(error) };
    }
    socket.send(encodePageFrame(id, answer, 'answer'));
  }

  private settle(id: number): void {
    const flush = this.flushes.get(id);
    if (flush === undefined) return;
    this.flushes.delete(id);
    flush.resolve();
  }
}

// Ports main posts into the page (webContents.postMessage with a transfer list), as the Electron
// double carries them: the MessagePortMain's end of the channel moves here, and the page gets a real
// MessagePort whose partner sits in the page's relay Worker (page-port-relay.ts), reached over the
// socket of its own (page-port-socket.ts). What main's side sends before the page's relay holds
// the port waits here, in order. A port the page no longer has (it reloaded or navigated: its
// ports went with the old document, the relay and its socket too) is closed, as Electron closes a
// renderer's ports when its document goes; the partner hears 'close'. A port whose partner main
// moved into a utility process is joined to that process directly (direct-port-link.ts).
import { joinIfDirect, type PageEnd } from './direct-port-link';
import type { FakeMessagePortMain } from './fake-message-port';
import { encodePageFrame, type PageSocket, type PortPost, type PortSocketPeer } from './page-port-socket';

type ChannelEnd = NonNullable<FakeMessagePortMain['channelEnd']>;

interface Link {
  end: ChannelEnd | undefined;
  /** The IPC channel main posted the port on. */
  ipcChannel: string;
  /** The document the port was delivered into (undefined until the delivery is known). */
  document: string | undefined;
  /** The socket of the page's relay once it holds the port; until then, what waits for it. */
  socket: PageSocket | undefined;
  waiting: Buffer[];
  /** Set once the page's relay was sent to a utility process's socket: runs at its 'cut'. */
  cut: (() => void) | undefined;
}

export class PagePortRelay implements PortSocketPeer {
  private readonly links = new Map<number, Link>();
  private nextId = 1;
  /** Bytes the page has posted on ports, by the channel each port came on (a test's evidence of which port carried what). */
  readonly bytesFromPage = new Map<string, number>();
  /** Of those, the bytes main's process read: a port joined to a utility process directly adds none. */
  bytesThroughMain = 0;
  /** Ports the page's relay now carries straight to a utility process (each said its 'cut'). */
  joinedDirectly = 0;

  /** `refused` hears what the page posted that the harness cannot carry as a clone would. */
  constructor(private readonly refused: (why: string) => void) {}

  /** Moves each port into the page; answers the ids the page's relay will know them by. */
  moveIn(ports: FakeMessagePortMain[], channel: string): number[] {
    return ports.map((port) => {
      const id = this.nextId++;
      const link: Link = {
        end: port.channelEnd,
        ipcChannel: channel,
        document: undefined,
        socket: undefined,
        waiting: [],
        cut: undefined,
      };
      this.links.set(id, link);
      const end: PageEnd = {
        place: 'page',
        get reachable() {
          return link.socket !== undefined && link.cut === undefined;
        },
        goDirect: (address, cut) => {
          link.cut = cut;
          link.socket?.send(encodePageFrame(id, address, 'direct'));
        },
        countFromPage: (bytes) => this.count(link, bytes),
        receive: (data, carried) => {
          if (carried.length > 0) throw new Error('The Electron double carries no ports over a transferred port.');
          const frame = encodePageFrame(id, data);
          if (link.socket === undefined) link.waiting.push(frame);
          else link.socket.send(frame);
        },
        remoteClosed: () => void this.links.delete(id),
      };
      port.moveTo(end);
      return id;
    });
  }

  post(socket: PageSocket, post: PortPost): void {
    const link = this.links.get(post.id);
    if (link === undefined) return;
    switch (post.kind) {
      case 'hello':
        link.socket = socket;
        for (const frame of link.waiting.splice(0)) socket.send(frame);
        if (link.end !== undefined) joinIfDirect(link.end.channel);
        return;
      case 'msg':
        this.bytesThroughMain += post.size;
        this.count(link, post.size);
        link.end?.channel.other(link.end.side)?.receive(post.data, []);
        return;
      case 'cut':
        this.joinedDirectly++;
        return link.cut?.();
      case 'close':
        return this.closedInPage(post.id);
      case 'refused':
        return this.refused(String(post.data));
    }
  }

  private count(link: Link, bytes: number): void {
    this.bytesFromPage.set(link.ipcChannel, (this.bytesFromPage.get(link.ipcChannel) ?? 0) + bytes);
  }

  /** A page's relay went (its document did): every port it held is closed. */
  gone(socket: PageSocket): void {
    for (const [id, link] of [...this.links]) if (link.socket === socket) this.closedInPage(id);
  }

  /** Ports `ids` reached document `document` of the page. */
  deliveredTo(ids: number[], document: string): void {
    for (const id of ids) {
      const link = this.links.get(id);
      if (link !== undefined) link.document = document;
    }
  }

  /** Document `document` holds the page now: the ports delivered into any other are closed. */
  documentIs(document: string): void {
    for (const [id, link] of [...this.links])
      if (link.document !== undefined && link.document !== document) this.closedInPage(id);
  }

  /** Port `id` never reached a page (the page went before it arrived): it is closed. */
  closedInPage(id: number): void {
    const link = this.links.get(id);
    if (link === undefined) return;
    this.links.delete(id);
    link.end?.channel.other(link.end.side)?.remoteClosed();
  }

  /** The window was destroyed: every port it held is closed. */
  closeAll(): void {
    for (const id of [...this.links.keys()]) this.closedInPage(id);
  }
}

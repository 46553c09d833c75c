// Ports main posts into the page (webContents.postMessage with a transfer list), as the Electron
// double carries them: the MessagePortMain's end of the channel moves to a relay here, and the page
// gets a port object of the preload init script (preload-init-script.ts) that reaches the relay
// through a Playwright binding; what the other end sends is evaluated into the page, in order with
// webContents.send. A port the page no longer has (it reloaded or navigated: its ports went with the
// old document) is closed the first time something reaches it, as Electron closes a renderer's
// ports when its document goes; the partner hears 'close'.
import type { FakeMessagePortMain, PortEnd } from './fake-message-port';

type ChannelEnd = NonNullable<FakeMessagePortMain['channelEnd']>;

export class PagePortRelay {
  private readonly links = new Map<number, ChannelEnd>();
  private nextId = 1;

  /** `deliver` evaluates a message into the page; it answers false when the page lacks the port. */
  constructor(private readonly deliver: (id: number, data: unknown) => Promise<boolean>) {}

  /** Moves each port into the page; answers the ids the page's port objects will carry. */
  moveIn(ports: FakeMessagePortMain[]): number[] {
    return ports.map((port) => {
      const id = this.nextId++;
      const end: PortEnd = {
        receive: (data, carried) => {
          if (carried.length > 0) throw new Error('The Electron double carries no ports over a transferred port.');
          void this.deliver(id, data).then((known) => known || this.closedInPage(id));
        },
        remoteClosed: () => void this.links.delete(id),
      };
      const link = port.channelEnd;
      if (link !== undefined) this.links.set(id, link);
      port.moveTo(end);
      return id;
    });
  }

  /** The page posted `data` on port `id`. */
  fromPage(id: number, data: unknown): void {
    const link = this.links.get(id);
    link?.channel.other(link.side)?.receive(structuredClone(data), []);
  }

  /** The page closed port `id` (or no longer has it): its partner hears 'close'. */
  closedInPage(id: number): void {
    const link = this.links.get(id);
    if (link === undefined) return;
    this.links.delete(id);
    link.channel.other(link.side)?.remoteClosed();
  }

  /** The window was destroyed: every port it held is closed. */
  closeAll(): void {
    for (const id of [...this.links.keys()]) this.closedInPage(id);
  }
}

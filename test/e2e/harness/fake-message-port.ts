// MessageChannelMain and MessagePortMain of the fake Electron, as Electron 45 documents them
// (docs/api/message-channel-main.md, message-port-main.md): an EventEmitter port whose 'message'
// listeners get { data, ports }, messages queued until start(), 'close' when the other end goes.
// Data is structured-cloned as Electron does, so a function or a class instance fails here as it
// would there. A port given away in a transfer list is spent: using it again throws (Electron
// neuters it and drops what it is sent, which would hide the bug a test should see).
import { EventEmitter } from 'node:events';

export interface PortMessageEvent {
  data: unknown;
  ports: FakeMessagePortMain[];
}

/** What can stand at one end of a channel: a port in this process, or a relay into a child process. */
export interface PortEnd {
  receive(data: unknown, ports: FakeMessagePortMain[]): void;
  remoteClosed(): void;
}

/** The two ends of one channel; a transfer puts a new owner at one end, the other end unchanged. */
export class Entanglement {
  readonly ends: [PortEnd | undefined, PortEnd | undefined] = [undefined, undefined];

  other(side: 0 | 1): PortEnd | undefined {
    return this.ends[side === 0 ? 1 : 0];
  }
}

export class FakeMessagePortMain extends EventEmitter implements PortEnd {
  private link: { channel: Entanglement; side: 0 | 1 } | undefined;
  private started = false;
  private closedHere = false;
  /** The other end closed: what it sent before is still delivered, then 'close' (once). */
  private remoteGone = false;
  private closeEmitted = false;
  private transferred = false;
  private readonly queue: PortMessageEvent[] = [];

  /** Puts this port at one end of a channel (the harness's business, not main's). */
  attach(channel: Entanglement, side: 0 | 1): void {
    this.link = { channel, side };
    channel.ends[side] = this;
  }

  /** What the other end sends to this port: queued until start(), as Electron does. */
  receive(data: unknown, ports: FakeMessagePortMain[]): void {
    if (this.closedHere || this.remoteGone) return;
    this.queue.push({ data, ports });
    if (this.started) this.flushSoon();
  }

  /** The other end closed (or its process ended). */
  remoteClosed(): void {
    if (this.closedHere || this.remoteGone) return;
    this.remoteGone = true;
    this.link = undefined;
    // As Electron does, what the other end sent before it closed is read first, then 'close'.
    if (this.started) this.flushSoon();
    else setImmediate(() => this.emitClose());
  }

  postMessage(message: unknown, transfer: FakeMessagePortMain[] = []): void {
    this.assertUsable('postMessage');
    const data = structuredClone(message);
    const moved = checkTransferList(transfer, this).map((port) => port.moveTo(new FakeMessagePortMain()));
    if (this.closedHere || this.link === undefined) return;
    this.link.channel.other(this.link.side)?.receive(data, moved);
  }

  start(): void {
    this.assertUsable('start');
    this.started = true;
    this.flushSoon();
  }

  close(): void {
    if (this.transferred || this.closedHere) return;
    this.closedHere = true;
    const link = this.link;
    this.link = undefined;
    this.queue.length = 0;
    if (link !== undefined) link.channel.other(link.side)?.remoteClosed();
  }

  /**
   * Gives this port away: `owner` (a fresh port, or a relay into a child process) takes its end of
   * the channel with the messages not yet read, and this object is spent.
   */
  moveTo<T extends PortEnd>(owner: T): T {
    this.assertUsable('transfer');
    this.transferred = true;
    const link = this.link;
    this.link = undefined;
    if (owner instanceof FakeMessagePortMain && link !== undefined) owner.attach(link.channel, link.side);
    else if (link !== undefined) link.channel.ends[link.side] = owner;
    for (const pending of this.queue.splice(0)) owner.receive(pending.data, pending.ports);
    if (this.closedHere || link === undefined) owner.remoteClosed();
    return owner;
  }

  get isTransferred(): boolean {
    return this.transferred;
  }

  /** The channel end this port stands at (read by the relay before it moves the port). */
  get channelEnd(): { channel: Entanglement; side: 0 | 1 } | undefined {
    return this.link;
  }

  private assertUsable(what: string): void {
    if (this.transferred)
      throw new Error(`MessagePortMain.${what}: this port was transferred to another process or port.`);
  }

  private flushSoon(): void {
    setImmediate(() => {
      while (this.started && !this.closedHere && this.queue.length > 0) {
        const event = this.queue.shift() as PortMessageEvent;
        this.emit('message', event);
      }
      if (this.remoteGone) this.emitClose();
    });
  }

  private emitClose(): void {
    if (this.closeEmitted || this.closedHere) return;
    this.closeEmitted = true;
    this.emit('close');
  }
}

/** Checks a transfer list as Electron does: ports only, each once, never the sender itself. */
export function checkTransferList(transfer: unknown, sender?: FakeMessagePortMain): FakeMessagePortMain[] {
  if (!Array.isArray(transfer)) throw new TypeError('The transfer list must be an array of MessagePortMain.');
  const seen = new Set<FakeMessagePortMain>();
  for (const port of transfer) {
    if (!(port instanceof FakeMessagePortMain)) throw new TypeError('Only MessagePortMain objects can be transferred.');
    if (port === sender) throw new Error('A port cannot transfer itself.');
    if (seen.has(port)) throw new Error('The same port appears twice in the transfer list.');
    if (port.isTransferred) throw new Error('A port in the transfer list was already transferred.');
    seen.add(port);
  }
  return transfer as FakeMessagePortMain[];
}

export class FakeMessageChannelMain {
  readonly port1 = new FakeMessagePortMain();
  readonly port2 = new FakeMessagePortMain();

  constructor() {
    const channel = new Entanglement();
    this.port1.attach(channel, 0);
    this.port2.attach(channel, 1);
  }
}

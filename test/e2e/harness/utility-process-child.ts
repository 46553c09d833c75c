// Loaded with `--import` into every child the fake utilityProcess.fork starts, compiled to plain
// JavaScript first (utility-process-bootstrap.ts): no imports of the harness. It gives the child what an Electron utility
// process has: `process.parentPort` (an EventEmitter: 'message' with { data, ports }, queued until a
// listener is added; postMessage) and ports transferred by the parent as MessagePortMain-like
// objects. It takes away what a utility process does not have: `process.send`. A port main joins
// to a page directly goes over a socket of its own (utility-direct-ports.ts).
import { EventEmitter } from 'node:events';
import { DirectLink } from './utility-direct-ports';

type Envelope =
  | { t: 'msg'; data: unknown; ports: number[] }
  | { t: 'port-msg'; id: number; data: unknown }
  | { t: 'port-close'; id: number }
  | { t: 'port-direct'; id: number }
  | { t: 'port-cut'; id: number };

const send = process.send?.bind(process);
if (send === undefined) throw new Error('utility-process-child.ts runs only in a child of the fake utilityProcess.');
// Electron's utility process has no Node IPC channel of its own: code must use process.parentPort.
delete (process as { send?: unknown }).send;

const post = (envelope: unknown): void => {
  send(envelope);
};

class ChildPort extends EventEmitter {
  private started = false;
  closed = false;
  private readonly queue: unknown[] = [];
  readonly id: number;
  /** Set once the port is joined to a page directly: it posts there from then on. */
  direct: DirectLink | undefined;

  constructor(id: number) {
    super();
    this.id = id;
  }

  postMessage(message: unknown, transfer?: unknown[]): void {
    if (transfer !== undefined && transfer.length > 0)
      throw new Error('The Electron double carries no ports over a transferred port.');
    if (this.closed) return;
    const data = structuredClone(message);
    if (this.direct !== undefined) this.direct.send(data);
    else post({ t: 'port-msg', id: this.id, data });
  }

  start(): void {
    this.started = true;
    this.flush();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    ports.delete(this.id);
    post({ t: 'port-close', id: this.id });
    this.direct?.close();
    refresh();
  }

  receive(data: unknown): void {
    if (this.closed) return;
    this.queue.push(data);
    this.flush();
  }

  remoteClosed(): void {
    if (this.closed) return;
    this.closed = true;
    ports.delete(this.id);
    this.direct?.close();
    this.emit('close');
    refresh();
  }

  private flush(): void {
    while (this.started && !this.closed && this.queue.length > 0)
      this.emit('message', { data: this.queue.shift(), ports: [] });
  }
}

const ports = new Map<number, ChildPort>();

class ParentPort extends EventEmitter {
  private readonly queue: { data: unknown; ports: ChildPort[] }[] = [];

  constructor() {
    super();
    // Electron queues what arrives before the first 'message' listener; it then delivers it in order.
    this.on('newListener', (event: string) => {
      if (event !== 'message') return;
      setImmediate(() => {
        for (const pending of this.queue.splice(0)) this.emit('message', pending);
        refresh();
      });
    });
    this.on('removeListener', () => refresh());
  }

  postMessage(message: unknown): void {
    if (arguments.length > 1)
      throw new Error('parentPort.postMessage takes one argument: ports go from parent to child.');
    post({ t: 'msg', data: message, ports: [] });
  }

  receive(event: { data: unknown; ports: ChildPort[] }): void {
    if (this.listenerCount('message') === 0) this.queue.push(event);
    else this.emit('message', event);
  }
}

const parentPort = new ParentPort();
Object.defineProperty(process, 'parentPort', { value: parentPort, enumerable: true });

/** The channel keeps the child alive only while something listens, as Node's own IPC does. */
function refresh(): void {
  const channel = process.channel;
  if (channel === undefined) return;
  if (parentPort.listenerCount('message') > 0 || ports.size > 0) channel.ref();
  else channel.unref();
}

process.on('message', (envelope: Envelope) => {
  if (envelope.t === 'msg') {
    const received = envelope.ports.map((id) => {
      const port = new ChildPort(id);
      ports.set(id, port);
      return port;
    });
    parentPort.receive({ data: envelope.data, ports: received });
  } else if (envelope.t === 'port-msg') ports.get(envelope.id)?.receive(envelope.data);
  else if (envelope.t === 'port-direct') void joinDirect(envelope.id);
  else if (envelope.t === 'port-cut') ports.get(envelope.id)?.direct?.cut();
  else ports.get(envelope.id)?.remoteClosed();
});

/** Main joined port `id` to a page: it gets a socket of its own, and posts there once it is made. */
async function joinDirect(id: number): Promise<void> {
  const port = ports.get(id);
  if (port !== undefined) await DirectLink.open(port, post);
}
refresh();

// A utility process ends with the process that made it: when that one is gone (its IPC channel
// closes), so is this one, instead of living on and holding the test runner's output open.
process.on('disconnect', () => process.exit(0));

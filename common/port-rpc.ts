// Calls both ways over one message port: main ↔ the engine's utility process, and the window's
// preload ↔ the engine. Each side calls the other's methods by name and gets a promise, or sends a
// note that has no answer. Messages keep their order on the port, so a note sent before a call (a
// granted path, then the request that names it) is handled first. No I/O: the port is anything
// with postMessage, and whoever holds it hands what it hears to receive().

export interface PortLike {
  postMessage(message: unknown): void;
}

type Envelope =
  | { k: 'call'; id: number; m: string; a: unknown[] }
  | { k: 'ret'; id: number; ok: true; v: unknown }
  | { k: 'ret'; id: number; ok: false; e: string }
  | { k: 'note'; m: string; a: unknown[] };

export type Methods = Record<string, (...args: never[]) => unknown>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** Thrown to a caller when the other side is gone before it answered (its process ended). */
export class PortClosedError extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'PortClosedError';
  }
}

export class PortRpc {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly methods = new Map<string, (...args: unknown[]) => unknown>();
  private closed: string | undefined;

  constructor(private readonly port: PortLike) {}

  /** The methods the other side may call or send notes to; an unknown name is answered as an error. */
  serve(methods: Methods): void {
    for (const [name, method] of Object.entries(methods))
      this.methods.set(name, method as (...args: unknown[]) => unknown);
  }

  call<T = unknown>(method: string, ...args: unknown[]): Promise<T> {
    if (this.closed !== undefined) return Promise.reject(new PortClosedError(this.closed));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.port.postMessage({ k: 'call', id, m: method, a: args } satisfies Envelope);
    });
  }

  note(method: string, ...args: unknown[]): void {
    if (this.closed === undefined) this.port.postMessage({ k: 'note', m: method, a: args } satisfies Envelope);
  }

  /** Give every message heard on the port here. */
  receive(message: unknown): void {
    const envelope = message as Envelope;
    if (envelope.k === 'ret') {
      const pending = this.pending.get(envelope.id);
      if (pending === undefined) return;
      this.pending.delete(envelope.id);
      if (envelope.ok) pending.resolve(envelope.v);
      else pending.reject(new Error(envelope.e));
      return;
    }
    const method = this.methods.get(envelope.m);
    if (envelope.k === 'note') {
      void Promise.resolve()
        .then(() => method?.(...envelope.a))
        .catch(() => undefined);
      return;
    }
    const answer = (reply: Envelope): void => {
      if (this.closed === undefined) this.port.postMessage(reply);
    };
    if (method === undefined) {
      answer({ k: 'ret', id: envelope.id, ok: false, e: `No method "${envelope.m}" on this side.` });
      return;
    }
    Promise.resolve()
      .then(() => method(...envelope.a))
      .then(
        (value) => answer({ k: 'ret', id: envelope.id, ok: true, v: value }),
        (error: unknown) =>
          answer({ k: 'ret', id: envelope.id, ok: false, e: error instanceof Error ? error.message : String(error) }),
      );
  }

  /** The other side is gone: every call waiting for it fails with `why`, and later calls at once. */
  close(why: string): void {
    this.closed ??= why;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new PortClosedError(why));
    }
  }
}

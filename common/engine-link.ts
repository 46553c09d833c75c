// A page's end of a port to the engine's process: the preload's, where the window's requests other
// than main's own are answered and from where the engine's events come (common/window-routes.ts),
// and the motion Worker's, for a clip's reads and frames. The holder asks main for the port; until
// one arrives, requests wait. Main offers a new port whenever the
// engine has started anew: requests still waiting on the old one were never answered by the dead
// process, and get the one sentence that says so. A port that closes (where the browser reports it)
// makes new requests wait for the next port instead of going nowhere.
import type { EventName, Result } from './contract/index';
import { ENGINE_LOST_REQUEST } from './engine-words';
import { PortRpc, PortClosedError } from './port-rpc';

/** A DOM MessagePort as a page receives it from main (only what is used here). */
export interface PagePort {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  addEventListener?(type: 'close', listener: () => void): void;
  close(): void;
}

export class EngineLink {
  private current: { port: PagePort; rpc: PortRpc } | undefined;
  private ready!: Promise<PortRpc>;
  private arrived!: (rpc: PortRpc) => void;
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();

  constructor() {
    this.waitForPort();
  }

  /**
   * A port from main: the old one (if any) is dropped, and what waited on it is told. Answers
   * whether it replaced one (the engine started anew).
   */
  adopt(port: PagePort): boolean {
    const old = this.current;
    const rpc = new PortRpc(port);
    rpc.serve({ event: (name: string, payload: unknown) => this.dispatch(name, payload) });
    this.current = { port, rpc };
    // Setting onmessage starts the port: what the engine sent before is delivered now, in order.
    port.onmessage = (event) => rpc.receive(event.data);
    port.addEventListener?.('close', () => {
      if (this.current?.rpc === rpc) this.waitForPort();
    });
    if (old !== undefined) {
      old.rpc.close(ENGINE_LOST_REQUEST);
      old.port.close();
    }
    this.arrived(rpc);
    this.ready = Promise.resolve(rpc);
    return old !== undefined;
  }

  async request(name: string, payload: unknown): Promise<Result<unknown>> {
    const rpc = await this.ready;
    try {
      return await rpc.call<Result<unknown>>('request', name, payload);
    } catch (error) {
      if (error instanceof PortClosedError)
        return { ok: false, error: { code: 'engine-restarted', message: ENGINE_LOST_REQUEST } };
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { code: 'ipc-failed', message: `The app could not complete “${name}”: ${detail}` } };
    }
  }

  /** Paths of dropped files: on the same port as the request that names them, so granted first. */
  grant(paths: string[]): void {
    void this.ready.then((rpc) => rpc.note('grant', paths));
  }

  on(event: EventName, listener: (payload: unknown) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set);
    set.add(listener);
    return () => void set.delete(listener);
  }

  private dispatch(name: string, payload: unknown): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) listener(payload);
  }

  private waitForPort(): void {
    this.ready = new Promise((resolve) => {
      this.arrived = resolve;
    });
  }
}

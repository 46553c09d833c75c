// Runs the bundled sandbox in a process of its own, as a real service runs apart from its clients:
// starts it (sandbox-host.ts), waits for the address it reports, restarts it if it dies (on the same
// port when free, so addresses written down earlier stay valid), and stops it on quit with its state
// saved. Plain Node: main/app hands it a function that starts the process (Electron's utilityProcess),
// tests a real Node child. The CLI does not use it: it starts the sandbox in its own process.
import type { SandboxControl, SandboxOptions } from '../../sandbox/index';
import type { SandboxHostReply, SandboxHostRequest } from './sandbox-host-protocol';

/** What the supervisor needs of the process: Electron's UtilityProcess offers exactly this. */
export interface SandboxProcess {
  postMessage(message: SandboxHostRequest): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

/** The control API across the process boundary: the same calls, answered asynchronously. */
export type RemoteSandboxControl = {
  [K in keyof SandboxControl]: (...args: Parameters<SandboxControl[K]>) => Promise<ReturnType<SandboxControl[K]>>;
};

/** The running sandbox as main sees it: its addresses and its control API. */
export interface RemoteSandbox {
  url: string;
  api: string;
  auth: string;
  control: RemoteSandboxControl;
}

export interface SandboxSupervisorOptions {
  /** Starts one sandbox process (in the app: utilityProcess.fork of out/main/sandbox-host.js). */
  fork: () => SandboxProcess;
  /** The sandbox's options (dataDir, profile, tuning); the port is the supervisor's. */
  sandboxOptions: SandboxOptions;
  /** Told each time a sandbox is ready, the first and every restarted one (its address goes into the CSP). */
  onReady?: (sandbox: RemoteSandbox) => void;
  log?: (message: string) => void;
  /** How long a process may take to report its address. Default 30 s. */
  startTimeoutMs?: number;
  /** Restarts allowed within a minute before the supervisor gives up. Default 5. */
  maxRestartsPerMinute?: number;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class SandboxSupervisor {
  private child: SandboxProcess | undefined;
  private current: Promise<RemoteSandbox> | undefined;
  private lastPort = 0;
  private stopping = false;
  private nextCallId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly restarts: number[] = [];
  private readonly control: RemoteSandboxControl;

  constructor(private readonly options: SandboxSupervisorOptions) {
    this.control = new Proxy({} as RemoteSandboxControl, {
      // Not a thenable: `await` on the control object must not take it for a promise.
      get: (_target, method) => (method === 'then' ? undefined : (body?: unknown) => this.call(String(method), body)),
    });
  }

  /** The running sandbox: started on first call, the same one afterwards (a restarted one after a crash). */
  sandbox(): Promise<RemoteSandbox> {
    this.stopping = false;
    this.current ??= this.start().catch((error: unknown) => {
      this.current = undefined;
      throw error;
    });
    return this.current;
  }

  /** Stops the process with its state saved; resolves once it has exited. */
  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    const started = this.current;
    this.current = undefined;
    if (child === undefined) return;
    await started?.catch(() => undefined);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill();
        resolve();
      }, 10_000);
      child.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.postMessage({ type: 'stop' });
    });
  }

  private start(): Promise<RemoteSandbox> {
    const child = this.options.fork();
    this.child = child;
    return new Promise<RemoteSandbox>((resolve, reject) => {
      let ready = false;
      const timer = setTimeout(() => {
        reject(new Error('The sandbox did not start in time.'));
        child.kill();
      }, this.options.startTimeoutMs ?? 30_000);
      child.on('message', (message) => {
        const reply = message as SandboxHostReply;
        if (reply.type === 'ready') {
          ready = true;
          clearTimeout(timer);
          this.lastPort = Number(new URL(reply.url).port);
          const sandbox = { url: reply.url, api: reply.url, auth: reply.url, control: this.control };
          this.options.onReady?.(sandbox);
          resolve(sandbox);
        } else if (reply.type === 'failed') {
          clearTimeout(timer);
          reject(new Error(`The sandbox did not start: ${reply.message}`));
        } else if (reply.type === 'control-result') this.settle(reply);
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        if (this.child === child) this.child = undefined;
        this.failPending(`the sandbox's process ended (code ${code})`);
        if (!ready) reject(new Error(`The sandbox's process ended before it listened (code ${code}).`));
        else if (!this.stopping) this.restart(code);
      });
      child.postMessage({ type: 'start', options: { ...this.options.sandboxOptions, port: this.lastPort } });
    });
  }

  /** A sandbox that died while in use is started again, unless it keeps dying. */
  private restart(code: number): void {
    const now = Date.now();
    this.restarts.push(now);
    while (this.restarts.length > 0 && (this.restarts[0] as number) < now - 60_000) this.restarts.shift();
    if (this.restarts.length > (this.options.maxRestartsPerMinute ?? 5)) {
      this.options.log?.(`The sandbox's process ended (code ${code}) again; it is not restarted.`);
      this.current = undefined;
      return;
    }
    this.options.log?.(`The sandbox's process ended (code ${code}); starting it again.`);
    this.current = undefined;
    this.sandbox().catch((error: unknown) =>
      this.options.log?.(`The sandbox did not start again: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  private async call(method: string, body: unknown): Promise<never> {
    await this.sandbox();
    const child = this.child;
    if (child === undefined) throw new Error(`The sandbox is not running (control call ${method}).`);
    const id = this.nextCallId++;
    return new Promise<never>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.postMessage({ type: 'control', id, method, ...(body === undefined ? {} : { body }) });
    });
  }

  private settle(reply: Extract<SandboxHostReply, { type: 'control-result' }>): void {
    const pending = this.pending.get(reply.id);
    if (pending === undefined) return;
    this.pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(new Error(reply.message));
  }

  private failPending(why: string): void {
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new Error(`A sandbox control call failed: ${why}.`));
    }
  }
}

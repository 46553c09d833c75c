// Main's side of the engine: starts its process (in the app, utilityProcess.fork of
// out/main/engine-host.js; the fork is given, so this file is plain Node and tested with real
// child processes), forwards the window's requests to it, serves it what only main can do, keeps a
// mirror of its status for the tray, the dock, the updater and quitting, and starts it again when
// it dies: the queue resumes from its journal and the drafts from their store, so nothing is lost
// or sent twice, and the window is told in one line.
import { EventEmitter } from 'node:events';
import type { BatchSummary } from '../desktop/batch-tracker';
import type { RequestName, Result } from '../../common/contract/index';
import { ENGINE_LOST_REQUEST } from '../../common/engine-words';
import { idleEngineStatus, type EngineConfig, type EngineStatus } from './engine-protocol';
import { PortRpc, type Methods } from './port-rpc';

/** The engine's process as main sees it (Electron's UtilityProcess has this shape). */
export interface EngineProcess {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
  readonly pid?: number | undefined;
}

export interface EngineClientOptions {
  fork: () => EngineProcess;
  /** What the engine starts with; asked for at every start, so a restart gets today's settings. */
  config: () => EngineConfig;
  /** Main's methods the engine calls (the browser, the pickers, the opened files, the sandbox, the tokens). */
  main: Methods;
  /** A contract event for the window. */
  onEvent: (name: string, payload: unknown) => void;
  /** A finished line of the engine's log, for the app's log. */
  onLogLine: (line: string) => void;
  /** The engine died and has started again: the window says so. */
  onRestarted?: () => void;
  log: (message: string) => void;
  /** Restarts allowed within a minute before the client gives up. Default 5. */
  maxRestartsPerMinute?: number;
}

interface EngineEvents {
  status: [EngineStatus];
  batchProgress: [number];
  batchDone: [BatchSummary];
}

interface Running {
  child: EngineProcess;
  rpc: PortRpc;
  started: Promise<{ service: string }>;
}

export class EngineClient extends EventEmitter<EngineEvents> {
  /** The engine's status as last sent; idle while it starts. */
  status: EngineStatus = idleEngineStatus;
  private running: Running | undefined;
  private closing: Promise<void> | undefined;
  private readonly restarts: number[] = [];

  constructor(private readonly options: EngineClientOptions) {
    super();
  }

  /** Starts the engine's process; resolves once its desktop is open (with the service in use). */
  start(): Promise<{ service: string }> {
    this.running ??= this.fork();
    return this.running.started;
  }

  get pid(): number | undefined {
    return this.running?.child.pid;
  }

  /** A request of the window, already checked by main (sender, schema); a lost engine is a sentence. */
  async request(name: RequestName, payload: unknown): Promise<Result<unknown>> {
    try {
      return await this.call<Result<unknown>>('request', name, payload);
    } catch (error) {
      // While quitting, a request the window still sent is simply not answered by the engine.
      if (this.closing !== undefined)
        return { ok: false, error: { code: 'cancelled', message: 'Shotput is quitting.' } };
      if (!(error instanceof Error) || error.name !== 'PortClosedError') throw error;
      return { ok: false, error: { code: 'engine-restarted', message: ENGINE_LOST_REQUEST } };
    }
  }

  /** Paths the user dropped on the window: granted before any request that names them. */
  grant(paths: readonly string[]): void {
    this.running?.rpc.note('grant', paths);
  }

  settingsChanged(settings: EngineConfig['settings']): void {
    this.running?.rpc.note('settings', settings);
  }

  async call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.closing !== undefined) throw new Error('Shotput is quitting.');
    // Not running after it kept dying: the window's next request starts it again.
    const running = (this.running ??= this.revive());
    await running.started;
    return running.rpc.call<T>(method, ...args);
  }

  /** Closes the desktop in the engine (drafts and jobs on disk) and waits for its process to end. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const running = this.running;
      if (running === undefined) return;
      const exited = new Promise<void>((resolve) => running.child.on('exit', () => resolve()));
      await running.started.catch(() => undefined);
      const timer = setTimeout(() => running.child.kill(), 15_000);
      await Promise.race([
        running.rpc
          .call('close')
          .catch(() => undefined)
          .then(() => exited),
        exited,
      ]);
      clearTimeout(timer);
    })();
    return this.closing;
  }

  private fork(): Running {
    const child = this.options.fork();
    const rpc = new PortRpc(child);
    rpc.serve({
      ...this.options.main,
      event: (name: string, payload: unknown) => this.options.onEvent(name, payload),
      status: (status: EngineStatus) => {
        this.status = status;
        this.emit('status', status);
      },
      batchProgress: (fraction: number) => this.emit('batchProgress', fraction),
      batchDone: (summary: BatchSummary) => this.emit('batchDone', summary),
      logLine: (line: string) => this.options.onLogLine(line),
    });
    child.on('message', (message) => rpc.receive(message));
    const running: Running = { child, rpc, started: rpc.call<{ service: string }>('start', this.options.config()) };
    // A start that fails is told to whoever waits for it; the exit below decides about restarting.
    running.started.catch(() => undefined);
    child.on('exit', (code) => {
      rpc.close(`the engine's process ended (code ${code})`);
      if (this.running !== running) return;
      this.running = undefined;
      if (this.closing === undefined) this.restart(code);
    });
    return running;
  }

  /** A new process after one died: once its desktop is open, the window is told. */
  private revive(): Running {
    const running = this.fork();
    running.started.then(
      () => this.options.onRestarted?.(),
      (error: unknown) =>
        this.options.log(`The engine did not start again: ${error instanceof Error ? error.message : String(error)}`),
    );
    return running;
  }

  /** An engine that died is started again, unless it keeps dying. */
  private restart(code: number): void {
    const now = Date.now();
    this.restarts.push(now);
    while (this.restarts.length > 0 && (this.restarts[0] as number) < now - 60_000) this.restarts.shift();
    this.status = idleEngineStatus;
    this.emit('status', this.status);
    if (this.restarts.length > (this.options.maxRestartsPerMinute ?? 5)) {
      this.options.log(
        `The engine's process ended (code ${code}) again; it starts again with the window's next request.`,
      );
      return;
    }
    this.options.log(`The engine's process ended (code ${code}); starting it again.`);
    this.running = this.revive();
  }
}

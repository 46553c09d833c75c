// Main's side of the engine: starts its process (in the app, utilityProcess.fork of
// out/main/engine-host.js; the fork is given, so this file is plain Node and tested with real
// child processes), hands it the window's ports (the window's requests and events then go straight
// between the two), serves it what only main can do, keeps a mirror of its status for the tray, the
// dock, the updater and quitting, and starts it again when it dies: the queue resumes from its
// journal and the drafts from their store, so nothing is lost or sent twice, and the window is told
// in one line.
import { EventEmitter } from 'node:events';
import type { BatchSummary } from '../desktop/batch-tracker';
import { idleEngineStatus, type EngineConfig, type EngineStatus } from './engine-protocol';
import { PortRpc, type Methods } from '../../common/port-rpc';

/** Which of the window's ports: its own (requests and events), or its motion Worker's. */
export type WindowPortKind = 'window' | 'motion';

/** The engine's process as main sees it (Electron's UtilityProcess has this shape). */
export interface EngineProcess {
  /** `transfer`: ports that move into the engine's process with the message. */
  postMessage(message: unknown, transfer?: unknown[]): void;
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
  private backOff: ReturnType<typeof setTimeout> | undefined;

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

  /**
   * A window's port (the other end is the window's, checked by main), or its motion Worker's: it moves into the engine's
   * process once that has started, where the window's requests are answered and its events sent.
   * If the process dies first, the port goes with it; main offers the window a new one when the
   * engine has started again.
   */
  async connectWindow(port: unknown, kind: WindowPortKind = 'window'): Promise<void> {
    if (this.closing !== undefined) return;
    const running = (this.running ??= this.revive());
    await running.started;
    if (this.running === running) running.child.postMessage({ k: kind }, [port]);
  }

  settingsChanged(settings: EngineConfig['settings']): void {
    this.running?.rpc.note('settings', settings);
  }

  async call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.closing !== undefined) throw new Error('Shotput is quitting.');
    // Not running after it kept dying: what main needs starts it again.
    const running = (this.running ??= this.revive());
    await running.started;
    return running.rpc.call<T>(method, ...args);
  }

  /** Closes the desktop in the engine (drafts and jobs on disk) and waits for its process to end. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      clearTimeout(this.backOff);
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

  /**
   * An engine that died is started again at once, unless it keeps dying: then once a minute has
   * passed since the first of its last restarts (or sooner, when main needs it for a sign-in link
   * or a picture).
   */
  private restart(code: number): void {
    const now = Date.now();
    this.restarts.push(now);
    while (this.restarts.length > 0 && (this.restarts[0] as number) < now - 60_000) this.restarts.shift();
    this.status = idleEngineStatus;
    this.emit('status', this.status);
    if (this.restarts.length > (this.options.maxRestartsPerMinute ?? 5)) {
      const waitMs = (this.restarts[0] as number) + 60_000 - now;
      this.options.log(
        `The engine's process ended (code ${code}) again; it starts again in ${Math.ceil(waitMs / 1000)} s.`,
      );
      clearTimeout(this.backOff);
      this.backOff = setTimeout(() => {
        if (this.closing === undefined) this.running ??= this.revive();
      }, waitMs);
      this.backOff.unref?.();
      return;
    }
    this.options.log(`The engine's process ended (code ${code}); starting it again.`);
    this.running = this.revive();
  }
}

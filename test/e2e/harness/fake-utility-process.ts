// utilityProcess of the fake Electron, as Electron 45 documents it (docs/api/utility-process.md):
// fork(modulePath, args, options) starts a REAL Node child process running modulePath, only after
// the app is ready; the UtilityProcess object emits 'spawn', 'message' (the data the child posted
// on process.parentPort) and 'exit' (a number), has pid (undefined before 'spawn' and after
// 'exit'), stdout/stderr when stdio is 'pipe', kill(), and postMessage(message, [ports]) whose
// MessagePortMain objects the child receives on parentPort's event. The child side is
// utility-process-child.ts. What Electron refuses is refused: a stdin other than 'ignore', a
// transfer list that is not a list of unused ports, a fork before 'ready'.
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { constants } from 'node:os';
import { isAbsolute } from 'node:path';
import type { Readable } from 'node:stream';
import { realFork } from './fake-fuses';
import { joinIfDirect, type ChildEnd } from './direct-port-link';
import { checkTransferList, type FakeMessagePortMain } from './fake-message-port';
import { utilityChildBootstrap } from './utility-process-bootstrap';

const childBootstrap = await utilityChildBootstrap();

type Stdio = 'pipe' | 'ignore' | 'inherit';

export interface FakeForkOptions {
  env?: NodeJS.ProcessEnv;
  execArgv?: string[];
  cwd?: string;
  stdio?: Stdio | Stdio[];
  serviceName?: string;
}

/**
 * Between this process and the child (utility-process-child.ts). A port joined to a page directly
 * (direct-port-link.ts): `port-direct` asks the child for its own socket, `port-direct-ready` gives
 * its address, `port-cut` says the page sent the last it sends this way, `port-bytes` counts what
 * reached the child from the page directly.
 */
type Envelope =
  | { t: 'msg'; data: unknown; ports?: number[] }
  | { t: 'port-msg'; id: number; data: unknown }
  | { t: 'port-close'; id: number }
  | { t: 'port-direct'; id: number }
  | { t: 'port-direct-ready'; id: number; address: string }
  | { t: 'port-cut'; id: number }
  | { t: 'port-bytes'; id: number; bytes: number };

/** stdout and stderr as Electron reads `stdio` (stdin is always 'ignore'). */
function outputModes(stdio: FakeForkOptions['stdio']): [Stdio, Stdio] {
  if (stdio === undefined) return ['inherit', 'inherit'];
  if (typeof stdio === 'string') {
    if (!['pipe', 'ignore', 'inherit'].includes(stdio)) throw new TypeError(`stdio cannot be "${stdio}".`);
    return [stdio, stdio];
  }
  const [stdin, stdout = 'inherit', stderr = 'inherit'] = stdio;
  if (stdin !== 'ignore') throw new Error("A utility process's stdin can only be 'ignore'.");
  for (const mode of [stdout, stderr])
    if (!['pipe', 'ignore', 'inherit'].includes(mode)) throw new TypeError(`stdio cannot be "${mode}".`);
  return [stdout, stderr];
}

export class FakeUtilityProcess extends EventEmitter {
  pid: number | undefined;
  stdout: Readable | null = null;
  stderr: Readable | null = null;
  readonly serviceName: string;
  private readonly child: ChildProcess;
  /** Ports living in the child, by id: the channel end each stands at in this process. */
  private readonly relayLinks = new Map<number, NonNullable<FakeMessagePortMain['channelEnd']>>();
  /** Ports joined to a page directly: what to tell when the child's socket is ready, and its counts. */
  private readonly directs = new Map<number, { ready: (address: string) => void; counted: (bytes: number) => void }>();
  private nextPortId = 1;
  private exited = false;
  /** Messages posted before the child's IPC channel is up; Electron queues them likewise. */
  private readonly beforeSpawn: Envelope[] = [];

  constructor(modulePath: string, args: string[], options: FakeForkOptions) {
    super();
    if (!isAbsolute(modulePath)) throw new Error('utilityProcess.fork needs an absolute module path.');
    this.serviceName = options.serviceName ?? 'Node Utility Process';
    const [stdout, stderr] = outputModes(options.stdio);
    this.child = realFork(modulePath, args, {
      env: options.env ?? process.env,
      execArgv: ['--import', childBootstrap, ...(options.execArgv ?? [])],
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      stdio: ['ignore', stdout, stderr, 'ipc'],
      serialization: 'advanced',
    });
    // A utility process never outlives the process that made it (Electron ends them with main): a
    // child left running would also keep the test runner's output pipe open, and the run from ending.
    live.add(this.child);
    this.child.once('exit', () => live.delete(this.child));
    if (stdout === 'pipe') this.stdout = this.child.stdout;
    if (stderr === 'pipe') this.stderr = this.child.stderr;
    this.child.once('spawn', () => {
      this.pid = this.child.pid;
      for (const envelope of this.beforeSpawn.splice(0)) this.child.send(envelope);
      this.emit('spawn');
    });
    this.child.on('message', (envelope: Envelope) => this.fromChild(envelope));
    this.child.once('exit', (code, signal) => this.onExit(code, signal));
    // A child that cannot start at all (a missing module exits, but a bad cwd errors) still exits.
    this.child.once('error', () => {
      if (this.child.pid === undefined) this.onExit(1, null);
    });
  }

  postMessage(message: unknown, transfer: FakeMessagePortMain[] = []): void {
    const ports = checkTransferList(transfer);
    const data = structuredClone(message);
    if (this.exited) return;
    // The child hears of the ports first, then what was queued on them (moving a port hands that on).
    const ids = ports.map(() => this.nextPortId++);
    this.send({ t: 'msg', data, ports: ids });
    const channels = ports.map((port) => port.channelEnd?.channel);
    ports.forEach((port, i) => this.relayInto(port, ids[i]!));
    // Those whose other end is in a page are joined to it directly.
    for (const channel of channels) if (channel !== undefined) joinIfDirect(channel);
  }

  kill(): boolean {
    if (this.exited || this.child.pid === undefined) return false;
    return this.child.kill('SIGTERM');
  }

  private send(envelope: Envelope): void {
    if (this.pid === undefined) this.beforeSpawn.push(envelope);
    else if (this.child.connected) this.child.send(envelope);
  }

  /** The port moves into the child: its partner's messages are forwarded there, and back. */
  private relayInto(port: FakeMessagePortMain, id: number): void {
    const end: ChildEnd = {
      place: 'child',
      openDirect: (ready, counted) => {
        this.directs.set(id, { ready, counted });
        this.send({ t: 'port-direct', id });
      },
      cut: () => this.send({ t: 'port-cut', id }),
      receive: (data, ports) => {
        if (ports.length > 0) throw new Error('The Electron double carries no ports over a transferred port.');
        this.send({ t: 'port-msg', id, data });
      },
      remoteClosed: () => {
        this.forget(id);
        this.send({ t: 'port-close', id });
      },
    };
    const link = port.channelEnd;
    if (link !== undefined) this.relayLinks.set(id, link);
    port.moveTo(end);
  }

  private forget(id: number): void {
    this.relayLinks.delete(id);
    this.directs.delete(id);
  }

  private fromChild(envelope: Envelope): void {
    if (envelope.t === 'msg') {
      this.emit('message', envelope.data);
      return;
    }
    if (envelope.t === 'port-direct-ready') return this.directs.get(envelope.id)?.ready(envelope.address);
    if (envelope.t === 'port-bytes') return this.directs.get(envelope.id)?.counted(envelope.bytes);
    const link = this.relayLinks.get(envelope.id);
    if (link === undefined) return;
    const partner = link.channel.other(link.side);
    if (envelope.t === 'port-msg') partner?.receive(envelope.data, []);
    else if (envelope.t === 'port-close') {
      this.forget(envelope.id);
      partner?.remoteClosed();
    }
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.exited) return;
    this.exited = true;
    // The ports that lived in the child are gone with it: their partners hear 'close'.
    for (const [id, link] of this.relayLinks) {
      this.forget(id);
      link.channel.other(link.side)?.remoteClosed();
    }
    // Electron reports a number from waitpid, never null: a signal's number when one ended it.
    const exitCode = code ?? (signal === null ? 0 : constants.signals[signal]);
    this.emit('exit', exitCode);
    this.pid = undefined;
    this.stdout = null;
    this.stderr = null;
  }
}

/** Every utility child of this process still running: killed when this process exits, whatever happened. */
const live = new Set<ReturnType<typeof realFork>>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/**
 * What fork() gives main's code once the double has abandoned it (a crash()): a process that never
 * starts. In Electron a killed main runs nothing more; here its code lives on in the test's process,
 * and its engine's supervisor would otherwise start a second engine on the relaunch's data folder.
 */
class NeverStarted extends EventEmitter {
  readonly pid = undefined;
  readonly stdout = null;
  readonly stderr = null;

  constructor(readonly serviceName: string) {
    super();
  }

  postMessage(): void {}

  kill(): boolean {
    return false;
  }
}

/** The `utilityProcess` module: fork() after ready, and every child ended when the app ends. */
export class FakeUtilityProcessModule {
  readonly children: FakeUtilityProcess[] = [];
  private abandoned = false;

  constructor(private readonly isReady: () => boolean) {}

  /** Main was killed: what its code forks from now on never starts. */
  abandon(): void {
    this.abandoned = true;
  }

  fork(modulePath: string, args: string[] = [], options: FakeForkOptions = {}): FakeUtilityProcess {
    if (this.abandoned) return new NeverStarted(options.serviceName ?? 'Node Utility Process') as never;
    if (!this.isReady()) throw new Error('utilityProcess cannot be created before app is ready.');
    const child = new FakeUtilityProcess(modulePath, args, options);
    this.children.push(child);
    return child;
  }

  /** Electron ends its utility processes when the app quits. */
  async killAll(): Promise<void> {
    const running = this.children.filter((child) => child.pid !== undefined);
    await Promise.all(
      running.map(
        (child) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            if (!child.kill()) resolve();
          }),
      ),
    );
  }
}

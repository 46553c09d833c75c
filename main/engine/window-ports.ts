// The window's ports into the engine. Main hands one over (after checking, as for every IPC request,
// that the page asking is the app's own top frame) at each page load and each engine start; the
// engine answers the window's requests on it and sends it the contract's events, so neither passes
// through main's event loop. What arrives is still checked: the request's payload against the
// contract's schema, dropped paths against their shape, before a handler or the grants see them.
import * as v from 'valibot';
import { requestNames, type RequestHandlers, type RequestName, type Result } from '../../common/contract/index';
import { PortRpc } from '../../common/port-rpc';
import { answeredByMain, maxDroppedPaths, motionWorkerRequestNames } from '../../common/window-routes';
import { answerRequest, INVALID_PAYLOAD_MESSAGE } from '../desktop/handlers/answer-request';
import type { PathGrants } from '../desktop/path-grants';
import type { TransferredPort } from '../service/utility-parent-port';

/** A port as the engine's process receives it (Electron's MessagePortMain has this shape). */
export type WindowPort = Pick<TransferredPort, 'postMessage' | 'on' | 'start'>;

const DroppedPathsSchema = v.pipe(
  v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(4096))),
  v.minLength(1),
  v.maxLength(maxDroppedPaths),
);

/** What a port answers, and how a request it does not answer is logged. */
interface Answered {
  names: ReadonlySet<string>;
  refusal: (name: string) => string;
}

const windowAnswers: Answered = {
  names: new Set<string>(requestNames.filter((name) => !answeredByMain(name))),
  refusal: (name) => `Refused “${name}” on the window’s port: the engine does not answer it.`,
};
const motionWorkerAnswers: Answered = {
  names: new Set<string>(motionWorkerRequestNames),
  refusal: (name) =>
    `Refused “${name}” on the motion Worker’s port: only a clip’s reads and frames are answered there.`,
};

export class WindowPorts {
  private readonly open = new Set<PortRpc>();

  constructor(
    private readonly handlers: Partial<RequestHandlers>,
    private readonly grants: Pick<PathGrants, 'grant'>,
    private readonly log: (message: string) => void,
  ) {}

  /** A page's port: served until the page goes (reload, window closed) and the port closes. */
  connect(port: WindowPort): void {
    const rpc = this.serve(port, {
      request: (name: string, payload: unknown) => this.request(name, payload, windowAnswers),
      grant: (paths: unknown) => this.grant(paths),
    });
    this.open.add(rpc);
    port.on('close', () => this.open.delete(rpc));
  }

  /**
   * The port of a page's motion Worker: only a stream's reads and results are answered on it, and
   * no events are sent there (the page asks its Worker to decode, on its own port).
   */
  connectMotion(port: WindowPort): void {
    this.serve(port, { request: (name: string, payload: unknown) => this.request(name, payload, motionWorkerAnswers) });
  }

  /** A contract event for every open window. */
  send(event: string, payload: unknown): void {
    for (const rpc of this.open) rpc.note('event', event, payload);
  }

  private serve(port: WindowPort, methods: Record<string, (...args: never[]) => unknown>): PortRpc {
    const rpc = new PortRpc(port);
    rpc.serve(methods);
    port.on('message', ({ data }) => rpc.receive(data));
    port.on('close', () => rpc.close('the window went away'));
    port.start();
    return rpc;
  }

  private async request(name: string, payload: unknown, answered: Answered): Promise<Result<unknown>> {
    if (!answered.names.has(name)) {
      this.log(answered.refusal(name));
      return { ok: false, error: { code: 'invalid-payload', message: INVALID_PAYLOAD_MESSAGE } };
    }
    return answerRequest(name as RequestName, this.handlers, payload, this.log);
  }

  /** Synchronous, so a grant is recorded before the request after it on the port starts. */
  private grant(paths: unknown): void {
    const parsed = v.safeParse(DroppedPathsSchema, paths);
    if (!parsed.success) {
      this.log('Refused dropped paths: the list was malformed.');
      return;
    }
    this.grants.grant(parsed.output);
  }
}

// The child's side of a port joined to a page directly (direct-port-link.ts explains why and the
// order it keeps). Loaded by utility-process-child.ts, compiled like it: it imports only the frame
// codec and, when the first port is joined, `ws` for the child's own loopback socket server.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { WebSocket, WebSocketServer } from 'ws';
import { FrameAssembler, decodePortPost, encodePageFrame, type PortPost } from './page-frame-codec';

/** What the joined port does with what the page sent (the child's port object). */
export interface JoinedPort {
  readonly id: number;
  /** True once the port is closed, here or by the page: a port closed while its socket was being made gets none. */
  readonly closed: boolean;
  /** Set here, before main hears the address: the port posts only to the page's socket from then on. */
  direct: DirectLink | undefined;
  receive(data: unknown): void;
  remoteClosed(): void;
}

/** Tells main's process something about a joined port (over the child's IPC channel). */
export type ToMain = (
  envelope:
    | { t: 'port-direct-ready'; id: number; address: string }
    | { t: 'port-bytes'; id: number; bytes: number }
    | { t: 'port-close'; id: number },
) => void;

let server: Promise<{ wss: WebSocketServer; port: number }> | undefined;
/** Joined ports waiting for, or holding, the page's socket, by the path the page connects to. */
const byPath = new Map<string, DirectLink>();

/** One server per child, made when its first port is joined; it never keeps the child alive. */
function directServer(): Promise<{ wss: WebSocketServer; port: number }> {
  server ??= (async () => {
    const { WebSocketServer } = await import('ws');
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 512 * 1024 * 1024 });
    await new Promise<void>((resolve) => wss.once('listening', resolve));
    (wss as unknown as { _server?: { unref(): void } })._server?.unref();
    wss.on('connection', (socket, request) => {
      const link = byPath.get(request.url ?? '');
      if (link === undefined) socket.terminate();
      else link.attach(socket);
    });
    return { wss, port: (wss.address() as AddressInfo).port };
  })();
  return server;
}

export class DirectLink {
  private socket: WebSocket | undefined;
  private readonly outgoing: Buffer[] = [];
  /** What came on the page's socket before the page's cut arrived through main: held, in order. */
  private held: PortPost[] | undefined = [];
  private closed = false;

  private constructor(
    private readonly port: JoinedPort,
    private readonly path: string,
    private readonly toMain: ToMain,
  ) {}

  /**
   * Makes the port's socket and says its address to main. From then on the port posts only here:
   * what it posted before went through main, ahead of the address.
   */
  static async open(port: JoinedPort, toMain: ToMain): Promise<void> {
    const { port: listening } = await directServer();
    // Closed during the wait (the page's end went, or the child closed it): no link would ever be
    // closed again, and main has already forgotten the port, so none is made and no address said.
    if (port.closed) return;
    const path = `/${port.id}/${randomUUID()}`;
    const link = new DirectLink(port, path, toMain);
    byPath.set(path, link);
    port.direct = link;
    toMain({ t: 'port-direct-ready', id: port.id, address: `ws://127.0.0.1:${listening}${path}` });
  }

  attach(socket: WebSocket): void {
    byPath.delete(this.path);
    if (this.closed) return void socket.close();
    this.socket = socket;
    const frames = new FrameAssembler((frame) => this.fromPage(decodePortPost(frame)));
    socket.on('message', (data: Buffer | Buffer[]) => frames.piece(Buffer.isBuffer(data) ? data : Buffer.concat(data)));
    for (const frame of this.outgoing.splice(0)) socket.send(frame, { binary: true });
  }

  /** What the port posts to the page (a structured clone already). */
  send(data: unknown): void {
    if (this.closed) return;
    const frame = encodePageFrame(this.port.id, data, 'msg');
    if (this.socket === undefined) this.outgoing.push(frame);
    else this.socket.send(frame, { binary: true });
  }

  /** The page sent through main the last it will: what its own socket brought is read now. */
  cut(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const post of held) this.deliver(post);
  }

  /** The port is closed (here, or main said the page's end went). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    byPath.delete(this.path);
    this.socket?.close();
  }

  private fromPage(post: PortPost): void {
    if (post.kind === 'msg') this.toMain({ t: 'port-bytes', id: this.port.id, bytes: post.size });
    if (this.held !== undefined) this.held.push(post);
    else this.deliver(post);
  }

  private deliver(post: PortPost): void {
    if (this.closed) return;
    if (post.kind === 'msg') return this.port.receive(post.data);
    if (post.kind !== 'close') return;
    // The page closed its port after what it sent: the port hears it here, and main forgets it.
    this.close();
    this.port.remoteClosed();
    this.toMain({ t: 'port-close', id: this.port.id });
  }
}

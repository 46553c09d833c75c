// Ports main posts into a page travel, in the harness, over a WebSocket to the window's own
// loopback origin. In the page each port is a real MessagePort whose partner lives in a relay Worker
// of the harness (page-port-relay.ts); that Worker holds the socket. So a port the page hands on (to
// its own Worker) reaches main without the window's thread, as an Electron port does: Electron
// delivers a port's messages to the thread that holds it. An earlier binding (base64 of every byte,
// the browser's protocol crossed twice) took 80 to 140 ms of the window's thread per motion frame and
// drew the window's frame gaps itself.
//
// The page's IPC with main (ipcRenderer.invoke and its answers, webContents.send and postMessage)
// travels the same way, over one more socket of the document's own (page-ipc-pipe.ts): one ordered
// pipe between the page and main, as Electron's, never through the debugging protocol.
//
// A message on the socket, either way, is JSON with its bytes laid after it in one binary frame:
// a u32 (little-endian) length, that much JSON ({ id, kind, data }), then the byte runs. From the
// page, each frame goes as pieces (FrameAssembler): its length, then its bytes. The page's
// CSP allows the socket: connect-src 'self' covers ws: on the page's own host and port.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { BYTES, UNDEFINED, relayWorkerSource } from './page-port-relay';

/** The path on the window's origin that the relay Worker connects to for a port. */
export const portSocketPath = '/__shotput-harness/ports';
/** The path it connects to for the document's IPC with main. */
export const ipcSocketPath = '/__shotput-harness/ipc';
/** The path the relay Worker's script is served from (same origin, as worker-src 'self' asks). */
export const relayWorkerPath = '/__shotput-harness/port-relay.js';

/**
 * What the page's relay says. On a port's socket: `hello` (it holds port `id` now), `msg` (the page
 * posted `data`), `close` (the page closed it), `refused` (the page posted what a clone carries and
 * the harness cannot: `data` says what). On the IPC socket: `hello` (`data`: the document's id),
 * `invoke` (call `id`: `data` is { channel, args }), `flushed` (the page has had every message main
 * sent before its flush `id`), `refused`.
 */
export type PortPost = {
  id: number;
  kind: 'hello' | 'msg' | 'close' | 'refused' | 'invoke' | 'flushed';
  data: unknown;
  size: number;
};

type TypedArrayName =
  | 'Uint8Array'
  | 'Uint8ClampedArray'
  | 'Int8Array'
  | 'Uint16Array'
  | 'Int16Array'
  | 'Uint32Array'
  | 'Int32Array'
  | 'Float32Array'
  | 'Float64Array'
  | 'BigInt64Array'
  | 'BigUint64Array';

const typedArrayNames = new Set<string>([
  'Uint8Array',
  'Uint8ClampedArray',
  'Int8Array',
  'Uint16Array',
  'Int16Array',
  'Uint32Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
]);

/** A frame from the page, with its bytes laid back in place. */
export function decodePortPost(frame: Buffer): PortPost {
  const headerLength = frame.readUInt32LE(0);
  const bytesStart = 4 + headerLength;
  const header = JSON.parse(frame.toString('utf8', 4, bytesStart)) as PortPost;
  const restore = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(restore);
    if (value === null || typeof value !== 'object') return value;
    const tagged = value as Record<string, unknown>;
    if (UNDEFINED in tagged) return undefined;
    if (BYTES in tagged) {
      const [offset, length, type] = tagged[BYTES] as [number, number, TypedArrayName | 'ArrayBuffer' | 'DataView'];
      // A copy of its own, as a structured clone makes: nothing shares the frame's memory.
      const copy = new Uint8Array(length);
      copy.set(frame.subarray(bytesStart + offset, bytesStart + offset + length));
      if (type === 'ArrayBuffer') return copy.buffer;
      if (type === 'DataView') return new DataView(copy.buffer);
      return new globalThis[type](copy.buffer);
    }
    const restored: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(tagged)) restored[key] = restore(item);
    return restored;
  };
  return { id: header.id, kind: header.kind, data: restore(header.data), size: frame.byteLength };
}

/** The kind of byte run the page rebuilds: a Buffer is a Uint8Array to a page. */
function byteKindOf(value: ArrayBuffer | ArrayBufferView): string {
  if (value instanceof ArrayBuffer) return 'ArrayBuffer';
  if (value instanceof DataView) return 'DataView';
  return typedArrayNames.has(value.constructor.name) ? value.constructor.name : 'Uint8Array';
}

/**
 * What main sends into the page as one frame (the relay lays the bytes back): on a port, `msg`; on
 * the IPC socket, `event`, `answer` or `flush`.
 */
export function encodePageFrame(id: number, data: unknown, kind = 'msg'): Buffer {
  const runs: Uint8Array[] = [];
  let length = 0;
  const json = JSON.stringify({ id, kind, data }, function (this: Record<string, unknown>, key, value) {
    const original = this[key];
    if (original instanceof Date || original instanceof Map || original instanceof Set)
      throw new TypeError('The harness carries no Date, Map or Set over a port.');
    if (original === undefined) return { [UNDEFINED]: 1 };
    if (original instanceof ArrayBuffer || ArrayBuffer.isView(original)) {
      const bytes =
        original instanceof ArrayBuffer
          ? new Uint8Array(original)
          : new Uint8Array(original.buffer, original.byteOffset, original.byteLength);
      runs.push(bytes);
      length += bytes.byteLength;
      return { [BYTES]: [length - bytes.byteLength, bytes.byteLength, byteKindOf(original)] };
    }
    return value as unknown;
  });
  const header = Buffer.from(json, 'utf8');
  const frame = Buffer.allocUnsafe(4 + header.byteLength + length);
  frame.writeUInt32LE(header.byteLength, 0);
  header.copy(frame, 4);
  let at = 4 + header.byteLength;
  for (const run of runs) {
    frame.set(run, at);
    at += run.byteLength;
  }
  return frame;
}

/** One page's relay, as the window's side sees it: what it posts, and whether it is still there. */
export interface PageSocket {
  send(frame: Buffer): void;
}

export interface PortSocketPeer {
  /** The relay of `socket` said something, in the order the page did. */
  post(socket: PageSocket, post: PortPost): void;
  /** `socket`'s page is gone (it reloaded, navigated or closed): the ports it held went with it. */
  gone(socket: PageSocket): void;
}

/** Serves the relay Worker's script; answers false for any other request. */
export function serveRelayWorker(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
  if (incoming.url !== relayWorkerPath) return false;
  outgoing.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
  outgoing.end(relayWorkerSource({ ports: portSocketPath, ipc: ipcSocketPath }));
  return true;
}

/** Puts back together the frames the relay sends as pieces: each frame's length (4 bytes), then its bytes. */
export class FrameAssembler {
  private expected: number | undefined;
  private pieces: Buffer[] = [];
  private received = 0;

  constructor(private readonly whole: (frame: Buffer) => void) {}

  piece(data: Buffer): void {
    if (this.expected === undefined) {
      if (data.byteLength !== 4) throw new Error('The page sent a piece of a frame before its length.');
      this.expected = data.readUInt32LE(0);
      return;
    }
    this.pieces.push(data);
    this.received += data.byteLength;
    if (this.received < this.expected) return;
    if (this.received > this.expected) throw new Error('The page sent more of a frame than its length said.');
    const frame = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.received);
    this.expected = undefined;
    this.pieces = [];
    this.received = 0;
    this.whole(frame);
  }
}

/**
 * Accepts the page relays' sockets on `server`: a port's go to `ports`, a document's IPC to `ipc`.
 * Answers a function that closes every socket.
 */
export function acceptPageSockets(server: Server, peers: { ports: PortSocketPeer; ipc: PortSocketPeer }): () => void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 512 * 1024 * 1024 });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const peer = request.url === portSocketPath ? peers.ports : request.url === ipcSocketPath ? peers.ipc : undefined;
    if (peer === undefined) return void socket.destroy();
    sockets.handleUpgrade(request, socket, head, (client: WebSocket) => {
      const page: PageSocket = {
        send: (frame) => {
          if (client.readyState === client.OPEN) client.send(frame, { binary: true });
        },
      };
      const frames = new FrameAssembler((frame) => peer.post(page, decodePortPost(frame)));
      client.on('message', (data: RawData, isBinary: boolean) => {
        if (!isBinary) throw new Error('The page posted a text frame on its port socket.');
        frames.piece(Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]));
      });
      client.on('close', () => peer.gone(page));
    });
  });
  return () => {
    for (const client of sockets.clients) client.terminate();
    sockets.close();
  };
}

// What the page's port objects post reaches the relay (fake-page-ports.ts) over a WebSocket to the
// window's own loopback origin, not through a Playwright binding. A binding serializes on the
// window's thread (base64 of every byte) and crosses the browser's protocol twice: a motion clip's
// frames, megabytes a message, took 80 to 140 ms of the window's thread each, where Electron's own
// port makes one structured clone (about 10 ms). So the harness's transport, not the app, drew the
// window's frame gaps, and the motion tests spent much of their time in it. Over the socket the page
// encodes a message as JSON with its bytes laid after it in one binary frame (page side:
// preload-init-script.ts), and this side lays the bytes back in place.
//
// The page's CSP allows it: connect-src 'self' covers ws: on the page's own host and port. Only
// the page's posts travel here (and its 'close'), in the order they were made; what main sends into
// the page still goes through page.evaluate, in order with webContents.send.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData } from 'ws';

/** The path on the window's origin that the page's ports connect to. */
export const portSocketPath = '/__shotput-harness/ports';

/** Tags of the page's encoding: a byte run (its offset, length, type) and an undefined value. */
export const BYTES = '\u0000b';
export const UNDEFINED = '\u0000u';

export type PortPost = { id: number; kind: 'msg' | 'close'; data: unknown };

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

/** One frame of the page: a u32 (little-endian) length, that much JSON, then the byte runs. */
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
  return { id: header.id, kind: header.kind, data: restore(header.data) };
}

/**
 * Accepts the page's port socket on `server`; each post is handed to `onPost` in the order it was
 * made. Answers a function that closes every socket (the window closing).
 */
export function acceptPortSockets(server: Server, onPost: (post: PortPost) => void): () => void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 512 * 1024 * 1024 });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (request.url !== portSocketPath) return void socket.destroy();
    sockets.handleUpgrade(request, socket, head, (client) => {
      client.on('message', (data: RawData, isBinary: boolean) => {
        if (!isBinary) throw new Error('The page posted a text frame on its port socket.');
        onPost(decodePortPost(Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[])));
      });
    });
  });
  return () => {
    for (const client of sockets.clients) client.terminate();
    sockets.close();
  };
}

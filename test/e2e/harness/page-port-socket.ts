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
import { FrameAssembler, decodePortPost, type PortPost } from './page-frame-codec';
import { relayWorkerSource } from './page-port-relay';

export { encodePageFrame, type PortPost } from './page-frame-codec';

/** The path on the window's origin that the relay Worker connects to for a port. */
export const portSocketPath = '/__shotput-harness/ports';
/** The path it connects to for the document's IPC with main. */
export const ipcSocketPath = '/__shotput-harness/ipc';
/** The path the relay Worker's script is served from (same origin, as worker-src 'self' asks). */
export const relayWorkerPath = '/__shotput-harness/port-relay.js';

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

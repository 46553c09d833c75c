// Chromium cannot be taught a custom scheme from outside, so the fake serves a scheme that
// main/app registered with protocol.handle on a loopback HTTP port: each HTTP request is turned
// into the Request Electron would pass (app://shotput/…), given to the REAL handler, and its
// Response (status, headers such as the CSP, body) is written back unchanged.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveDropFile } from './drop-file-server';
import type { ProtocolHandler } from './fake-protocol';
import { acceptPageSockets, serveRelayWorker, type PortSocketPeer } from './page-port-socket';

export interface SchemeServer {
  /** http://127.0.0.1:PORT — the page's origin; stands for scheme://host. */
  origin: string;
  toPageUrl(appUrl: string): string;
  toAppUrl(pageUrl: string): string;
  close(): Promise<void>;
}

export async function startSchemeServer(
  scheme: string,
  host: string,
  handler: () => ProtocolHandler | undefined,
  peers: { ports: PortSocketPeer; ipc: PortSocketPeer },
): Promise<SchemeServer> {
  const server: Server = createServer((incoming, outgoing) => {
    // The page's port relay (page-port-relay.ts) and the bytes of dropped files are the harness's, not the app's.
    if (serveRelayWorker(incoming, outgoing) || serveDropFile(incoming, outgoing)) return;
    void (async () => {
      try {
        const current = handler();
        if (current === undefined) {
          outgoing.writeHead(502).end(`No handler for ${scheme}:`);
          return;
        }
        const request = new Request(`${scheme}://${host}${incoming.url ?? '/'}`, { method: incoming.method ?? 'GET' });
        const response = await current(request);
        const headers: Record<string, string> = {};
        response.headers.forEach((value, key) => {
          headers[key] = value;
        });
        outgoing.writeHead(response.status, headers);
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        outgoing.writeHead(500).end(error instanceof Error ? error.message : String(error));
      }
    })();
  });
  // The page's ports and its IPC with main travel over sockets on this same origin (page-port-socket.ts).
  const closeSockets = acceptPageSockets(server, peers);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const appOrigin = `${scheme}://${host}`;
  return {
    origin,
    toPageUrl: (appUrl) => (appUrl.startsWith(appOrigin) ? origin + appUrl.slice(appOrigin.length) : appUrl),
    toAppUrl: (pageUrl) => (pageUrl.startsWith(origin) ? appOrigin + pageUrl.slice(origin.length) : pageUrl),
    close: () =>
      new Promise<void>((resolve) => {
        closeSockets();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

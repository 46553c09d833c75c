// The bytes of the files a test drops reach the page over the window's own loopback origin, as a
// plain download the page fetches (connect-src 'self' allows it), not inside the debugging
// protocol's messages. Handed through the protocol as base64 (and rebuilt in the page a character
// at a time), an 11 MB camera photo took 6.9 s of both processes' CPU to drop, and a 5.5 MB phone
// screenshot 3.6 s; the app shows their cards 0.1 s after the drop event.
import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const dropPathPrefix = '/__shotput-harness/drop/';

/** Files offered to a page for one drop, by the token in their address; each is fetched once. */
const offered = new Map<string, string>();

/** Offers a file on disk to the page; answers the same-origin address the page fetches its bytes from. */
export function offerDropFile(path: string): string {
  const token = randomUUID();
  offered.set(token, path);
  return `${dropPathPrefix}${token}`;
}

/** Withdraws what a drop offered and did not fetch (the drop failed before the page asked). */
export function withdrawDropFiles(addresses: string[]): void {
  for (const address of addresses) offered.delete(address.slice(dropPathPrefix.length));
}

/** Answers a request for an offered file (and forgets the offer); false for any other request. */
export function serveDropFile(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
  if (!incoming.url?.startsWith(dropPathPrefix)) return false;
  const token = incoming.url.slice(dropPathPrefix.length);
  const path = offered.get(token);
  offered.delete(token);
  if (path === undefined) {
    outgoing.writeHead(404).end('Not offered for a drop.');
    return true;
  }
  outgoing.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' });
  createReadStream(path)
    .on('error', (error) => outgoing.destroy(error))
    .pipe(outgoing);
  return true;
}

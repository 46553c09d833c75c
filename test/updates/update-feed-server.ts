// A local update server as electron-builder's generic provider publishes it: latest-linux.yml
// (and latest-mac.yml / latest.yml, the names other systems ask for) describing one AppImage with
// its sha512, and the AppImage itself. `corrupt` serves other bytes than the feed describes.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedServer {
  url: string;
  artifact: Buffer;
  requests: string[];
  /** What the next requests get. */
  set(change: { version?: string; corrupt?: boolean }): void;
  close(): Promise<void>;
}

export async function startFeedServer(version: string): Promise<FeedServer> {
  const artifact = randomBytes(256 * 1024);
  const sha512 = createHash('sha512').update(artifact).digest('base64');
  let current = { version, corrupt: false };
  const requests: string[] = [];
  const fileName = () => `Shotput-${current.version}-x86_64.AppImage`;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://feed').pathname;
    requests.push(path);
    if (/^\/latest(-linux|-mac)?\.yml$/.test(path)) {
      response.writeHead(200, { 'content-type': 'text/yaml' });
      response.end(
        [
          `version: ${current.version}`,
          'files:',
          `  - url: ${fileName()}`,
          `    sha512: ${sha512}`,
          `    size: ${artifact.length}`,
          `path: ${fileName()}`,
          `sha512: ${sha512}`,
          "releaseDate: '2026-01-31T09:00:00.000Z'",
          '',
        ].join('\n'),
      );
      return;
    }
    if (path === `/${fileName()}`) {
      const body = current.corrupt ? Buffer.from(artifact).fill(7, 1000, 2000) : artifact;
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
      response.end(body);
      return;
    }
    response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    artifact,
    requests,
    set: (change) => void (current = { ...current, ...change }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

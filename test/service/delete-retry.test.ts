// A DELETE whose first answer is lost after the server carried it out: the retry's 404 is success.
// A small HTTP server plays the service here, because the sandbox drops connections before acting.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../main/service/service-client';
import { RateLimitGovernor } from '../../main/service/rate-limit-governor';
import { ServiceError } from '../../main/service/service-error';
import { problemOfRequest } from '../../main/service/problem';

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const limits = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '50', 'content-type': 'application/json' };

describe('DELETE after a lost answer', () => {
  it('counts a 404 on retry as done when the first attempt may have deleted it', async () => {
    let exists = true;
    let attempts = 0;
    const api = await serve((req, res) => {
      attempts++;
      if (exists) {
        exists = false;
        req.socket.destroy(); // carried out, answer lost
        return;
      }
      res.writeHead(404, limits).end('{"message":"Not found."}');
    });
    const client = new ServiceClient({
      apiUrl: api,
      accessToken: 't',
      governor: new RateLimitGovernor({ retry: { baseDelayMs: 10 } }),
    });
    await expect(client.deleteShot(5)).resolves.toBe('deleted');
    expect(attempts).toBe(2);
  });

  it('still reports a 404 when nothing went wrong before it', async () => {
    const api = await serve((_req, res) => void res.writeHead(404, limits).end('{"message":"Not found."}'));
    const client = new ServiceClient({ apiUrl: api, accessToken: 't', governor: new RateLimitGovernor() });
    const error = await client.deleteComment(1, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(404);
  });

  it('answers a shot deleted before (a 404 at the first attempt) as already gone: the one place that decides it', async () => {
    const api = await serve((_req, res) => void res.writeHead(404, limits).end('{"message":"Not found."}'));
    const client = new ServiceClient({ apiUrl: api, accessToken: 't', governor: new RateLimitGovernor() });
    await expect(client.deleteShot(7)).resolves.toBe('already-gone');
  });

  it('tags a failed request with the operation it belongs to, so its sentence needs no path matching', async () => {
    const api = await serve((_req, res) => void res.writeHead(500, limits).end('{"message":"Oops."}'));
    const client = new ServiceClient({
      apiUrl: api,
      accessToken: 't',
      governor: new RateLimitGovernor({ retry: { baseDelayMs: 1, maxRetries: 0 } }),
    });
    const error = (await client.updateShot(7, { title: 'x' }).catch((e: unknown) => e)) as ServiceError;
    expect(error.operation).toMatchObject({ doing: 'save the changes to the shot', scope: 'upload' });
    expect(problemOfRequest(error).message).toBe(
      'The service had a problem (status 500) while trying to save the changes to the shot. Try again in a moment.',
    );
  });

  it('names the field of a response with a wrong type', async () => {
    const api = await serve((_req, res) => void res.writeHead(200, limits).end(JSON.stringify({ id: 1, body: 7 })));
    const client = new ServiceClient({ apiUrl: api, accessToken: 't', governor: new RateLimitGovernor() });
    const error = (await client.getComment(1, 1).catch((e: unknown) => e)) as ServiceError;
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toBe(
      'The service\'s answer to GET /v1/shots/1/comments/1 cannot be used: the comment\'s "body" should be string but is the number 7.',
    );
  });
});

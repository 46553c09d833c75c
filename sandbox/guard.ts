// What a browser page on another site must never get from the local sandbox: the guard runs before
// every route. Only a loopback Host (no DNS rebinding), and on the control API and the sign-in form
// no foreign Origin; control requests come only from loopback and carry JSON bodies only, which a
// page on another origin cannot send without a preflight that this server never answers.
import { networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CONTROL_PREFIX = '/_sandbox';

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** The route a request reached, after the router decoded its path; undefined when none matched. */
export function routeOf(req: FastifyRequest): string | undefined {
  return req.routeOptions.url;
}

export function isControlRoute(route: string | undefined): boolean {
  return route !== undefined && (route === CONTROL_PREFIX || route.startsWith(`${CONTROL_PREFIX}/`));
}

/**
 * The names this server may be reached by: the loopback names, and when it was told to listen beyond
 * loopback, the machine's own addresses as literals (a rebound DNS name is never one of them).
 */
function allowedHosts(app: FastifyInstance, boundHost: string): Set<string> {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const names = ['127.0.0.1', '[::1]', 'localhost'];
  if (!isLoopback(boundHost) && boundHost !== 'localhost') {
    const own = Object.values(networkInterfaces()).flat();
    for (const i of own) if (i) names.push(i.family === 'IPv6' ? `[${i.address}]` : i.address);
    if (boundHost !== '' && boundHost !== '0.0.0.0' && boundHost !== '::')
      names.push(boundHost.includes(':') ? `[${boundHost}]` : boundHost);
  }
  return new Set(names.map((n) => `${n}:${port}`.toLowerCase()));
}

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function isJson(req: FastifyRequest): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && /^application\/json\s*(?:;|$)/i.test(type.trim());
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ message });
}

/** The sign-in form posts here; a page on another site must not sign the user in (login CSRF). */
const FORM_ROUTES = new Set(['/oauth/authorize']);

export function registerGuard(app: FastifyInstance, boundHost: string): void {
  let hosts: Set<string> | undefined;
  app.addHook('onRequest', async (req, reply) => {
    hosts ??= allowedHosts(app, boundHost);
    const host = (req.headers.host ?? '').toLowerCase();
    if (!hosts.has(host)) return refuse(reply, 421, 'This sandbox answers only to its own loopback address.');
    const route = routeOf(req);
    const control = isControlRoute(route);
    if (!control && !(req.method === 'POST' && route !== undefined && FORM_ROUTES.has(route))) return;
    const origin = req.headers.origin;
    if (origin !== undefined && !hosts.has(origin.toLowerCase().replace(/^http:\/\//, '')))
      return refuse(reply, 403, 'Requests from another site are refused.');
    if (req.headers['sec-fetch-site'] === 'cross-site')
      return refuse(reply, 403, 'Requests from another site are refused.');
    if (!control) return;
    if (!isLoopback(req.socket.remoteAddress)) return refuse(reply, 403, 'The control API answers only on loopback.');
    if (hasBody(req) && !isJson(req))
      return refuse(reply, 415, 'The control API takes JSON bodies only (Content-Type: application/json).');
  });
}

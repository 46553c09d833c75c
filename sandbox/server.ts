// Builds the Fastify server: parsers, the /v1 and /v2 pipeline (token → rate limit → faults),
// the error handler that keeps every bad request a 4xx, and all routes.
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { HttpError, OAuthError } from './errors';
import { tokenOf } from './api-auth';
import { registerControl } from './control';
import type { SandboxControl } from './control';
import { isControlRoute, registerGuard, routeOf } from './guard';
import { registerOAuth } from './oauth';
import { registerPages } from './pages';
import { registerV1 } from './v1';
import { registerV2 } from './v2';
import { notFoundBody } from './profile';
import type { SandboxContext } from './context';

const API_PATH = /^\/v[12](?:[/?#]|$)/;
const RATE_EXCEEDED = { message: 'API rate limit exceeded.' };

const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Problem parsing JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Problem parsing JSON.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Content-Length does not match the body.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large.'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'Unsupported content type.'],
  FST_ERR_BAD_URL: [400, 'Malformed URL.'],
  FST_REQ_FILE_TOO_LARGE: [422, 'Validation failed.'],
  FST_PARTS_LIMIT: [413, 'Too many parts in the form.'],
  FST_FILES_LIMIT: [413, 'Too many files in the form.'],
  FST_FIELDS_LIMIT: [413, 'Too many fields in the form.'],
  FST_PROTO_VIOLATION: [400, 'Malformed form field name.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'The request is not multipart/form-data.'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'Problem parsing JSON.'],
  FST_FILE_BUFFER_NOT_FOUND: [400, 'Malformed form.'],
  FST_NO_FORM_DATA: [400, 'Malformed form.'],
};

/** Errors from busboy (malformed or truncated multipart) carry no status of their own. */
function isMultipartParseError(err: Error): boolean {
  return /multipart|boundary|part header|unexpected end of (form|file)|terminated early|premature close|malformed/i.test(
    err.message ?? '',
  );
}

/** The client aborted or closed the connection while its request was being read. */
function clientWentAway(req: FastifyRequest, err: Error): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return (
    req.raw.aborted ||
    req.raw.destroyed ||
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    err.message === 'aborted'
  );
}

/** Default time a client has to send a whole request, headers and body (an 8 MB upload included). */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Node closes a request that is not fully read within `requestTimeoutMs` (headers within at most
 * 20 s), checking a few times per period: so a client dribbling a body byte by byte holds a
 * connection for a bounded time, about the timeout plus a quarter of it. Fastify's own default is
 * no limit at all.
 */
function timeouts(requestTimeoutMs: number) {
  const check = Math.max(100, Math.min(5_000, Math.round(requestTimeoutMs / 4)));
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(20_000, requestTimeoutMs),
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: check,
    },
  };
}

/** Strips the secrets a client may put in a query string (the token endpoint takes them there) from a logged address. */
export function loggableUrl(url: string): string {
  return url.replace(/([?&](?:access_token|refresh_token|client_secret|code|code_verifier|password)=)[^&#]*/gi, '$1…');
}

/** `control` undefined: no /_sandbox routes at all (they answer 404 like any unknown path). */
export async function buildServer(
  ctx: SandboxContext,
  control: SandboxControl | undefined,
  boundHost = '127.0.0.1',
  requestTimeoutMs = REQUEST_TIMEOUT_MS,
): Promise<FastifyInstance> {
  const app = Fastify({
    ...timeouts(requestTimeoutMs),
    logger: false,
    bodyLimit: 1024 * 1024,
    // Real clients add a trailing slash to paths now and then; the service answers them the same.
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    forceCloseConnections: true,
    return503OnClosing: false,
    exposeHeadRoutes: true,
    // Node's default of 16 KB of headers already refuses huge headers with 431.
  });
  app.decorateRequest('api', null);

  // JSON: an empty body is no body; anything unparsable is a 400 in the service's words.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Problem parsing JSON.'), undefined);
    }
  });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await app.register(cookie);
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: 8 * 1024 * 1024, files: 4, fields: 100, parts: 110, fieldSize: 256 * 1024, headerPairs: 200 },
  });

  registerGuard(app, boundHost);
  app.addHook('onRequest', async (req, reply) => {
    ctx.store.tick();
    // The route the router matched (decoded), never the raw URL: `/%762/user` is `/v2/user`.
    const path = routeOf(req) ?? req.url;
    if (isControlRoute(path) || !API_PATH.test(path)) return;
    const f = ctx.faults;
    // A dropped connection is dropped before the service counts it (as a proxy in front of it
    // would): an outage played with reset_rate 1 gets no answer at all, not a 429 now and then.
    if (f.reset_rate && ctx.faultDraw() < f.reset_rate) {
      reply.hijack();
      req.raw.socket.destroy();
      return reply;
    }
    const value = tokenOf(req);
    const token = value ? ctx.store.token(value) : undefined;
    const application = token ? ctx.store.application(token.clientId) : undefined;
    const user = token && token.userId !== null ? ctx.store.user(token.userId) : undefined;
    const valid = token && application ? token : undefined;
    // One window per application and user; the client-flow token has its own; a request without a
    // valid token is counted per client address.
    const bucket = valid ? `${valid.clientId}\u0000${valid.userId ?? 'client'}` : `anonymous\u0000${req.ip}`;
    const rate = ctx.rate.hit(bucket, ctx.store.now());
    req.api = { token: valid, user, app: valid ? application : undefined, rate };
    if (rate.exceeded) return reply.code(429).send(RATE_EXCEEDED);
    // The deployed service retired v1: every call is refused as bad credentials, whatever the token.
    if (ctx.profile.name === 'deployed' && path.startsWith('/v1'))
      return reply.code(401).send({ message: 'Bad credentials.' });
    if (f.latency_ms) await new Promise((r) => setTimeout(r, f.latency_ms));
    if (f.rate && ctx.faultDraw() < f.rate)
      return reply.code(f.status ?? 500).send({ message: 'Injected fault (sandbox).' });
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const rate = req.api?.rate;
    if (rate) {
      reply.header('x-ratelimit-limit', String(rate.limit));
      reply.header('x-ratelimit-remaining', String(rate.remaining));
      reply.header('x-ratelimit-reset', String(rate.reset));
    }
    ctx.store.flush();
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    ctx.log(`${req.method} ${loggableUrl(req.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`);
  });

  app.setNotFoundHandler((_req, reply) => reply.code(404).send(notFoundBody(ctx.profile)));

  app.setErrorHandler((err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    const isToken = req.url.startsWith('/oauth/token');
    if (err instanceof OAuthError)
      return reply.code(err.status).send({ error: err.error, error_description: err.description });
    let status: number;
    let message: string;
    let errors: HttpError['errors'];
    if (err instanceof HttpError) {
      status = err.status;
      message = err.message;
      errors = err.errors;
    } else {
      const code = (err as FastifyError).code;
      const known = code ? CLIENT_ERRORS[code] : undefined;
      const statusCode = (err as FastifyError).statusCode;
      if (known) {
        [status, message] = known;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          errors = [{ attribute: 'image', message: 'is too large (maximum is 8 MB)' }];
      } else if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
        status = statusCode;
        message = 'Bad request.';
      } else if (clientWentAway(req, err)) {
        // Nobody is left to answer; not a server fault.
        status = 400;
        message = 'The request was aborted.';
      } else if (err instanceof SyntaxError || isMultipartParseError(err)) {
        status = 400;
        message = 'Malformed request body.';
      } else {
        ctx.internalErrors += 1;
        ctx.warn(`sandbox: unexpected error on ${req.method} ${loggableUrl(req.url)}: ${err.stack ?? err.message}`);
        status = 500;
        message = 'Internal error.';
      }
    }
    if (isToken) {
      return reply
        .code(status)
        .send({ error: status === 401 ? 'invalid_client' : 'invalid_request', error_description: message });
    }
    if (status === 404 && message === 'Not found.') return reply.code(404).send(notFoundBody(ctx.profile));
    return reply.code(status).send(errors ? { message, errors } : { message });
  });

  registerOAuth(app, ctx);
  if (control !== undefined) registerControl(app, control);
  registerV1(app, ctx);
  registerV2(app, ctx);
  registerPages(app, ctx);
  return app;
}

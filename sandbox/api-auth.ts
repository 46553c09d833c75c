// Token lookup and the scope/condition checks of the Authentication section.
import type { FastifyRequest } from 'fastify';
import { HttpError, badCredentials, forbidden } from './errors';
import type { ApiInfo } from './context';
import type { ApplicationRecord, Scope, TokenRecord, UserRecord } from './model';

/** The bearer token of a request: the Authorization header, else the access_token query parameter. */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header === 'string') {
    const m = /^\s*bearer\s+(\S+)\s*$/i.exec(header);
    if (m) return m[1];
  }
  const q = (req.query as Record<string, unknown> | undefined)?.access_token;
  const v = Array.isArray(q) ? q[0] : q;
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export interface Authed {
  token: TokenRecord;
  app: ApplicationRecord;
  user: UserRecord | undefined;
}

export interface UserAuthed extends Authed {
  user: UserRecord;
}

function info(req: FastifyRequest): ApiInfo {
  if (!req.api) throw new Error('api info missing');
  return req.api;
}

/** Any valid token: a user token or the application's client-flow token. */
export function requireToken(req: FastifyRequest): Authed {
  const i = info(req);
  if (!i.token || !i.app) throw badCredentials();
  if (i.app.suspended) throw forbidden('This application has been suspended.');
  return { token: i.token, app: i.app, user: i.user };
}

/** A token that acts for a user (the client-flow token acts for nobody). */
export function requireUser(req: FastifyRequest): UserAuthed {
  const a = requireToken(req);
  if (!a.user) throw forbidden('This action needs a user access token; the client-flow token is read-only.');
  return { ...a, user: a.user };
}

export function requireScope(a: Authed, scope: Scope): void {
  if (!a.token.scopes.includes(scope)) throw new HttpError(403, `This action needs the '${scope}' scope.`);
}

/** A user token with the given scope (scopes only limit a token, they never add permissions). */
export function requireUserWithScope(req: FastifyRequest, scope: Scope): UserAuthed {
  const a = requireUser(req);
  requireScope(a, scope);
  return a;
}

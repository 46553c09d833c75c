// The authorization server: the authorize page (sign-in + consent), and the token endpoint.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from './html';
import { OAuthError } from './errors';
import { FORM_NONCE_FIELD, FormNonces, signInKey } from './form-nonce';
import { randomToken } from './random';
import { ALL_SCOPES } from './model';
import { SEED_PASSWORD } from './seed';
import type { SandboxContext } from './context';
import type { Profile } from './profile';
import type { ApplicationRecord, Scope, TokenRecord, UserRecord } from './model';

export const SESSION_COOKIE = 'sandbox_session';
const CODE_TTL_MS = 10 * 60 * 1000;

const SCOPE_TEXT: Record<Scope, string> = {
  public: 'Read public information (the default)',
  write: 'Write access to your resources, except comments and shots',
  comment: 'Create, update and delete comments',
  upload: 'Create, update and delete shots and attachments',
};

/** Scope string (space- or comma-separated) → known scopes in canonical order; unknown names are ignored. */
export function parseScopes(value: unknown): Scope[] {
  const names = typeof value === 'string' ? value.split(/[\s,+]+/) : Array.isArray(value) ? value.map(String) : [];
  const wanted = new Set(names.map((n) => n.trim().toLowerCase()));
  const scopes = ALL_SCOPES.filter((s) => wanted.has(s));
  return scopes.length > 0 ? scopes : ['public'];
}

/** redirect_uri rules: same scheme, host and port as the callback; path equal to or below it. */
export function redirectUriAllowed(callbackUrl: string, given: string): boolean {
  let cb: URL;
  let g: URL;
  try {
    cb = new URL(callbackUrl);
    g = new URL(given);
  } catch {
    return false;
  }
  if (g.protocol !== cb.protocol) return false;
  if (g.username !== cb.username || g.password !== cb.password) return false;
  if (g.hash !== '' || given.includes('#')) return false;
  if (g.hostname.toLowerCase() !== cb.hostname.toLowerCase() || g.port !== cb.port) return false;
  const base = cb.pathname;
  if (g.pathname === base) return true;
  return g.pathname.startsWith(base.endsWith('/') ? base : `${base}/`);
}

export function issueToken(ctx: SandboxContext, userId: number, clientId: string, scopes: Scope[]): TokenRecord {
  const rec: TokenRecord = {
    token: randomToken(),
    clientId,
    userId,
    scopes,
    createdAt: ctx.store.now(),
    revoked: false,
  };
  ctx.store.state.tokens.push(rec);
  ctx.store.markDirty();
  return rec;
}

/** The token answer; the deployed service writes "Bearer" and adds created_at (epoch seconds). */
export function tokenResponse(rec: { token: string; scopes: Scope[]; createdAt?: number }, profile?: Profile) {
  const base = { access_token: rec.token, token_type: 'bearer', scope: rec.scopes.join(' ') };
  if (profile?.name !== 'deployed') return base;
  return { ...base, token_type: 'Bearer', created_at: Math.floor((rec.createdAt ?? Date.now()) / 1000) };
}

function str(v: unknown): string | undefined {
  if (Array.isArray(v)) v = v[0];
  return typeof v === 'string' ? v : undefined;
}

function withParams(target: string, params: Record<string, string | undefined>): string {
  const u = new URL(target);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
  return u.toString();
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

interface AuthorizeRequest {
  app: ApplicationRecord;
  redirectUri: string | undefined;
  target: string;
  scopes: Scope[];
  scopeParam: string | undefined;
  state: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: 'S256' | 'plain' | undefined;
}

type Checked = { ok: true; req: AuthorizeRequest } | { ok: false; redirect: string } | { ok: false; page: string };

/** Validates the authorize parameters; failures become redirects to the callback (or a page when no callback is known). */
function checkAuthorize(ctx: SandboxContext, p: Record<string, unknown>): Checked {
  const clientId = str(p.client_id);
  const app = clientId ? ctx.store.application(clientId) : undefined;
  if (!app)
    return {
      ok: false,
      page: clientId ? 'Unknown application: no application has this client_id.' : 'client_id is required.',
    };
  const state = str(p.state);
  const fail = (target: string, error: string, description: string) => ({
    ok: false as const,
    redirect: withParams(target, { error, error_description: description, state }),
  });
  if (app.suspended)
    return fail(
      app.callbackUrl,
      'application_suspended',
      'This application has been suspended for abuse, spam or misuse.',
    );
  const redirectUri = str(p.redirect_uri) || undefined;
  if (redirectUri !== undefined && !redirectUriAllowed(app.callbackUrl, redirectUri)) {
    return fail(
      app.callbackUrl,
      'invalid_redirect_uri',
      'The redirect_uri does not match the registered callback URL; provide a matching one or omit it.',
    );
  }
  const target = redirectUri ?? app.callbackUrl;
  const codeChallenge = str(p.code_challenge) || undefined;
  const methodParam = str(p.code_challenge_method) || undefined;
  let codeChallengeMethod: 'S256' | 'plain' | undefined;
  if (codeChallenge !== undefined) {
    if (methodParam !== undefined && methodParam !== 'S256' && methodParam !== 'plain') {
      return fail(target, 'invalid_request', 'code_challenge_method must be S256 or plain.');
    }
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(codeChallenge))
      return fail(target, 'invalid_request', 'code_challenge is malformed.');
    codeChallengeMethod = (methodParam as 'S256' | 'plain' | undefined) ?? 'plain';
  }
  const scopeParam = str(p.scope);
  return {
    ok: true,
    req: {
      app,
      redirectUri,
      target,
      scopes: parseScopes(scopeParam),
      scopeParam,
      state,
      codeChallenge,
      codeChallengeMethod,
    },
  };
}

function previousToken(ctx: SandboxContext, userId: number, clientId: string): TokenRecord | undefined {
  const tokens = ctx.store.state.tokens;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.userId === userId && t.clientId === clientId && !t.revoked) return t;
  }
  return undefined;
}

function issueCode(ctx: SandboxContext, a: AuthorizeRequest, user: UserRecord, scopes: Scope[]): string {
  const now = ctx.store.now();
  const codes = ctx.store.state.codes;
  ctx.store.state.codes = codes.filter((c) => c.expiresAt > now);
  const code = randomToken(24);
  ctx.store.state.codes.push({
    code,
    clientId: a.app.clientId,
    userId: user.id,
    scopes,
    redirectUri: a.redirectUri ?? null,
    codeChallenge: a.codeChallenge ?? null,
    codeChallengeMethod: a.codeChallengeMethod ?? null,
    expiresAt: now + CODE_TTL_MS,
    used: false,
  });
  ctx.store.markDirty();
  return withParams(a.target, { code, state: a.state });
}

function sessionUser(ctx: SandboxContext, req: FastifyRequest): UserRecord | undefined {
  const id = req.cookies?.[SESSION_COOKIE];
  if (!id) return undefined;
  const s = ctx.store.state.sessions.find((x) => x.id === id);
  return s ? ctx.store.user(s.userId) : undefined;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
label{display:block;margin:.5rem 0}input[type=text],input[type=password]{width:100%;padding:.4rem;font:inherit}
button{font:inherit;padding:.4rem 1.2rem;margin-right:.5rem}.message{color:#b00020}</style></head>
<body>${body}</body></html>`;
}

function renderAuthorize(nonce: string, a: AuthorizeRequest, user: UserRecord | undefined, message?: string): string {
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const scopes = a.scopes
    .map((s) => `<li data-scope="${s}"><strong>${s}</strong>: ${escapeHtml(SCOPE_TEXT[s])}</li>`)
    .join('');
  const who = user
    ? `<p>Signed in as <strong>${escapeHtml(user.username)}</strong>.</p>`
    : `<label>Username <input type="text" name="username" autocomplete="username" autofocus></label>
<label>Password <input type="password" name="password" autocomplete="current-password"></label>
<p class="demo">Demo accounts: ada, ben, cleo or studio, password <code>${escapeHtml(SEED_PASSWORD)}</code>.</p>`;
  return page(
    `Authorize ${a.app.name}`,
    `<h1>Authorize ${escapeHtml(a.app.name)}</h1>
${message ? `<p class="message" role="alert">${escapeHtml(message)}</p>` : ''}
<p><strong>${escapeHtml(a.app.name)}</strong> would like to:</p>
<ul class="scopes">${scopes}</ul>
<form method="post" action="/oauth/authorize">
${who}
${hidden('client_id', a.app.clientId)}${hidden('redirect_uri', a.redirectUri)}${hidden('scope', a.scopes.join(' '))}${hidden('state', a.state)}${hidden('code_challenge', a.codeChallenge)}${hidden('code_challenge_method', a.codeChallengeMethod)}${hidden(FORM_NONCE_FIELD, nonce)}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline';")
    .send(html);
}

function redirect(reply: FastifyReply, location: string) {
  return reply.code(302).header('location', location).header('cache-control', 'no-store').send();
}

function basicCredentials(req: FastifyRequest): { id: string; secret: string } | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^\s*basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return undefined;
  const dec = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { id: dec(decoded.slice(0, i)), secret: dec(decoded.slice(i + 1)) };
}

/** An authorize request that failed its checks: back to the client when that is safe, else a page. */
function refuseAuthorize(reply: FastifyReply, checked: Exclude<Checked, { ok: true }>) {
  return 'redirect' in checked
    ? redirect(reply, checked.redirect)
    : sendHtml(
        reply,
        400,
        page('Authorization error', `<h1>Authorization error</h1><p>${escapeHtml(checked.page)}</p>`),
      );
}

export function registerOAuth(app: FastifyInstance, ctx: SandboxContext): void {
  const nonces = new FormNonces();
  app.get('/oauth/authorize', async (req, reply) => {
    const checked = checkAuthorize(ctx, (req.query ?? {}) as Record<string, unknown>);
    if (!checked.ok) return refuseAuthorize(reply, checked);
    const a = checked.req;
    const user = sessionUser(ctx, req);
    if (user) {
      const prev = previousToken(ctx, user.id, a.app.clientId);
      if (prev) return redirect(reply, issueCode(ctx, a, user, prev.scopes));
    }
    return sendHtml(reply, 200, renderAuthorize(nonces.issue(signInKey(a)), a, user));
  });

  app.post('/oauth/authorize', async (req, reply) => {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const checked = checkAuthorize(ctx, body);
    if (!checked.ok) return refuseAuthorize(reply, checked);
    const a = checked.req;
    if (!nonces.take(body[FORM_NONCE_FIELD], signInKey(a))) {
      const text = 'This sign-in form expired or was not sent from this page. Open the sign-in page again.';
      return sendHtml(
        reply,
        403,
        page('Authorization error', `<h1>Authorization error</h1><p>${escapeHtml(text)}</p>`),
      );
    }
    const decision = str(body.decision);
    if (decision === 'deny') {
      return redirect(
        reply,
        withParams(a.target, {
          error: 'access_denied',
          error_description: 'The user denied the request.',
          state: a.state,
        }),
      );
    }
    let user = sessionUser(ctx, req);
    const username = str(body.username);
    const password = str(body.password);
    if (!user || username) {
      const candidate = username ? ctx.store.userByName(username.trim()) : undefined;
      if (!candidate || password === undefined || !sameSecret(password, candidate.password)) {
        return sendHtml(
          reply,
          200,
          renderAuthorize(nonces.issue(signInKey(a)), a, undefined, 'Wrong username or password.'),
        );
      }
      user = candidate;
      const id = randomToken();
      ctx.store.state.sessions.push({ id, userId: user.id, createdAt: ctx.store.now() });
      ctx.store.markDirty();
      reply.setCookie(SESSION_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax' });
    }
    if (decision !== 'allow')
      return sendHtml(reply, 200, renderAuthorize(nonces.issue(signInKey(a)), a, user, 'Choose Allow or Deny.'));
    return redirect(reply, issueCode(ctx, a, user, a.scopes));
  });

  app.post('/oauth/token', async (req, reply) => {
    // Some client libraries put the parameters in the query string; the service takes them there too.
    const query = req.query && typeof req.query === 'object' ? (req.query as Record<string, unknown>) : {};
    const form =
      req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    const body = { ...query, ...form };
    const basic = basicCredentials(req);
    const bodyId = str(body.client_id);
    const clientId = basic?.id ?? bodyId;
    const secret = basic?.secret ?? str(body.client_secret);
    const invalidClient = (d: string) => {
      if (basic) reply.header('www-authenticate', 'Basic realm="sandbox"');
      return new OAuthError(401, 'invalid_client', d);
    };
    if (basic && bodyId !== undefined && bodyId !== basic.id)
      throw invalidClient('client_id in the body differs from HTTP Basic.');
    if (!clientId || secret === undefined) throw invalidClient('Client authentication is missing.');
    const application = ctx.store.application(clientId);
    if (!application || !sameSecret(secret, application.clientSecret))
      throw invalidClient('Unknown client or wrong client_secret.');
    if (application.suspended) throw invalidClient('This application has been suspended.');
    const grantType = str(body.grant_type);
    if (grantType !== undefined && grantType !== 'authorization_code') {
      throw new OAuthError(400, 'unsupported_grant_type', 'Only the authorization_code grant is supported.');
    }
    const codeValue = str(body.code);
    if (!codeValue) throw new OAuthError(400, 'invalid_grant', 'The code is missing.');
    const now = ctx.store.now();
    const rec = ctx.store.state.codes.find((c) => c.code === codeValue);
    const restart = ' Start the flow again to get a new code.';
    if (!rec || rec.used)
      throw new OAuthError(400, 'invalid_grant', `The code is wrong, expired or already used.${restart}`);
    if (rec.expiresAt <= now) throw new OAuthError(400, 'invalid_grant', `The code has expired.${restart}`);
    if (rec.clientId !== application.clientId)
      throw new OAuthError(400, 'invalid_grant', `The code was issued to another client.${restart}`);
    const given = str(body.redirect_uri) || undefined;
    if (given !== undefined && !redirectUriAllowed(application.callbackUrl, given)) {
      throw new OAuthError(400, 'invalid_grant', `The redirect_uri does not match the registration.${restart}`);
    }
    // The spec marks redirect_uri optional in the token request, and clients leave it out: only a
    // redirect_uri that is sent must match the one of the authorization request.
    const expected = rec.redirectUri;
    const matches = given === undefined || (expected === null ? given === application.callbackUrl : given === expected);
    if (!matches)
      throw new OAuthError(
        400,
        'invalid_grant',
        `The redirect_uri does not match the authorization request.${restart}`,
      );
    if (rec.codeChallenge !== null) {
      const verifier = str(body.code_verifier);
      const ok =
        verifier !== undefined &&
        /^[A-Za-z0-9._~-]{43,128}$/.test(verifier) &&
        (rec.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier) ===
          rec.codeChallenge;
      if (!ok)
        throw new OAuthError(400, 'invalid_grant', `The code_verifier does not match the code_challenge.${restart}`);
    }
    ctx.store.state.codes = ctx.store.state.codes.filter((c) => c !== rec);
    const token = issueToken(ctx, rec.userId, application.clientId, rec.scopes);
    return reply
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send(tokenResponse(token, ctx.profile));
  });
}

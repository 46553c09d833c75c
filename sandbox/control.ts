// The control API for tests: the same calls in process (sandbox.control) and, unless the sandbox was
// started with control: false, over HTTP under /_sandbox, answered only on loopback (see guard.ts).
// Each call takes and answers the JSON bodies documented in sandbox/README.md.
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';
import { issueToken, tokenResponse } from './oauth';
import { iso } from './present';
import { ALL_SCOPES } from './model';
import { PROFILE_NAMES, isProfileName, makeProfile } from './profile';
import type { ProfileName } from './profile';
import type { SandboxContext } from './context';
import type { CommentRecord, Scope } from './model';

function obj(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'Body must be a JSON object.');
  return body as Record<string, unknown>;
}

const MAX_CLOCK_MS = Date.parse('9999-12-31T23:59:59Z');

export function createControl(ctx: SandboxContext, resetAll: () => void) {
  const { store } = ctx;
  // In process as over HTTP: the clock moves on before a call, and what changed is saved after it.
  const call =
    <R>(work: (b: Record<string, unknown>) => R) =>
    (body?: unknown): R => {
      store.tick();
      try {
        return work(obj(body));
      } finally {
        store.flush();
      }
    };

  return {
    state: call(() => {
      const s = store.state;
      return {
        users: s.users.map((u) => ({
          id: u.id,
          username: u.username,
          type: u.type,
          pro: u.pro,
          teams: [...u.teamIds],
          password: u.password,
          shots: s.shots.filter((x) => x.userId === u.id).length,
        })),
        applications: s.applications.map((a) => ({
          client_id: a.clientId,
          client_secret: a.clientSecret,
          callback_url: a.callbackUrl,
          approved: a.approved,
          suspended: a.suspended,
        })),
        now: iso(store.now()),
        internal_errors: ctx.internalErrors,
        profile: ctx.profile.name,
        daily_cap: ctx.profile.dailyCap,
        daily_cap_refusals: ctx.dailyUploads.refused,
      };
    }),

    // Which service to play: the spec as written, or the service as deployed (and its daily cap).
    profile: call((b) => {
      if (b.profile !== undefined && !isProfileName(b.profile))
        throw new HttpError(400, `profile must be one of ${PROFILE_NAMES.join(', ')}.`);
      const cap = b.daily_cap;
      if (
        cap !== undefined &&
        cap !== null &&
        !(typeof cap === 'number' && Number.isInteger(cap) && cap >= 0 && cap <= 100_000)
      ) {
        throw new HttpError(400, 'daily_cap must be a whole number from 0 to 100000, or null for no cap.');
      }
      const name = (b.profile as ProfileName | undefined) ?? ctx.profile.name;
      ctx.profile = makeProfile(
        name,
        cap !== undefined ? (cap as number | null) : b.profile !== undefined ? undefined : ctx.profile.dailyCap,
      );
      return { profile: ctx.profile.name, daily_cap: ctx.profile.dailyCap };
    }),

    tokens: call((b) => {
      const clientId = b.client_id;
      if (typeof clientId !== 'string') throw new HttpError(400, 'client_id is required.');
      const application = store.application(clientId);
      if (!application) throw new HttpError(404, `No application ${clientId}.`);
      if (b.client_flow === true)
        return tokenResponse({ token: application.clientToken, scopes: ['public'] }, ctx.profile);
      if (typeof b.username !== 'string') throw new HttpError(400, 'username is required (or client_flow: true).');
      const user = store.userByName(b.username);
      if (!user) throw new HttpError(404, `No user ${b.username}.`);
      let scopes: Scope[] = ['public'];
      if (b.scopes !== undefined) {
        const list = typeof b.scopes === 'string' ? b.scopes.split(/[\s,]+/).filter(Boolean) : b.scopes;
        if (!Array.isArray(list) || list.some((x) => typeof x !== 'string' || !ALL_SCOPES.includes(x as Scope))) {
          throw new HttpError(400, `scopes must be a list of ${ALL_SCOPES.join(', ')}.`);
        }
        const wanted = new Set(list as string[]);
        scopes = ALL_SCOPES.filter((s) => wanted.has(s));
        if (scopes.length === 0) scopes = ['public'];
      }
      return tokenResponse(issueToken(ctx, user.id, application.clientId, scopes), ctx.profile);
    }),

    // Revokes a token (extra: handy for testing how a client handles 401), or every token a user
    // gave an application (a client whose token the test cannot see, such as the desktop app).
    revokeToken: call((b) => {
      const value = b.access_token;
      if (typeof value !== 'string' && typeof b.username !== 'string')
        throw new HttpError(400, 'access_token, or username and client_id, is required.');
      if (typeof value !== 'string') {
        const user = store.userByName(b.username as string);
        if (!user) throw new HttpError(404, `No user ${String(b.username)}.`);
        if (typeof b.client_id !== 'string') throw new HttpError(400, 'client_id is required with username.');
        const given = store.state.tokens.filter(
          (x) => x.userId === user.id && x.clientId === b.client_id && !x.revoked,
        );
        for (const t of given) t.revoked = true;
        store.markDirty();
        return { revoked: true, count: given.length };
      }
      const t = store.state.tokens.find((x) => x.token === value);
      if (!t) throw new HttpError(404, 'No such token.');
      t.revoked = true;
      store.markDirty();
      return { revoked: true };
    }),

    clock: call((b) => {
      // Kept within years 1970-9999 so every timestamp stays printable as ISO 8601.
      const inRange = (ms: number) => Number.isFinite(ms) && ms >= 0 && ms < MAX_CLOCK_MS;
      let target = store.now();
      if (b.now !== undefined) {
        const ms = typeof b.now === 'string' ? Date.parse(b.now) : NaN;
        if (!inRange(ms)) throw new HttpError(400, 'now must be an ISO 8601 timestamp between 1970 and 9999.');
        target = ms;
      }
      if (b.advance_s !== undefined) {
        if (typeof b.advance_s !== 'number' || !Number.isFinite(b.advance_s))
          throw new HttpError(400, 'advance_s must be a number.');
        target += b.advance_s * 1000;
        if (!inRange(target)) throw new HttpError(400, 'advance_s takes the clock outside 1970-9999.');
      }
      if (b.now !== undefined || b.advance_s !== undefined) store.setNow(target);
      store.tick();
      return { now: iso(store.now()) };
    }),

    faults: call((b) => {
      const next: typeof ctx.faults = {};
      const num = (name: string, min: number, max: number): number | undefined => {
        const v = b[name];
        if (v === undefined) return undefined;
        if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
          throw new HttpError(400, `${name} must be a number from ${min} to ${max}.`);
        return v;
      };
      const status = num('status', 500, 599);
      const rate = num('rate', 0, 1);
      const resetRate = num('reset_rate', 0, 1);
      const latency = num('latency_ms', 0, 60_000);
      const seed = num('seed', 0, 0xffffffff);
      if (status !== undefined || rate !== undefined) {
        next.status = status ?? 500;
        next.rate = rate ?? 1;
      }
      if (resetRate !== undefined) next.reset_rate = resetRate;
      if (latency !== undefined) next.latency_ms = latency;
      if (seed !== undefined) next.seed = seed;
      ctx.faults = next;
      ctx.faultDraw = seed === undefined ? Math.random : seededDraw(seed);
      return next;
    }),

    // Extra: changes whether an application is approved for popular shots or suspended, so tests
    // can meet both without registering applications of their own.
    applications: call((b) => {
      if (typeof b.client_id !== 'string') throw new HttpError(400, 'client_id is required.');
      const application = store.application(b.client_id);
      if (!application) throw new HttpError(404, `No application ${b.client_id}.`);
      for (const flag of ['approved', 'suspended'] as const) {
        const value = b[flag];
        if (value === undefined) continue;
        if (typeof value !== 'boolean') throw new HttpError(400, `${flag} must be true or false.`);
        application[flag] = value;
      }
      store.markDirty();
      return { client_id: application.clientId, approved: application.approved, suspended: application.suspended };
    }),

    // Extra: stores a comment whose body is the given HTML, NOT escaped. It plays a service that
    // sends hostile comment HTML, so client tests can show that they sanitize what they display.
    comments: call((b) => {
      const shotId = b.shot_id;
      if (typeof shotId !== 'number' || !Number.isInteger(shotId))
        throw new HttpError(400, 'shot_id must be an integer.');
      if (typeof b.username !== 'string') throw new HttpError(400, 'username is required.');
      if (typeof b.body_html !== 'string' || b.body_html === '')
        throw new HttpError(400, 'body_html must be a non-empty string.');
      const shot = store.shot(shotId);
      if (!shot) throw new HttpError(404, `No shot ${shotId}.`);
      const user = store.userByName(b.username);
      if (!user) throw new HttpError(404, `No user ${b.username}.`);
      const now = store.now();
      const comment: CommentRecord = {
        id: store.nextId('comment'),
        shotId,
        userId: user.id,
        bodyHtml: b.body_html,
        createdAt: now,
        updatedAt: now,
      };
      store.state.comments.push(comment);
      store.markDirty();
      return ctx.presenter.comment(comment);
    }),

    reset: call(() => {
      resetAll();
      return { reset: true, now: iso(store.now()) };
    }),
  };
}

export type SandboxControl = ReturnType<typeof createControl>;

/** The control API over HTTP: POST bodies as JSON, GET /_sandbox/state. */
export function registerControl(app: FastifyInstance, control: SandboxControl): void {
  app.get('/_sandbox/state', async () => control.state());
  const routes: [string, (body?: unknown) => unknown][] = [
    ['profile', control.profile],
    ['tokens', control.tokens],
    ['tokens/revoke', control.revokeToken],
    ['clock', control.clock],
    ['faults', control.faults],
    ['applications', control.applications],
    ['comments', control.comments],
    ['reset', control.reset],
  ];
  for (const [route, handler] of routes) app.post(`/_sandbox/${route}`, async (req) => handler(req.body));
}

/** A small seeded generator (mulberry32): the same draws, in the same order, from the same seed. */
function seededDraw(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The one client of the service: every endpoint of the spec, the token as a Bearer header, every
// request through the account's rate-limit governor, every response checked at the boundary.
// Failures are thrown as ServiceError values (see service-error.ts).
import * as v from 'valibot';
import {
  AuthenticatedUserSchema,
  CommentLikeSchema,
  CommentSchema,
  PopularShotSchema,
  ServiceErrorBodySchema,
  ShotSchema,
} from './resources';
import type { AuthenticatedUser, Comment, CommentLike, PopularShot, Shot } from './resources';
import { COMMENTS_RETIRED, ServiceError, describeStatus } from './service-error';
import { rememberSecret } from './known-secrets';
import { validateBody } from './validate';
import { operations, type ServiceOperation } from './operations';
import { parseLinkHeader } from './link-header';
import { countedBody, shotChangesBody, shotForm } from './request-bodies';
import type { NewShot, ShotChanges } from './request-bodies';
export type { NewShot, ShotChanges, ShotImage } from './request-bodies';
import { DEFAULT_MAX_PAGES, pageNumberOf, pageQuery } from './pagination';
import type { Page, PageRequest } from './pagination';
import type { RateLimitGovernor } from './rate-limit-governor';

export interface ServiceClientOptions {
  apiUrl: string;
  accessToken: string;
  governor: RateLimitGovernor;
  fetch?: typeof fetch;
  /** Per attempt; a request that hangs longer counts as a network failure. */
  timeoutMs?: number;
  uploadTimeoutMs?: number;
}

export interface CreatedShot {
  id: number;
  /** Answers 404 until processing is done, then the shot. */
  location: string;
}

export interface CreatedComment {
  comment: Comment;
  location: string | null;
}

interface CallOptions {
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  timeoutMs?: number;
  onUncertainRetry?: () => void;
  /** A form's bytes handed to the connection so far, of its encoded size. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
}

/** What a DELETE did: removed it now, or found it already gone. */
export type DeleteOutcome = 'deleted' | 'already-gone';

export interface CallOptionsPublic {
  signal?: AbortSignal;
}

export class ServiceClient {
  readonly apiUrl: string;
  readonly governor: RateLimitGovernor;
  private readonly accessToken: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly uploadTimeoutMs: number;

  constructor(options: ServiceClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.accessToken = options.accessToken;
    rememberSecret(options.accessToken);
    this.governor = options.governor;
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.uploadTimeoutMs = options.uploadTimeoutMs ?? 120_000;
  }

  // ---- v2: the user and shots ----

  /** The signed-in user with `teams` (team membership); `pro` and `type` tell who may schedule. */
  async getUser(options: CallOptionsPublic = {}): Promise<AuthenticatedUser> {
    return this.during(operations.getUser(), async () =>
      this.parse(await this.call('GET', '/v2/user', options), AuthenticatedUserSchema, 'the user', 'GET', '/v2/user'),
    );
  }

  async listUserShots(request: PageRequest = {}, options: CallOptionsPublic = {}): Promise<Page<Shot>> {
    return this.during(operations.listUserShots(), () =>
      this.list('/v2/user/shots', ShotSchema, 'a shot', request, options),
    );
  }

  /** Only for applications approved for it; others get a 403 ServiceError. */
  async listPopularShots(request: PageRequest = {}, options: CallOptionsPublic = {}): Promise<Page<PopularShot>> {
    return this.during(operations.listPopularShots(), () =>
      this.list('/v2/popular_shots', PopularShotSchema, 'a popular shot', request, options),
    );
  }

  async getShot(id: number, options: CallOptionsPublic = {}): Promise<Shot> {
    const path = `/v2/shots/${shotId(id)}`;
    return this.during(operations.getShot(id), async () =>
      this.parse(await this.call('GET', path, options), ShotSchema, 'a shot', 'GET', path),
    );
  }

  /**
   * Looks at a created shot's Location: null while it is still processing (404), the shot when done.
   * Only addresses of this service are followed, so the token never goes elsewhere.
   */
  async getShotAtLocation(location: string, options: CallOptionsPublic = {}): Promise<Shot | null> {
    return this.during(operations.getShot(Number(location.split('/').filter(Boolean).at(-1)) || 0), async () => {
      const path = this.ownPath(location);
      const response = await this.call('GET', path, options, [404]);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      return this.parse(response, ShotSchema, 'a shot', 'GET', path);
    });
  }

  /**
   * Uploads a shot (multipart). Answers once the service accepted it for processing.
   * A lost connection gives a ServiceError of kind "unknown-outcome": look for the shot before sending again.
   */
  async createShot(
    shot: NewShot,
    options: CallOptionsPublic & { onProgress?: (sentBytes: number, totalBytes: number) => void } = {},
  ): Promise<CreatedShot> {
    return this.during(operations.createShot(), async () => {
      const path = '/v2/shots';
      const response = await this.call('POST', path, {
        ...options,
        form: () => shotForm(shot),
        timeoutMs: this.uploadTimeoutMs,
      });
      await response.body?.cancel();
      const location = response.headers.get('location');
      const id = location
        ? Number(new URL(location, `${this.apiUrl}/`).pathname.split('/').filter(Boolean).at(-1))
        : Number.NaN;
      if (!location || !Number.isInteger(id)) {
        throw new ServiceError({
          kind: 'invalid-response',
          status: response.status,
          message: 'The service accepted the shot but did not say where it is (no usable Location header).',
          method: 'POST',
          path,
        });
      }
      return { id, location: new URL(location, `${this.apiUrl}/`).toString() };
    });
  }

  async updateShot(id: number, changes: ShotChanges, options: CallOptionsPublic = {}): Promise<Shot> {
    return this.during(operations.updateShot(id), async () => {
      const path = `/v2/shots/${shotId(id)}`;
      const response = await this.call('PUT', path, { ...options, json: shotChangesBody(changes) });
      return this.parse(response, ShotSchema, 'a shot', 'PUT', path);
    });
  }

  /** 'already-gone' when the shot was deleted before (elsewhere): the one place a 404 on delete is decided. */
  async deleteShot(id: number, options: CallOptionsPublic = {}): Promise<DeleteOutcome> {
    return this.during(operations.deleteShot(id), async () => this.remove(`/v2/shots/${shotId(id)}`, options, true));
  }

  // ---- v1: comments and comment likes ----

  async listComments(shot: number, request: PageRequest = {}, options: CallOptionsPublic = {}): Promise<Page<Comment>> {
    return this.during(operations.listComments(shot), () =>
      this.list(`/v1/shots/${shotId(shot)}/comments`, CommentSchema, 'a comment', request, options),
    );
  }

  async getComment(shot: number, id: number, options: CallOptionsPublic = {}): Promise<Comment> {
    const path = commentPath(shot, id);
    return this.during(operations.getComment(shot, id), async () =>
      this.parse(await this.call('GET', path, options), CommentSchema, 'a comment', 'GET', path),
    );
  }

  async createComment(shot: number, body: string, options: CallOptionsPublic = {}): Promise<CreatedComment> {
    return this.during(operations.createComment(shot), async () => {
      const path = `/v1/shots/${shotId(shot)}/comments`;
      const response = await this.call('POST', path, { ...options, json: { body } });
      const location = response.headers.get('location');
      const comment = await this.parse(response, CommentSchema, 'a comment', 'POST', path);
      return { comment, location: location ? new URL(location, `${this.apiUrl}/`).toString() : null };
    });
  }

  async updateComment(shot: number, id: number, body: string, options: CallOptionsPublic = {}): Promise<Comment> {
    const path = commentPath(shot, id);
    return this.during(operations.updateComment(shot, id), async () =>
      this.parse(await this.call('PUT', path, { ...options, json: { body } }), CommentSchema, 'a comment', 'PUT', path),
    );
  }

  async deleteComment(shot: number, id: number, options: CallOptionsPublic = {}): Promise<void> {
    return this.during(
      operations.deleteComment(shot, id),
      async () => void (await this.remove(commentPath(shot, id), options, false)),
    );
  }

  async listCommentLikes(
    shot: number,
    comment: number,
    request: PageRequest = {},
    options: CallOptionsPublic = {},
  ): Promise<Page<CommentLike>> {
    return this.during(operations.listCommentLikes(shot, comment), () =>
      this.list(`${commentPath(shot, comment)}/likes`, CommentLikeSchema, 'a comment like', request, options),
    );
  }

  /** The signed-in user's like of the comment, or null when they do not like it. */
  async getCommentLike(shot: number, comment: number, options: CallOptionsPublic = {}): Promise<CommentLike | null> {
    return this.during(operations.getCommentLike(shot, comment), async () => {
      const path = `${commentPath(shot, comment)}/like`;
      const response = await this.call('GET', path, options, [404]);
      if (response.status === 404) {
        // "Not liked" is a 404 with an empty body; a 404 with a message means the comment itself is missing.
        const text = await response.text();
        if (text.trim() === '') return null;
        throw errorFromBody(404, text, 'GET', path);
      }
      return this.parse(response, CommentLikeSchema, 'a comment like', 'GET', path);
    });
  }

  async isCommentLiked(shot: number, comment: number, options: CallOptionsPublic = {}): Promise<boolean> {
    return (await this.getCommentLike(shot, comment, options)) !== null;
  }

  async likeComment(shot: number, comment: number, options: CallOptionsPublic = {}): Promise<CommentLike> {
    const path = `${commentPath(shot, comment)}/like`;
    return this.during(operations.likeComment(shot, comment), async () =>
      this.parse(await this.call('POST', path, options), CommentLikeSchema, 'a comment like', 'POST', path),
    );
  }

  async unlikeComment(shot: number, comment: number, options: CallOptionsPublic = {}): Promise<void> {
    return this.during(
      operations.unlikeComment(shot, comment),
      async () => void (await this.remove(`${commentPath(shot, comment)}/like`, options, false)),
    );
  }

  // ---- the plumbing ----

  /** Runs one operation of the client: any ServiceError it ends in carries the operation, for its sentence. */
  private async during<T>(operation: ServiceOperation, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ServiceError) error.operation ??= operation;
      throw error;
    }
  }

  /**
   * DELETE, retried like any idempotent request. If an earlier attempt may have reached the server
   * (dropped connection, 5xx), a final 404 means that attempt did the job: it is deleted. Any other
   * 404 means someone deleted it before: 'already-gone' where that is an answer (a shot), an error
   * where it is not (a comment that was never there).
   */
  private async remove(path: string, options: CallOptionsPublic, goneIsAnAnswer: boolean): Promise<DeleteOutcome> {
    let uncertain = false;
    const response = await this.call('DELETE', path, { ...options, onUncertainRetry: () => (uncertain = true) }, [404]);
    const text = await response.text().catch(() => '');
    if (response.status !== 404 || uncertain) return 'deleted';
    if (goneIsAnAnswer) return 'already-gone';
    throw errorFromBody(404, text, 'DELETE', path);
  }

  private async list<S extends v.GenericSchema>(
    path: string,
    schema: S,
    what: string,
    request: PageRequest,
    options: CallOptionsPublic,
  ): Promise<Page<v.InferOutput<S>>> {
    const itemsSchema = v.array(schema);
    const items: v.InferOutput<S>[] = [];
    let target = path;
    let query: Record<string, string> | undefined = pageQuery(request);
    const maxPages = request.all ? (request.maxPages ?? DEFAULT_MAX_PAGES) : 1;
    for (let pages = 0; ; pages++) {
      const response = await this.call('GET', target, { ...options, query });
      const links = parseLinkHeader(response.headers.get('link'), `${this.apiUrl}/`);
      const pageItems = await this.parse(response, itemsSchema, `a list with ${what}`, 'GET', target);
      items.push(...pageItems);
      const next = links.next;
      if (!request.all || !next || pages + 1 >= maxPages) {
        return {
          items,
          nextPage: request.all ? null : pageNumberOf(next),
          prevPage: request.all ? null : pageNumberOf(links.prev),
        };
      }
      target = this.ownPath(next);
      query = undefined; // the next link carries its own query
    }
  }

  /** A path (with its query) of this service for an absolute or relative address; refuses other hosts. */
  private ownPath(address: string): string {
    const base = new URL(`${this.apiUrl}/`);
    const url = new URL(address, base);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
      throw new ServiceError({
        kind: 'invalid-response',
        message: 'The service pointed to an address outside itself; it was not followed.',
        method: 'GET',
        path: url.pathname,
      });
    }
    return `/${url.pathname.slice(base.pathname.length)}${url.search}`;
  }

  /**
   * Whether v1 (comments) is retired on this service: learned once, from a v1 401 while v2 takes
   * the same token, so later comment requests are answered at once without asking again.
   */
  private v1Retired = false;

  get commentsRetired(): boolean {
    return this.v1Retired;
  }

  private async call(
    method: string,
    path: string,
    options: Omit<CallOptions, 'form'> & { form?: () => FormData },
    acceptedErrors: number[] = [],
  ): Promise<Response> {
    const v1 = path.startsWith('/v1/');
    if (v1 && this.v1Retired) throw retiredError(method, path);
    const response = await this.send(method, path, options);
    if (response.ok || acceptedErrors.includes(response.status)) return response;
    const text = await response.text().catch(() => '');
    if (v1 && response.status === 401 && (await this.v2TakesToken(options.signal))) {
      this.v1Retired = true;
      throw retiredError(method, path);
    }
    if (method === 'POST' && response.status >= 500) {
      throw new ServiceError({
        kind: 'unknown-outcome',
        status: response.status,
        message: `The service failed (status ${response.status}) while handling ${method} ${path}; it may or may not have been carried out.`,
        method,
        path,
      });
    }
    throw errorFromBody(response.status, text, method, path);
  }

  /** After a v1 401: does v2 accept the same token? Then the token is good and v1 is what is gone. */
  private async v2TakesToken(signal?: AbortSignal): Promise<boolean> {
    try {
      const response = await this.send('GET', '/v2/user', { signal });
      await response.body?.cancel().catch(() => undefined);
      return response.ok;
    } catch {
      return false;
    }
  }

  private async send(
    method: string,
    path: string,
    options: Omit<CallOptions, 'form'> & { form?: () => FormData },
  ): Promise<Response> {
    const url = new URL(`${this.apiUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.accessToken}`,
      accept: 'application/json',
    };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const response = await this.governor.run({
      method,
      path,
      signal: options.signal,
      onUncertainRetry: options.onUncertainRetry,
      send: async (signal) => {
        const timeout = AbortSignal.timeout(timeoutMs);
        const init: RequestInit & { duplex?: 'half' } = {
          method,
          headers,
          // A fresh body per attempt: a stream or FormData cannot be sent twice.
          body: options.form ? options.form() : options.json !== undefined ? JSON.stringify(options.json) : undefined,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          redirect: 'manual',
        };
        if (options.form && options.onProgress) {
          const counted = await countedBody(init.body as FormData, options.onProgress);
          init.body = counted.body;
          init.headers = { ...headers, 'content-type': counted.contentType };
          init.duplex = 'half';
        }
        return this.fetchImpl(url, init);
      },
    });
    return response;
  }

  private async parse<S extends v.GenericSchema>(
    response: Response,
    schema: S,
    what: string,
    method: string,
    path: string,
  ): Promise<v.InferOutput<S>> {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ServiceError({
        kind: 'invalid-response',
        status: response.status,
        message: `The service sent ${what} that is not valid JSON.`,
        method,
        path,
      });
    }
    const result = validateBody(schema, body, what, `${method} ${path}`);
    if (!result.ok)
      throw new ServiceError({
        kind: 'invalid-response',
        status: response.status,
        message: result.error.message,
        method,
        path,
      });
    return result.value;
  }
}

function retiredError(method: string, path: string): ServiceError {
  return new ServiceError({ kind: 'retired', message: COMMENTS_RETIRED, method, path });
}

function errorFromBody(status: number, text: string, method: string, path: string): ServiceError {
  let parsed: v.SafeParseResult<typeof ServiceErrorBodySchema> | undefined;
  try {
    parsed = v.safeParse(ServiceErrorBodySchema, JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  const body = parsed?.success ? parsed.output : undefined;
  const fieldErrors = (body?.errors ?? []).map((e) => ({ field: e.attribute ?? e.field ?? '', message: e.message }));
  const details = fieldErrors.map((e) => (e.field ? `${e.field} ${e.message}` : e.message)).join('; ');
  const said = body?.message ?? body?.error;
  const base = said ? said.replace(/\.?$/, '.') : describeStatus(status);
  return new ServiceError({
    kind: 'http',
    status,
    message: details ? `${base} ${details}.` : base,
    fieldErrors,
    method,
    path,
  });
}

function shotId(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new RangeError(`A shot or comment id is a positive whole number, not ${id}.`);
  return String(id);
}

function commentPath(shot: number, comment: number): string {
  return `/v1/shots/${shotId(shot)}/comments/${shotId(comment)}`;
}

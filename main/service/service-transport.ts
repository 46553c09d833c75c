// How one request to the service travels: the address (only this service's own, so the token never
// goes elsewhere), the token as a Bearer header, a time limit per attempt, a fresh body per attempt
// with its upload progress, the account's rate-limit governor, and the answer read at the boundary:
// an error status becomes a ServiceError (with the service's own message and field errors), a body
// is checked against its schema, a list is read page by page. What each endpoint is and means is
// service-client.ts.
import * as v from 'valibot';
import { ServiceErrorBodySchema } from './resources';
import { COMMENTS_RETIRED, ServiceError, describeStatus } from './service-error';
import { rememberSecret } from './known-secrets';
import { validateBody } from './validate';
import { parseLinkHeader } from './link-header';
import { countedBody } from './request-bodies';
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
  /**
   * The bundled sandbox, which listens on a new loopback port at each start: a Location an earlier
   * run wrote down names its old port. Only then is a Location's port replaced by this one's.
   */
  movingLoopbackPort?: boolean;
}

export interface CallOptionsPublic {
  signal?: AbortSignal;
  /** Cancels the request only while it waits for the rate-limit budget, before it is sent. */
  waitSignal?: AbortSignal;
}

export interface CallOptions {
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Cancels the request only while it waits for the rate-limit budget (see GovernedRequest). */
  waitSignal?: AbortSignal;
  timeoutMs?: number;
  onUncertainRetry?: () => void;
  /** A form's bytes handed to the connection so far, of its encoded size. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
}

export class ServiceTransport {
  readonly apiUrl: string;
  readonly governor: RateLimitGovernor;
  readonly uploadTimeoutMs: number;
  private readonly accessToken: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly movingPort: boolean;

  constructor(options: ServiceClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.movingPort = options.movingLoopbackPort ?? false;
    this.accessToken = options.accessToken;
    rememberSecret(options.accessToken);
    this.governor = options.governor;
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.uploadTimeoutMs = options.uploadTimeoutMs ?? 120_000;
  }

  /** An address the service gave (a Location header), made absolute against this service. */
  absolute(location: string): URL {
    return new URL(location, `${this.apiUrl}/`);
  }

  /** Learned once, from a v1 401 while v2 takes the same token (see ServiceClient.commentsRetired). */
  private v1Retired = false;

  get commentsRetired(): boolean {
    return this.v1Retired;
  }

  /** Sends a request and reads its answer's body against the schema. */
  async read<S extends v.GenericSchema>(
    method: string,
    path: string,
    schema: S,
    what: string,
    options: Omit<CallOptions, 'form'> = {},
  ): Promise<v.InferOutput<S>> {
    return this.parse(await this.call(method, path, options), schema, what, method, path);
  }

  /** Sends a request; an error status (other than those accepted) is thrown as a ServiceError. */
  async call(
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
      waitSignal: options.waitSignal,
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

  /** The body of a 2xx answer, checked against its schema; anything else is an invalid-response ServiceError. */
  async parse<S extends v.GenericSchema>(
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

  /** One page of a list, or with `all` every page up to maxPages, following only this service's links. */
  async list<S extends v.GenericSchema>(
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

  /**
   * The path (with its query) a created shot's Location names under this service's API. For the
   * bundled sandbox only, a Location on the same loopback host and scheme with another port is its
   * own, written down by an earlier run (it starts on a new port each time): the port is replaced.
   * Every other address outside this service is refused, as ownPath does, so the token never goes
   * elsewhere and a shot of another service is never taken for this one's.
   */
  pathUnderApi(address: string): string {
    const base = new URL(`${this.apiUrl}/`);
    const url = new URL(address, base);
    const oldPort =
      this.movingPort &&
      url.origin !== base.origin &&
      url.protocol === base.protocol &&
      url.hostname === base.hostname &&
      isLoopbackHost(base.hostname) &&
      url.username === '' &&
      url.password === '';
    return this.ownPath(oldPort ? `${base.origin}${url.pathname}${url.search}` : url.href);
  }

  /** A path (with its query) of this service for an absolute or relative address; refuses other hosts. */
  ownPath(address: string): string {
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
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function retiredError(method: string, path: string): ServiceError {
  return new ServiceError({ kind: 'retired', message: COMMENTS_RETIRED, method, path });
}

/** A ServiceError from an error answer's status and body (the service's message and field errors). */
export function errorFromBody(status: number, text: string, method: string, path: string): ServiceError {
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

// One governor per signed-in account: every request to the service passes through it.
//
// Budget: the service reports X-RateLimit-Limit/Remaining/Reset on every response. A request is let out
// only if a slot is reserved first: available = remaining - requests in flight. Each in-flight request is
// assumed not yet counted by the server, so a burst of concurrent requests can never overshoot. Within one
// window the remaining count only goes down (responses may arrive out of order). When the window's reset
// time has passed the budget is assumed full again, and responses to requests sent before that moment are
// no longer trusted. Before the first response nothing is known, so one request goes out alone to learn.
//
// Failures: a 429 means the server refused the request, so any method may be sent again after the reset.
// Idempotent methods (GET, PUT, DELETE, HEAD) are retried on network errors and 5xx with capped exponential
// backoff and full jitter. A POST is retried only when the connection was never made; if it may have reached
// the server it fails with kind "unknown-outcome" and the caller reconciles. Each failed connection and
// each answer is told to `reach`, with when the request goes again: the desktop shows an outage from it.
import { EventEmitter, setMaxListeners } from 'node:events';
import { ServiceError } from './service-error';
import { describeNetworkError, neverReachedService } from './network-errors';
import { Reachability } from './reachability';

export interface GovernorClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  random(): number;
}

export interface RetryPolicy {
  /** Retries after the first attempt for network errors and 5xx of idempotent requests. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Consecutive 429 answers accepted before giving up. */
  maxRateLimitedRetries: number;
}

export interface RateLimitState {
  limit: number | null;
  remaining: number | null;
  /** Local epoch ms when the current window is expected to end (with a safety margin). */
  resetAt: number | null;
  inFlight: number;
  /** Requests waiting for budget. */
  waiting: number;
  /** Set while requests wait for the window to reset: when they will go. */
  waitingUntil: number | null;
}

export interface GovernedRequest {
  method: string;
  /** For error messages; never includes the token. */
  path: string;
  signal?: AbortSignal;
  /** Cancels the request only while it waits for the budget, before it is sent; then only `signal` can. */
  waitSignal?: AbortSignal;
  send(signal: AbortSignal | undefined): Promise<Response>;
  /** Told when an attempt is sent again after a failure that may have reached the server. */
  onUncertainRetry?: () => void;
}

export interface GovernorOptions {
  clock?: GovernorClock;
  retry?: Partial<RetryPolicy>;
  /** Added to the server's reset time: clocks and rounding differ. */
  resetMarginMs?: number;
  /**
   * The longest wait for a window to reset. The service's windows are a minute long; a reset further
   * away (a server clock far ahead, e.g. the sandbox's moved clock) is not trusted beyond this.
   */
  maxResetWaitMs?: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 5,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  maxRateLimitedRetries: 5,
};

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
export const systemClock: GovernorClock = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }
      function onAbort() {
        clearTimeout(timer);
        reject(signal?.reason);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

interface Reservation {
  generation: number;
}

export class RateLimitGovernor {
  private readonly events = new EventEmitter();
  /** Whether the service answers the requests sent through this governor, and when a failed one goes again. */
  readonly reach: Reachability;
  private readonly clock: GovernorClock;
  private readonly retry: RetryPolicy;
  private readonly resetMarginMs: number;
  private readonly maxResetWaitMs: number;

  private limit: number | null = null;
  private remaining: number | null = null;
  /** The server's reset value (epoch seconds) of the window `remaining` belongs to. */
  private resetEpoch: number | null = null;
  private resetAt: number | null = null;
  private inFlight = 0;
  private waiting = 0;
  private waitingUntil: number | null = null;
  /** Bumped when a window is assumed over; older reservations' answers no longer set the budget. */
  private generation = 0;
  private wake = unlimitedController();

  constructor(options: GovernorOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.resetMarginMs = options.resetMarginMs ?? 300;
    this.maxResetWaitMs = options.maxResetWaitMs ?? 65_000;
    this.reach = new Reachability(() => this.clock.now());
  }

  get state(): RateLimitState {
    return {
      limit: this.limit,
      remaining: this.remaining,
      resetAt: this.resetAt,
      inFlight: this.inFlight,
      waiting: this.waiting,
      waitingUntil: this.waitingUntil,
    };
  }

  /** Calls the listener on every change of the budget; returns the unsubscribe function. */
  onState(listener: (state: RateLimitState) => void): () => void {
    this.events.on('state', listener);
    return () => this.events.off('state', listener);
  }

  /** Sends a request through the budget, with the retry rules above. Resolves with the final response. */
  async run(request: GovernedRequest): Promise<Response> {
    const method = request.method.toUpperCase();
    const idempotent = IDEMPOTENT.has(method);
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      const reservation = await this.reserve(request);
      let response: Response;
      const sentAt = this.clock.now();
      try {
        response = await request.send(request.signal);
      } catch (error) {
        this.release(reservation, null);
        if (request.signal?.aborted) throw aborted(request, error);
        const neverSent = neverReachedService(error);
        if ((idempotent || neverSent) && failures < this.retry.maxRetries) {
          if (!neverSent) request.onUncertainRetry?.();
          const delay = this.backoffDelay(failures++);
          this.reach.failed(this.clock.now(), this.clock.now() + delay);
          await this.sleep(delay, request);
          continue;
        }
        this.reach.failed(this.clock.now());
        throw new ServiceError({
          kind: idempotent || neverSent ? 'network' : 'unknown-outcome',
          message:
            idempotent || neverSent
              ? `Could not reach the service (${describeNetworkError(error)}).`
              : `The connection broke while sending ${method} ${request.path}; it may or may not have been carried out (${describeNetworkError(error)}).`,
          method,
          path: request.path,
          cause: error,
        });
      }
      this.release(reservation, response);
      this.reach.answered(sentAt);
      if (response.status === 429 && rateLimited < this.retry.maxRateLimitedRetries) {
        rateLimited++;
        await discard(response);
        continue;
      }
      if (response.status >= 500 && idempotent && failures < this.retry.maxRetries) {
        request.onUncertainRetry?.();
        await discard(response);
        await this.sleep(this.backoffDelay(failures++), request);
        continue;
      }
      return response;
    }
  }

  private async reserve(request: GovernedRequest): Promise<Reservation> {
    let counted = false;
    const signals = [request.signal, request.waitSignal].filter((s): s is AbortSignal => s !== undefined);
    const stop = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    try {
      for (;;) {
        if (stop?.aborted) throw aborted(request, stop.reason);
        const now = this.clock.now();
        if (this.resetAt !== null && now >= this.resetAt) this.startNewWindow();
        const budget = this.available();
        if (budget > 0) {
          this.inFlight++;
          if (counted) this.waiting--;
          counted = false;
          this.waitingUntil = this.waiting > 0 ? this.waitingUntil : null;
          this.emit();
          return { generation: this.generation };
        }
        if (!counted) {
          counted = true;
          this.waiting++;
        }
        // Out of budget with nothing in flight and no reset time known: assume a full window.
        if (this.resetAt === null && this.remaining !== null && this.inFlight === 0)
          this.resetAt = now + this.maxResetWaitMs;
        // Out of budget: wait for the reset, or for an answer in flight to tell us more.
        const until =
          this.remaining !== null && this.remaining - this.inFlight <= 0 && this.resetAt !== null ? this.resetAt : null;
        if (until !== this.waitingUntil) {
          this.waitingUntil = until;
          this.emit();
        }
        await this.waitForChange(until === null ? null : until - now, stop);
      }
    } finally {
      if (counted) {
        this.waiting--;
        if (this.waiting === 0) this.waitingUntil = null;
        this.emit();
      }
    }
  }

  private available(): number {
    if (this.remaining === null) return this.inFlight === 0 ? 1 : 0;
    return this.remaining - this.inFlight;
  }

  private startNewWindow(): void {
    this.generation++;
    this.remaining = this.limit;
    this.resetEpoch = null;
    this.resetAt = null;
  }

  private release(reservation: Reservation, response: Response | null): void {
    this.inFlight--;
    if (response) this.observe(reservation, response);
    this.emit();
    this.notify();
  }

  private observe(reservation: Reservation, response: Response): void {
    const limit = headerInt(response.headers, 'x-ratelimit-limit');
    const remaining = headerInt(response.headers, 'x-ratelimit-remaining');
    const reset = headerInt(response.headers, 'x-ratelimit-reset');
    if (limit !== null) this.limit = limit;
    const fresh = reservation.generation === this.generation;
    if (response.status === 429) {
      // Refused: nothing left until the reset it names, or a short pause when it names none.
      this.remaining = 0;
      this.resetEpoch = reset ?? this.resetEpoch;
      this.resetAt =
        reset !== null
          ? this.localResetTime(reset, response.headers)
          : Math.max(this.resetAt ?? 0, this.clock.now() + 1_000);
      return;
    }
    if (remaining === null || !fresh) return;
    if (reset === null) {
      this.remaining = Math.min(this.remaining ?? remaining, remaining);
    } else if (this.resetEpoch === null || reset > this.resetEpoch) {
      this.resetEpoch = reset;
      this.remaining = remaining;
      this.resetAt = this.localResetTime(reset, response.headers);
    } else if (reset === this.resetEpoch) {
      this.remaining = Math.min(this.remaining ?? remaining, remaining);
    }
  }

  /** Converts the server's reset (epoch seconds, server clock) to local time via the Date header. */
  private localResetTime(resetEpochSeconds: number, headers: Headers): number {
    const now = this.clock.now();
    const dateHeader = headers.get('date');
    const serverNow = dateHeader ? Date.parse(dateHeader) : Number.NaN;
    // The Date header has whole seconds only: when it agrees with the local clock to within that
    // precision, the local clock is the better reference; otherwise correct for the skew.
    const reference = Number.isFinite(serverNow) && Math.abs(serverNow - now) > 1_500 ? serverNow : now;
    const untilReset = Math.min(this.maxResetWaitMs, Math.max(0, resetEpochSeconds * 1000 - reference));
    return now + untilReset + this.resetMarginMs;
  }

  private backoffDelay(attempt: number): number {
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** attempt);
    return Math.max(this.retry.baseDelayMs / 4, this.clock.random() * ceiling);
  }

  private async sleep(delay: number, request: GovernedRequest): Promise<void> {
    try {
      await this.clock.sleep(delay, request.signal);
    } catch (error) {
      throw aborted(request, error);
    }
  }

  private async waitForChange(timeoutMs: number | null, signal: AbortSignal | undefined): Promise<void> {
    const wake = this.wake.signal;
    if (timeoutMs === null) {
      // Woken by an answer or by the caller's abort; the loop in reserve() tells which.
      await new Promise<void>((resolve) => {
        const done = () => {
          wake.removeEventListener('abort', done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        wake.addEventListener('abort', done, { once: true });
        signal?.addEventListener('abort', done, { once: true });
      });
      return;
    }
    const stop = new AbortController();
    const relay = () => stop.abort();
    wake.addEventListener('abort', relay, { once: true });
    signal?.addEventListener('abort', relay, { once: true });
    try {
      await this.clock.sleep(Math.max(0, timeoutMs), stop.signal);
    } catch {
      // Woken early: the loop in reserve() looks again (and notices a caller's abort).
    } finally {
      wake.removeEventListener('abort', relay);
      signal?.removeEventListener('abort', relay);
    }
  }

  private notify(): void {
    const previous = this.wake;
    this.wake = unlimitedController();
    previous.abort();
  }

  private emit(): void {
    this.events.emit('state', this.state);
  }
}

/** Many requests may wait on one wake-up signal; that is expected, not a leak. */
function unlimitedController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

function headerInt(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? Math.trunc(value) : null;
}

function aborted(request: GovernedRequest, cause: unknown): ServiceError {
  return new ServiceError({
    kind: 'aborted',
    message: 'The request was cancelled.',
    method: request.method.toUpperCase(),
    path: request.path,
    cause,
  });
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to free.
  }
}

// Whether the service answers at all, seen from the requests made to it: a connection that fails
// (refused, reset, timed out) marks it unreachable, any answer marks it back. The CLI wraps its fetch
// in one (`upload` and `watch` turn it into one line at most every 30 s, and one line when it comes
// back, instead of silence or one failed-request line a second with -v); each account's rate-limit
// governor keeps one for the requests it sends, with when it tries a failed one again, which the
// desktop's Queue shows as one banner with the next attempt's time.

/** The least time between two lines about the same outage, and between two -v lines of failures. */
export const OUTAGE_LINE_GAP_MS = 30_000;

type Listener = (reachable: boolean) => void;

export class Reachability {
  private unreachableSince: number | undefined;
  private retryAt: number | undefined;
  private lastLoggedFailure = Number.NEGATIVE_INFINITY;
  /** When a connection failed last: answers to requests sent before it are old news. */
  private lastFailure = Number.NEGATIVE_INFINITY;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly now: () => number = Date.now) {}

  get reachable(): boolean {
    return this.unreachableSince === undefined;
  }

  /** While unreachable: when the first connection of this outage failed (the window's "offline since"). */
  get since(): number | undefined {
    return this.unreachableSince;
  }

  /** While unreachable: when the request that failed last is to be sent again, if its sender said. */
  get nextAttemptAt(): number | undefined {
    return this.retryAt;
  }

  /** Told of every failed connection (false) and of the first answer after them (true). */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Whether a request failing now may write its line: yes unless one was written less than a gap ago
   * with no answer since (then it is the last one written). Asked when the failure comes, not when
   * the request was sent: requests sent together while all was well fail together when it stops,
   * before any of them has marked it unreachable.
   */
  readonly mayLogFailure = (): boolean => {
    const time = this.now();
    if (time - this.lastLoggedFailure < OUTAGE_LINE_GAP_MS) return false;
    this.lastLoggedFailure = time;
    return true;
  };

  /**
   * A fetch that reports to this monitor. `logged` is used for every request except failures
   * during an outage more often than once per gap, which go through `quiet` (no log line).
   */
  wrap(logged: typeof fetch, quiet: typeof fetch = logged): typeof fetch {
    return async (input, init) => {
      const sentAt = this.now();
      const log = this.reachable || sentAt - this.lastLoggedFailure >= OUTAGE_LINE_GAP_MS;
      try {
        const response = await (log ? logged : quiet)(input, init);
        this.answered(sentAt);
        return response;
      } catch (error) {
        if (!isCancelled(error)) {
          if (log) this.lastLoggedFailure = Math.max(this.lastLoggedFailure, sentAt);
          this.failed();
        }
        throw error;
      }
    };
  }

  /** A connection failed at `time`; `retryAt`: when the one who sent it tries again, when it will. */
  failed(time: number = this.now(), retryAt?: number): void {
    this.lastFailure = Math.max(this.lastFailure, time);
    this.unreachableSince ??= time;
    this.retryAt = retryAt;
    for (const listener of this.listeners) listener(false);
  }

  /**
   * The service answered (whatever it said) a request sent at `sentAt`. An answer to a request sent
   * before the last failure says nothing of the service since: a slow upload accepted before an
   * outage still gets its answer after new connections fail, and neither ends the outage nor makes
   * the next failure news.
   */
  answered(sentAt: number = this.now()): void {
    if (sentAt < this.lastFailure) return;
    // After an answer the next failure is news again (also one after a cancelled request's line).
    this.lastLoggedFailure = Number.NEGATIVE_INFINITY;
    if (this.unreachableSince === undefined) return;
    this.unreachableSince = undefined;
    this.retryAt = undefined;
    for (const listener of this.listeners) listener(true);
  }
}

/** What an outage is told to: `unreachable` at most once per gap while it lasts, `reachable` once when it ends. */
export interface OutageListener {
  unreachable(now: number): void;
  reachable(): void;
}

/**
 * Turns a monitor's changes into an outage's lines: the first failed connection is said at once,
 * the next ones only OUTAGE_LINE_GAP_MS after the last said, and the first answer once. `now` is
 * a seam for tests, which check the gap on a clock they move instead of waiting 30 s.
 */
export function outageLines(reach: Reachability, listener: OutageListener, now: () => number = Date.now): () => void {
  let said = Number.NEGATIVE_INFINITY;
  return reach.onChange((reachable) => {
    if (reachable) {
      if (said === Number.NEGATIVE_INFINITY) return;
      said = Number.NEGATIVE_INFINITY;
      listener.reachable();
      return;
    }
    const time = now();
    if (time - said < OUTAGE_LINE_GAP_MS) return;
    said = time;
    listener.unreachable(time);
  });
}

/** Stopped by Shotput itself (a command stopping), not a connection that failed. */
function isCancelled(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

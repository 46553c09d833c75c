// Fixed-window rate limiting on the sandbox clock, one window per bucket.
// Windows begin on a whole second, so the advertised X-RateLimit-Reset (epoch seconds) is the
// exact moment the next window opens: a client that waits for it loses no time to rounding.

export interface RateResult {
  limit: number;
  remaining: number;
  /** Epoch seconds at which the window ends. */
  reset: number;
  exceeded: boolean;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowS: number,
  ) {}

  hit(bucket: string, nowMs: number): RateResult {
    const windowMs = this.windowS * 1000;
    let w = this.windows.get(bucket);
    if (!w || nowMs >= w.start + windowMs || nowMs < w.start) {
      w = { start: Math.floor(nowMs / 1000) * 1000, count: 0 };
      this.windows.set(bucket, w);
    }
    w.count += 1;
    const exceeded = w.count > this.limit;
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - w.count),
      reset: (w.start + windowMs) / 1000,
      exceeded,
    };
  }

  clear(): void {
    this.windows.clear();
  }
}

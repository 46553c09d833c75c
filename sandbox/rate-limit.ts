// Fixed-window rate limiting on the sandbox clock, one window per bucket.

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
      w = { start: nowMs, count: 0 };
      this.windows.set(bucket, w);
    }
    w.count += 1;
    const exceeded = w.count > this.limit;
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - w.count),
      reset: Math.ceil((w.start + windowMs) / 1000),
      exceeded,
    };
  }

  clear(): void {
    this.windows.clear();
  }
}

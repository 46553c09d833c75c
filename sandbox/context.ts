// Everything the routes share.
import type { ImageStore } from './images';
import type { ApplicationRecord, TokenRecord, UserRecord } from './model';
import type { Presenter } from './present';
import type { RateLimiter, RateResult } from './rate-limit';
import type { Store } from './store';
import type { DailyUploads, Profile } from './profile';

export interface Faults {
  status?: number;
  rate?: number;
  reset_rate?: number;
  latency_ms?: number;
  /** Given, the faults fall the same way on every run (a test that must meet some). */
  seed?: number;
}

export interface SandboxContext {
  store: Store;
  images: ImageStore;
  presenter: Presenter;
  rate: RateLimiter;
  faults: Faults;
  /** Whether each request meets a fault: Math.random, or a generator of the faults' seed. */
  faultDraw: () => number;
  processingMs: number;
  /** Spec or deployed behaviour; changed through the control API. */
  profile: Profile;
  dailyUploads: DailyUploads;
  /** Request log (only when logging is on). */
  log: (msg: string) => void;
  /** Always written to stderr. */
  warn: (msg: string) => void;
  /** Unexpected errors answered with a 500 since start (a bug if ever non-zero); shown in /_sandbox/state. */
  internalErrors: number;
}

/** What the /v1 and /v2 hook learned about a request. */
export interface ApiInfo {
  token: TokenRecord | undefined;
  user: UserRecord | undefined;
  app: ApplicationRecord | undefined;
  rate: RateResult;
}

declare module 'fastify' {
  interface FastifyRequest {
    api: ApiInfo | null;
  }
}

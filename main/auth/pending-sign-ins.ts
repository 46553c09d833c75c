// The sign-ins that have been started and not yet finished, keyed by their `state`.
// A state is 32 random bytes, used once, valid for ten minutes, and compared in constant time
// so its value cannot be learned from how long a wrong guess takes to reject.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createPkcePair } from './pkce';
import { SIGN_IN_TIMEOUT_MS } from './service-settings';
import type { ServiceEndpoint } from './service-settings';
import { rememberSecret } from '../service/known-secrets';

export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  codeChallenge: string;
  service: ServiceEndpoint;
  redirectUri: string;
  createdAt: number;
  expiresAt: number;
}

export type ClaimResult =
  | { kind: 'claimed'; signIn: PendingSignIn }
  | { kind: 'expired'; signIn: PendingSignIn }
  /** A state no sign-in here started: possibly forged, or from an older run of the app. */
  | { kind: 'mismatch' }
  /** No sign-in is waiting at all. */
  | { kind: 'none' };

export class PendingSignIns {
  private readonly entries: PendingSignIn[] = [];

  constructor(
    private readonly now: () => number = Date.now,
    private readonly lifetimeMs: number = SIGN_IN_TIMEOUT_MS,
  ) {}

  start(service: ServiceEndpoint, redirectUri: string = service.redirectUri): PendingSignIn {
    this.dropExpired();
    const pkce = createPkcePair();
    const createdAt = this.now();
    const signIn: PendingSignIn = {
      state: randomBytes(32).toString('base64url'),
      codeVerifier: pkce.verifier,
      codeChallenge: pkce.challenge,
      service,
      redirectUri,
      createdAt,
      expiresAt: createdAt + this.lifetimeMs,
    };
    rememberSecret(signIn.codeVerifier);
    rememberSecret(signIn.state);
    this.entries.push(signIn);
    return signIn;
  }

  /** Takes the sign-in a callback's state belongs to. Whatever the outcome, that state cannot be used again. */
  claim(state: string | null | undefined): ClaimResult {
    if (this.entries.length === 0) return { kind: 'none' };
    const index = typeof state === 'string' ? this.entries.findIndex((entry) => sameSecret(entry.state, state)) : -1;
    if (index < 0) return { kind: 'mismatch' };
    const [signIn] = this.entries.splice(index, 1);
    if (!signIn) return { kind: 'mismatch' };
    if (this.now() >= signIn.expiresAt) return { kind: 'expired', signIn };
    return { kind: 'claimed', signIn };
  }

  /** Forgets every started sign-in (the user cancelled, or a callback with a wrong state arrived). */
  cancelAll(): void {
    this.entries.length = 0;
  }

  get size(): number {
    return this.entries.length;
  }

  private dropExpired(): void {
    const now = this.now();
    for (let i = this.entries.length - 1; i >= 0; i--) {
      if (now >= this.entries[i]!.expiresAt) this.entries.splice(i, 1);
    }
  }
}

/** Constant-time for equal lengths; a different length is not secret (all states are 43 characters). */
function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

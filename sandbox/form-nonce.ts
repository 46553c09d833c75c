// The sign-in form carries a nonce this server issued with the page: a page on another site cannot
// read the form (no CORS, and a foreign Host is refused), so it cannot post one (login CSRF). Each
// nonce works once, and only for the sign-in it was issued for (its client, redirect, state and
// PKCE challenge): a form posted again, or a nonce moved to another client's form, is refused.
import { randomToken } from './random';

export const FORM_NONCE_FIELD = 'form_nonce';
const LIFETIME_MS = 30 * 60 * 1000;
const MAX_KEPT = 2000;

/** What one sign-in is, for binding its form's nonce: the client, where it returns, its state, PKCE challenge and scopes. */
export function signInKey(a: {
  app: { clientId: string };
  redirectUri?: string;
  state?: string;
  codeChallenge?: string;
  scopes: readonly string[];
}): string {
  return JSON.stringify([
    a.app.clientId,
    a.redirectUri ?? '',
    a.state ?? '',
    a.codeChallenge ?? '',
    a.scopes.join(' '),
  ]);
}

interface Issued {
  until: number;
  signIn: string;
}

export class FormNonces {
  private readonly issued = new Map<string, Issued>();

  /** A fresh nonce for the form of one sign-in, named by `signIn` (see signInKey in oauth.ts). */
  issue(signIn: string): string {
    const nonce = randomToken(24);
    this.issued.set(nonce, { until: Date.now() + LIFETIME_MS, signIn });
    // Oldest first: past the cap the oldest pages simply have to be opened again.
    for (const key of this.issued.keys()) {
      if (this.issued.size <= MAX_KEPT) break;
      this.issued.delete(key);
    }
    return nonce;
  }

  /** Whether the posted form carries a live nonce issued here for this sign-in; it is used up either way. */
  take(value: unknown, signIn: string): boolean {
    if (typeof value !== 'string') return false;
    const issued = this.issued.get(value);
    if (issued === undefined) return false;
    this.issued.delete(value);
    return Date.now() <= issued.until && issued.signIn === signIn;
  }
}

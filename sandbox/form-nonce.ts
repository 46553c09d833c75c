// The sign-in form carries a nonce this server issued with the page: a page on another site cannot
// read the form (no CORS, and a foreign Host is refused), so it cannot post one (login CSRF).
import { randomToken } from './random';

export const FORM_NONCE_FIELD = 'form_nonce';
const LIFETIME_MS = 30 * 60 * 1000;
const MAX_KEPT = 2000;

export class FormNonces {
  private readonly issued = new Map<string, number>();

  issue(): string {
    const nonce = randomToken(24);
    this.issued.set(nonce, Date.now() + LIFETIME_MS);
    // Oldest first: past the cap the oldest pages simply have to be opened again.
    for (const key of this.issued.keys()) {
      if (this.issued.size <= MAX_KEPT) break;
      this.issued.delete(key);
    }
    return nonce;
  }

  /** Whether the posted form carries a nonce issued here that has not expired. */
  accepts(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    const until = this.issued.get(value);
    if (until === undefined) return false;
    if (Date.now() > until) {
      this.issued.delete(value);
      return false;
    }
    return true;
  }
}

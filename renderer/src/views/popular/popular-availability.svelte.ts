// Whether the Popular tab is shown: asked of main (which decides once per account) each time
// the signed-in account changes. Signed out, or when the answer is not known yet: hidden.
import { bridge } from '../../lib/bridge';
import type { AuthState } from '../../../../common/contract/index';

export class PopularAvailability {
  approved = $state(false);
  private askedFor: string | undefined;

  /** Call with every auth state; asks again only when the account changed. */
  async follow(auth: AuthState): Promise<void> {
    const account = auth.status === 'signed-in' ? `${auth.account.serviceLabel}\u0000${auth.account.id}` : undefined;
    if (account === this.askedFor) return;
    this.askedFor = account;
    if (account === undefined) {
      this.approved = false;
      return;
    }
    const result = await bridge().popular.availability();
    // A failure (offline, say) keeps the tab hidden; the next sign-in asks again.
    if (this.askedFor === account) this.approved = result.ok && result.value.approved;
    if (!result.ok) this.askedFor = undefined;
  }
}

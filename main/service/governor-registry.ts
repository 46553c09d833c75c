// The rate-limit governors of one owner (the desktop's AccountManager), one per account: the uploads
// queue, the tracker and the UI of an account share its governor, so together they stay inside the
// account's budget. Owned rather than module-wide, so two owners in one process (tests) never share.
import { RateLimitGovernor } from './rate-limit-governor';
import type { GovernorOptions } from './rate-limit-governor';

export class GovernorRegistry {
  private readonly governors = new Map<string, RateLimitGovernor>();

  /** The account key is the user id (or a name such as "sign-in" before the user is known). */
  forAccount(serviceId: string, accountKey: string | number, options?: GovernorOptions): RateLimitGovernor {
    const key = `${serviceId}\u0000${accountKey}`;
    let governor = this.governors.get(key);
    if (!governor) {
      governor = new RateLimitGovernor(options);
      this.governors.set(key, governor);
    }
    return governor;
  }

  /** Sign-out: the account's budget is forgotten with it. */
  forget(serviceId: string, accountKey: string | number): void {
    this.governors.delete(`${serviceId}\u0000${accountKey}`);
  }
}

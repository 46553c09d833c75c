// One rate-limit governor per account in this process: the uploads queue, the tracker and the UI
// all share it, so together they stay inside the account's budget.
import { RateLimitGovernor } from './rate-limit-governor';
import type { GovernorOptions } from './rate-limit-governor';

const governors = new Map<string, RateLimitGovernor>();

/** The account key is the service id plus the user id (or "token" before the user is known). */
export function governorForAccount(serviceId: string, accountKey: string | number, options?: GovernorOptions): RateLimitGovernor {
  const key = `${serviceId}\u0000${accountKey}`;
  let governor = governors.get(key);
  if (!governor) {
    governor = new RateLimitGovernor(options);
    governors.set(key, governor);
  }
  return governor;
}

/** Sign-out: the account's budget is forgotten with it. */
export function forgetGovernor(serviceId: string, accountKey: string | number): void {
  governors.delete(`${serviceId}\u0000${accountKey}`);
}

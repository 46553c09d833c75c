// Asks the service again for an account restored while it could not be reached (saved-account.ts's
// "unconfirmed"), or one whose service stopped answering mid-session, until it answers: soon after the start, then less and less often, and at once
// when any request of the account gets an answer again (its governor's reachability, which the
// queue's own retries move). The answer is the session's to apply: the user as the service sends it
// now, or the token refused.
import type { ActiveAccount } from './active-account';
import { askUser } from './saved-account';
import type { AuthenticatedUser } from '../service/resources';

/** The waits between two questions: 5 s doubling to at most 2 minutes. */
export const CHECK_FIRST_MS = 5_000;
export const CHECK_MOST_MS = 120_000;

export interface AccountCheck {
  account: ActiveAccount;
  /** Still worth asking: the same account is signed in and the session is open. */
  wanted: () => boolean;
  accepted: (user: AuthenticatedUser) => void;
  refused: () => void;
  /** The asking ended, answered or stopped. */
  ended?: () => void;
}

export interface RunningCheck {
  /** Stops asking (a sign-out, another account, the session closing). */
  stop: () => void;
  /** Asks now rather than at the end of the wait: the computer's network came back. */
  askNow: () => void;
}

/** Starts asking. */
export function checkUntilAnswered(check: AccountCheck): RunningCheck {
  const reach = check.account.client.governor.reach;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const offReach = reach.onChange((reachable) => {
    if (reachable) wake?.();
  });
  const stop = (): void => {
    if (!stopped) check.ended?.();
    stopped = true;
    offReach();
    clearTimeout(timer);
    wake?.();
  };
  const pause = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
      timer = setTimeout(resolve, ms);
      timer.unref?.();
    });
  void (async () => {
    for (let waitMs = CHECK_FIRST_MS; ; waitMs = Math.min(waitMs * 2, CHECK_MOST_MS)) {
      await pause(waitMs);
      wake = undefined;
      if (stopped || !check.wanted()) break;
      const answer = await askUser(check.account.client);
      if (stopped || !check.wanted()) break;
      if (answer.kind === 'accepted') check.accepted(answer.user);
      else if (answer.kind === 'refused') check.refused();
      if (answer.kind !== 'unreachable') break;
    }
    stop();
  })();
  // Only a wait is cut short: a question under way is not asked twice.
  return { stop, askNow: () => wake?.() };
}

// What the session keeps true of the signed-in account once it is in: its picture (fetched after the
// sign-in, active-account.ts), whether its service answers (account-reach.ts), and, for an account
// restored while the service did not answer, the service's word later (account-check.ts). Each
// answer is applied only while the same account is signed in: a late one for another is let go.
import type { SignInProblem } from '../../common/contract/index';
import { checkUntilAnswered, type RunningCheck } from './account-check';
import { followOffline } from './account-reach';
import { avatarOf, sameAccount, withAvatar, withFresherUser, withOffline, type ActiveAccount } from './active-account';
import { forgetRefused, keepProfile, type SavedAccountLookup } from './saved-account';

export interface UpkeepHost {
  lookup: Pick<SavedAccountLookup, 'accounts' | 'dataDir'>;
  fetch?: typeof fetch;
  log: (message: string) => void;
  /** The account signed in now (undefined: none, or the session closed). */
  active(): ActiveAccount | undefined;
  /** Shows the signed-in account as it is now (the same user and client). */
  refresh(account: ActiveAccount): void;
  /** The service refused the account's token; its sign-in is forgotten. The session signs it out. */
  refused(account: ActiveAccount, problem: SignInProblem): void;
}

export class AccountUpkeep {
  private stopOffline: (() => void) | undefined;
  private check: RunningCheck | undefined;

  constructor(private readonly host: UpkeepHost) {}

  /** Another account is signed in (undefined: none): its picture is fetched and its service followed. */
  follow(account: ActiveAccount | undefined): void {
    this.stop();
    if (!account) return;
    this.stopOffline = followOffline(account.client.governor.reach, account.view.offlineSince, (since) => {
      const active = this.host.active();
      if (active?.client !== account.client) return;
      this.host.refresh(withOffline(active, since));
      // With nothing waiting to be sent, no request of the account would learn that the service
      // is back: the mark would stay until the designer's next act. The account asks by itself.
      if (since !== null && this.check === undefined) this.checkLater(active);
    });
    void this.showAvatar(account);
  }

  /**
   * The account was restored as last known while the service did not answer, or its service stopped
   * answering mid-session: it stays signed in (its drafts and queue in sight, the queue saying when
   * it tries again) and is asked again until the service answers with its user now, or refuses its
   * token, which signs out as at a start.
   */
  checkLater(account: ActiveAccount): void {
    this.check?.stop();
    const { lookup, log } = this.host;
    const check = checkUntilAnswered({
      account,
      wanted: () => sameAccount(this.host.active(), account),
      accepted: (user) => {
        const now = this.host.active()!;
        this.host.refresh(withFresherUser(now, user));
        void keepProfile(lookup.dataDir, { endpoint: now.endpoint, user }, log);
        if (now.view.avatar === null) void this.showAvatar(now);
      },
      refused: () => {
        void forgetRefused(lookup, account.endpoint, account.user.id).then((problem) => {
          // Whatever the user did meanwhile, this account's sign-in is gone: it is not shown as signed in.
          if (sameAccount(this.host.active(), account)) this.host.refused(account, problem);
        });
      },
      ended: () => {
        if (this.check === check) this.check = undefined;
      },
    });
    this.check = check;
  }

  /** The computer's network came back: an account waiting for its service asks it now. */
  networkBack(): void {
    this.check?.askNow();
  }

  stop(): void {
    this.stopOffline?.();
    this.check?.stop();
    this.stopOffline = undefined;
    this.check = undefined;
  }

  /** The account's picture, once fetched, while the same account is signed in. */
  private async showAvatar(account: ActiveAccount): Promise<void> {
    const avatar = await avatarOf(account, this.host.fetch);
    const active = this.host.active();
    if (avatar !== null && sameAccount(active, account)) this.host.refresh(withAvatar(active, avatar));
  }
}

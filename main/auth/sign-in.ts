// The sign-in, start to finish, shared by the desktop app and the CLI:
//   start(service)          → the authorize URL to open in the system browser
//   completeFromDeepLink(l) → parse the callback, check the state, exchange the code, load /v2/user, keep the token
// Results are values: signed in, failed (with a SignInProblem to show), or ignored (a link that was not ours).
import { buildAuthorizeUrl } from './authorize-url';
import { parseDeepLink } from './deep-link';
import type { DeepLink } from './deep-link';
import { signInProblem } from './auth-problems';
import type { SignInProblem } from './auth-problems';
import { PendingSignIns } from './pending-sign-ins';
import type { PendingSignIn } from './pending-sign-ins';
import { exchangeCode } from './token-exchange';
import type { AccountSummary, StoredAccount, TokenKeeper } from './token-store';
import { accountSummary } from './token-store';
import type { ServiceEndpoint } from './service-settings';
import { ServiceClient } from '../service/service-client';
import { RateLimitGovernor } from '../service/rate-limit-governor';
import { displayNameOf, handleOf } from '../service/resources';
import type { AuthenticatedUser } from '../service/resources';

export type SignInOutcome =
  | { kind: 'signed-in'; account: AccountSummary; user: AuthenticatedUser }
  | { kind: 'failed'; problem: SignInProblem }
  | { kind: 'ignored'; reason: string };

export interface SignInOptions {
  store: TokenKeeper;
  /** The client secret of a service: the sandbox's built-in one, or the user's own from the token store. */
  clientSecretFor(service: ServiceEndpoint): Promise<string | undefined>;
  /** Where dropped links are reported. Gets a reason, never the link (it may hold a code). */
  log?: (message: string) => void;
  now?: () => number;
  fetch?: typeof fetch;
  /** The governor of the new account, so the first /v2/user counts against its budget. */
  governorFor?: (serviceId: string) => RateLimitGovernor;
}

/** The reason an ignored callback carries when its state was not issued by this app. */
export const STATE_MISMATCH = 'state mismatch';

export class SignIn {
  private readonly pending: PendingSignIns;

  constructor(private readonly options: SignInOptions) {
    this.pending = new PendingSignIns(options.now);
  }

  /** Begins a sign-in; open the returned URL in the system browser. */
  start(service: ServiceEndpoint): { authorizeUrl: string; state: string; expiresAt: number } {
    const signIn = this.pending.start(service);
    return { authorizeUrl: buildAuthorizeUrl(signIn), state: signIn.state, expiresAt: signIn.expiresAt };
  }

  /** The user gave up (closed the dialog): any late callback is refused. */
  cancel(): void {
    this.pending.cancelAll();
  }

  get waiting(): boolean {
    return this.pending.size > 0;
  }

  async completeFromDeepLink(link: unknown, signal?: AbortSignal): Promise<SignInOutcome> {
    return this.complete(parseDeepLink(link), signal);
  }

  async complete(link: DeepLink, signal?: AbortSignal): Promise<SignInOutcome> {
    const log = this.options.log ?? (() => {});
    if (link.kind === 'unknown') {
      log(`Ignored a shotput link: ${link.reason}.`);
      return { kind: 'ignored', reason: link.reason };
    }
    const claim = this.pending.claim(link.state);
    if (claim.kind === 'none') {
      log('Ignored a sign-in callback: no sign-in was started.');
      return { kind: 'failed', problem: signInProblem('no-sign-in-started') };
    }
    if (claim.kind === 'mismatch') {
      // Any web page can open an app.shotput:// link: a state this app did not issue is dropped
      // without acting on it, and the real sign-in keeps waiting until its state expires.
      log('Ignored a sign-in callback whose state this app did not issue.');
      return { kind: 'ignored', reason: STATE_MISMATCH };
    }
    if (claim.kind === 'expired') return { kind: 'failed', problem: signInProblem('state-expired') };
    if (link.kind === 'oauth-error') return { kind: 'failed', problem: signInProblem(link.error, link.description) };
    return this.finish(claim.signIn, link.code, signal);
  }

  private async finish(signIn: PendingSignIn, code: string, signal?: AbortSignal): Promise<SignInOutcome> {
    const service = signIn.service;
    const secret = await this.options.clientSecretFor(service);
    if (!secret) return { kind: 'failed', problem: signInProblem('invalid-client') };
    const exchanged = await exchangeCode({ signIn, code, clientSecret: secret, fetch: this.options.fetch, signal });
    if (!exchanged.ok) return { kind: 'failed', problem: exchanged.error };
    const client = new ServiceClient({
      apiUrl: service.apiUrl,
      accessToken: exchanged.value.access_token,
      governor: this.options.governorFor?.(service.id) ?? new RateLimitGovernor(),
      fetch: this.options.fetch,
    });
    let user: AuthenticatedUser;
    try {
      user = await client.getUser({ signal });
    } catch {
      return { kind: 'failed', problem: signInProblem('user-not-loaded') };
    }
    const account: StoredAccount = {
      serviceId: service.id,
      accessToken: exchanged.value.access_token,
      tokenType: exchanged.value.token_type,
      scope: exchanged.value.scope,
      user: { id: user.id, username: handleOf(user), name: displayNameOf(user) },
      signedInAt: new Date(this.options.now?.() ?? Date.now()).toISOString(),
    };
    await this.options.store.saveAccount(account);
    return { kind: 'signed-in', account: accountSummary(account), user };
  }
}

// The desktop app's session, in plain Node: which service is in use (the bundled sandbox by
// default, or the real service with the user's own application), the account signed in to it
// (one per service, restored at start-up), the user from GET /v2/user, and the ServiceClient that
// goes through that account's rate-limit governor. Sign-in opens the system browser and resolves
// when the deep link comes back (handleDeepLink), fails, times out or is cancelled.
// The Electron pieces come in through the AccountManager and the callers in main/app; the states
// and how events move them are pure (session-machine.ts); the choice of service is
// session-services.ts; finding a saved account the service still accepts is saved-account.ts; what
// is kept true of the signed-in account after (its picture, whether its service answers, asking
// again for one restored unanswered) is account-upkeep.ts; this is the async shell around them.
import { EventEmitter } from 'node:events';
import { signInProblem } from '../auth/auth-problems';
import { SIGN_IN_TIMEOUT_MS } from '../auth/service-settings';
import type { AuthenticatedUser } from '../service/resources';
import type { ServiceClient } from '../service/service-client';
import type { AuthState, Result, SecretStorage, ServiceChoice, SignInProblem } from '../../common/contract/index';
import { activeAccount, type ActiveAccount } from './active-account';
import { AccountUpkeep } from './account-upkeep';
import { forgetKnownProfile } from './known-profile';
import { findSavedAccount, keepProfile } from './saved-account';
import type { AccountsPort, FoundAccount } from './saved-account';
import { initialSession, next } from './session-machine';
import { cancelledProblem } from './session-problems';
import { SessionServices } from './session-services';
import type { SessionEvent, SessionState } from './session-machine';

export interface DesktopSessionOptions {
  /** The app's data folder (userData): the session's choice is kept in it. */
  dataDir: string;
  accounts: AccountsPort;
  /** Overrides the safeStorage backend reported by the token store (e.g. 'unavailable'). */
  secretStorage?: SecretStorage;
  /**
   * Where "the real service" is. Default: its addresses in main/auth/service-settings. Tests point
   * it at a second sandbox.
   */
  realService?: { apiUrl: string; authUrl: string };
  log?: (message: string) => void;
  fetch?: typeof fetch;
  /** How long a sign-in waits for the browser; default ten minutes, like the state's lifetime. */
  signInTimeoutMs?: number;
}

/** The signed-in account of the service in use. */
export type { ActiveAccount } from './active-account';

export type SignInResult = Result<AuthState, SignInProblem>; // the new state, or why not with the next step

interface SessionEvents {
  /** Every change of what auth.state answers. */
  changed: [AuthState];
  /** The active account changed: a new sign-in, a switch of service, a sign-out (undefined). */
  account: [ActiveAccount | undefined];
}

/** The impure half of a browser sign-in: its time-out and the caller waiting for the result. */
interface BrowserWait {
  timer: NodeJS.Timeout;
  settle(result: SignInResult): void;
}

export class DesktopSession {
  readonly events = new EventEmitter<SessionEvents>();
  /** What the session is (session-machine.ts); changed only through dispatch. */
  private machine: SessionState<ActiveAccount> = initialSession();
  private wait: BrowserWait | undefined;
  private closed = false;
  private readonly log: (message: string) => void;
  /** The signed-in account's picture, its service's answers, and a later check of one restored unanswered. */
  private readonly upkeep: AccountUpkeep;

  private constructor(
    private readonly options: DesktopSessionOptions,
    private readonly services: SessionServices,
  ) {
    this.log = options.log ?? (() => {});
    this.upkeep = new AccountUpkeep({
      lookup: options,
      fetch: options.fetch,
      log: this.log,
      active: () => (this.closed ? undefined : this.machine.active),
      refresh: (account) => this.dispatch({ type: 'refreshed', account }),
      refused: (_account, problem) => this.dispatch({ type: 'signed-out', problem }),
    });
  }

  /** Opens the session and starts restoring the saved account of the chosen service. */
  static async open(options: DesktopSessionOptions): Promise<DesktopSession> {
    const log = options.log ?? (() => {});
    const session = new DesktopSession(options, await SessionServices.open({ ...options, log }));
    // Settles either way: the window's lists wait on it (desktop.ts); a restore that failed is logged.
    session.started = session.restore().then(
      () => undefined,
      (error: unknown) => session.log(`The saved sign-in could not be restored: ${String(error)}`),
    );
    return session;
  }

  /** Settles once the saved account of the start is signed in, or found unusable (signed out). */
  started: Promise<void> = Promise.resolve();

  // ---- what other parts of the app read -------------------------------------------------------

  /** The client of the signed-in account (undefined when signed out). */
  client(): ServiceClient | undefined {
    return this.machine.active?.client;
  }

  /** The signed-in user as GET /v2/user answered (undefined when signed out). */
  user(): AuthenticatedUser | undefined {
    return this.machine.active?.user;
  }

  account(): ActiveAccount | undefined {
    return this.machine.active;
  }

  get service(): ServiceChoice {
    return this.services.service;
  }

  state(): AuthState {
    const { status, active, signingIn, problem } = this.machine;
    const base = {
      service: this.services.service,
      secretStorage: this.options.secretStorage ?? this.options.accounts.protection,
      realService: this.services.real,
      problem,
    };
    if (status === 'signed-in' && active) return { ...base, status: 'signed-in', account: active.view };
    if (status === 'signing-in' && signingIn) return { ...base, status: 'signing-in', expiresAt: signingIn.expiresAt };
    if (status === 'connecting') return { ...base, status: 'connecting' };
    return { ...base, status: 'signed-out' };
  }

  /** Calls the listener on every change of what state() answers; returns the unsubscribe function. */
  onChange(listener: (state: AuthState) => void): () => void {
    this.events.on('changed', listener);
    return () => this.events.off('changed', listener);
  }

  // ---- actions ---------------------------------------------------------------------------------

  /**
   * Signs in to a service. A saved account of that service is used when the service still
   * accepts it; otherwise the authorize page opens in the system browser and this resolves when
   * the deep link arrives (or the sign-in fails, times out or is cancelled).
   */
  async signIn(request: { service: ServiceChoice; clientId?: string; clientSecret?: string }): Promise<SignInResult> {
    const attempt = this.startAction(true);
    if (request.service === 'real') {
      const missing = await this.services.useRealCredentials(request);
      if (missing) return this.refuse(missing);
    }
    await this.choose(request.service);
    const active = this.machine.active;
    if (active && active.service === request.service) {
      this.dispatch({ type: 'signed-in', attempt, account: active });
      return { ok: true, value: this.state() };
    }

    // A saved account is reused when the service still accepts it: no browser needed.
    const restored = await this.restore(attempt);
    if (this.overtaken(attempt)) return { ok: false, error: cancelledProblem };
    if (restored) return { ok: true, value: this.state() };

    let started: { expiresAt: number };
    try {
      started = await this.options.accounts.beginSignIn(this.services.endpointChoice(request.service));
    } catch (error) {
      this.log(`Could not open the sign-in page: ${error instanceof Error ? error.message : String(error)}`);
      return this.refuse(signInProblem('service-unreachable'));
    }
    if (this.overtaken(attempt)) return { ok: false, error: cancelledProblem };
    return new Promise<SignInResult>((resolve) => {
      const timeoutMs = this.options.signInTimeoutMs ?? SIGN_IN_TIMEOUT_MS;
      const timer = setTimeout(() => {
        if (this.wait?.timer !== timer) return;
        this.options.accounts.cancelSignIn();
        this.fail(signInProblem('state-expired'));
      }, timeoutMs);
      timer.unref?.();
      this.wait = { timer, settle: resolve };
      this.dispatch({
        type: 'browser-opened',
        attempt,
        service: request.service,
        expiresAt: Math.min(started.expiresAt, Date.now() + timeoutMs),
      });
    });
  }

  /** The user stopped waiting for the browser: any late callback is refused. */
  cancelSignIn(): AuthState {
    this.options.accounts.cancelSignIn();
    if (this.wait) {
      this.dispatch({ type: 'action' });
      this.endWait({ ok: false, error: cancelledProblem }, null);
    }
    return this.state();
  }

  /** Every app.shotput:// link comes here; true when it answered a sign-in the user started (a stray one, logged by SignIn or here, changes nothing the user sees). */
  async handleDeepLink(link: string): Promise<boolean> {
    const outcome = await this.options.accounts.handleDeepLink(link);
    if (outcome.kind === 'ignored') return false;
    if (outcome.kind === 'failed') {
      if (!this.wait) {
        this.log(`A sign-in callback was refused: ${outcome.problem.code}.`);
        return false;
      }
      this.fail(outcome.problem);
      return true;
    }
    // A new attempt, but the browser wait stays: this link is what it waits for.
    this.dispatch({ type: 'action' });
    const attempt = this.machine.attempt;
    const service = this.services.serviceOf(outcome.account.serviceId);
    if (service === undefined) {
      this.log('A sign-in finished for a service Shotput no longer uses; it was kept but not used.');
      return false;
    }
    await this.choose(service);
    const endpoint = await this.options.accounts.endpointFor(this.services.endpointChoice(service));
    const client = await this.options.accounts.clientFor(this.services.endpointChoice(service));
    if (!client) {
      this.fail(signInProblem('user-not-loaded'));
      return true;
    }
    await this.activate({ service, endpoint, client, user: outcome.user, scope: outcome.account.scope }, attempt);
    await keepProfile(this.options.dataDir, { endpoint, user: outcome.user }, this.log);
    this.endWait({ ok: true, value: this.state() });
    return true;
  }

  /** Switches to another service: its saved account when there is one, else signed out. */
  async useService(service: ServiceChoice): Promise<AuthState> {
    this.options.accounts.cancelSignIn();
    const attempt = this.startAction(true);
    await this.choose(service);
    if (this.machine.active?.service !== service) await this.restore(attempt);
    return this.state();
  }

  /** The window heard the computer's network come back: an account waiting for its service asks it now. */
  networkBack(): AuthState {
    this.upkeep.networkBack();
    return this.state();
  }

  /** Forgets the account of the service in use (the service has no revocation endpoint). */
  async signOut(): Promise<AuthState> {
    this.options.accounts.cancelSignIn();
    const attempt = this.startAction(false);
    const endpoint = await this.options.accounts.endpointFor(this.services.endpointChoice(this.services.service));
    const userId = this.machine.active?.endpoint.id === endpoint.id ? this.machine.active.user.id : undefined;
    await this.options.accounts.signOut(endpoint.id);
    if (userId !== undefined) await forgetKnownProfile(this.options.dataDir, { endpoint, user: { id: userId } });
    this.dispatch({ type: 'signed-out', attempt, problem: null });
    return this.state();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.upkeep.stop();
    this.startAction(false);
    this.dispatch({ type: 'signed-out' });
    this.events.removeAllListeners();
  }

  /** A user action: a new attempt (older results are dropped), and any browser wait ends as cancelled. */
  private startAction(clearProblem: boolean): number {
    this.dispatch({ type: 'action', clearProblem });
    this.endWait({ ok: false, error: cancelledProblem });
    return this.machine.attempt;
  }

  private overtaken(attempt: number): boolean {
    return attempt !== this.machine.attempt;
  }

  /** Restores the saved account of the chosen service; true when signed in. */
  private async restore(attempt = this.startAction(false)): Promise<boolean> {
    const service = this.services.service;
    const saved = await findSavedAccount({
      accounts: this.options.accounts,
      choice: this.services.endpointChoice(service),
      serviceId: this.services.serviceIdOf(service),
      label: service === 'sandbox' ? 'the sandbox' : 'the service',
      log: this.log,
      onConnecting: () => this.dispatch({ type: 'connecting', attempt }),
      overtaken: () => this.overtaken(attempt),
      dataDir: this.options.dataDir,
    });
    if (this.overtaken(attempt)) return false;
    if (saved.kind === 'none') {
      this.dispatch({ type: 'signed-out', attempt, problem: saved.problem });
      return false;
    }
    const signedIn = await this.activate({ service, ...saved.account }, attempt);
    if (signedIn && saved.kind === 'unconfirmed' && this.machine.active) this.upkeep.checkLater(this.machine.active);
    return signedIn;
  }

  /** The account becomes the signed-in one at once; its picture follows (account-upkeep.ts). */
  private async activate(found: FoundAccount & { service: ServiceChoice }, attempt: number): Promise<boolean> {
    if (this.overtaken(attempt) || this.closed) return false;
    const account = activeAccount(found);
    this.dispatch({ type: 'signed-in', attempt, account });
    return true;
  }

  private async choose(service: ServiceChoice): Promise<void> {
    const changedService = await this.services.choose(service);
    if (changedService && this.machine.active && this.machine.active.service !== service)
      this.dispatch({ type: 'signed-out' });
  }

  /** A sign-in that failed: the problem shows, and whoever waits for the browser hears of it. */
  private fail(problem: SignInProblem): void {
    this.dispatch({ type: 'refused', problem });
    this.endWait({ ok: false, error: problem });
  }

  private refuse(problem: SignInProblem): SignInResult {
    this.dispatch({ type: 'refused', problem });
    return { ok: false, error: problem };
  }

  /** Ends the browser wait, if any, with this result (and this problem to show, when given). */
  private endWait(result: SignInResult, problem?: SignInProblem | null): void {
    const wait = this.wait;
    if (!wait) return;
    this.wait = undefined;
    clearTimeout(wait.timer);
    this.dispatch({ type: 'browser-closed', problem });
    wait.settle(result);
  }

  /** The one place the state changes: the window hears of what it shows, the uploads of the account. */
  private dispatch(event: SessionEvent<ActiveAccount>): void {
    const before = this.machine;
    const after = next(before, event);
    if (after === before) return;
    this.machine = after;
    // The account is news to its listeners (the queue, the drafts) when its user or client is: not
    // when only what the window shows of it changed (its picture arrived).
    const was = before.active;
    const now = after.active;
    if (was?.user !== now?.user || was?.client !== now?.client) this.events.emit('account', now);
    if (was?.client !== now?.client) this.upkeep.follow(now);
    const shown =
      before.status !== after.status ||
      before.active !== after.active ||
      before.signingIn !== after.signingIn ||
      before.problem !== after.problem;
    if (shown && !this.closed) this.events.emit('changed', this.state());
  }
}

// The desktop app's session, in plain Node: which service is in use (the bundled sandbox by
// default, or the real service with the user's own application), the account signed in to it
// (one per service, restored at start-up), the user from GET /v2/user, and the ServiceClient that
// goes through that account's rate-limit governor. Sign-in opens the system browser and resolves
// when the deep link comes back (handleDeepLink), fails, times out or is cancelled.
//
// The Electron pieces (safeStorage, shell.openExternal, deep-link events) come in through the
// AccountManager and the callers in main/app; nothing here imports 'electron'.
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import type { AccountManager } from '../auth/account-manager';
import { signInProblem } from '../auth/auth-problems';
import type { SignInProblem } from '../auth/auth-problems';
import { REAL_SERVICE_ID, SANDBOX_SERVICE_ID, SIGN_IN_TIMEOUT_MS, serviceIdForApi } from '../auth/service-settings';
import type { ServiceChoice as EndpointChoice, ServiceEndpoint } from '../auth/service-settings';
import type { AuthenticatedUser } from '../service/resources';
import type { ServiceClient } from '../service/service-client';
import { isServiceError } from '../service/service-error';
import type { AccountView, AuthProblem, AuthState, SecretStorage, ServiceChoice } from '../../preload/contract';
import { accountView, fetchAvatar } from './account-view';
import { readSessionConfig, writeSessionConfig } from './session-config';
import type { SessionConfig } from './session-config';

/** The parts of AccountManager the session uses (main/auth/account-manager.ts). */
export type AccountsPort = Pick<
  AccountManager,
  'beginSignIn' | 'cancelSignIn' | 'handleDeepLink' | 'signOut' | 'clientFor' | 'setClientSecret' | 'hasClientSecret' | 'endpointFor' | 'accounts' | 'protection'
>;

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
export interface ActiveAccount {
  service: ServiceChoice;
  endpoint: ServiceEndpoint;
  client: ServiceClient;
  user: AuthenticatedUser;
  view: AccountView;
}

export type SignInResult = { ok: true; state: AuthState } | { ok: false; problem: AuthProblem };

interface SessionEvents {
  /** Every change of what auth.state answers. */
  changed: [AuthState];
  /** The active account changed: a new sign-in, a switch of service, a sign-out (undefined). */
  account: [ActiveAccount | undefined];
}

interface PendingSignIn {
  service: ServiceChoice;
  expiresAt: number;
  timer: NodeJS.Timeout;
  settle(result: SignInResult): void;
}

export const cancelledProblem: AuthProblem = {
  code: 'cancelled',
  title: 'Sign-in cancelled',
  message: 'Shotput stopped waiting for the browser.',
  action: 'Sign in again when you are ready',
};

export class DesktopSession {
  readonly events = new EventEmitter<SessionEvents>();
  private status: AuthState['status'] = 'signed-out';
  private active: ActiveAccount | undefined;
  private pending: PendingSignIn | undefined;
  private problem: AuthProblem | null = null;
  private realHasSecret = false;
  /** Bumped by every action that decides the state, so a slow earlier one cannot overwrite it. */
  private generation = 0;
  private closed = false;
  private readonly log: (message: string) => void;
  private readonly configFile: string;

  private constructor(
    private readonly options: DesktopSessionOptions,
    private config: SessionConfig,
  ) {
    this.log = options.log ?? (() => {});
    this.configFile = sessionConfigFile(options.dataDir);
  }

  /** Opens the session and starts restoring the saved account of the chosen service. */
  static async open(options: DesktopSessionOptions): Promise<DesktopSession> {
    const session = new DesktopSession(options, await readSessionConfig(sessionConfigFile(options.dataDir)));
    session.realHasSecret = await session.hasRealSecret();
    void session.restore();
    return session;
  }

  // ---- what other parts of the app read -------------------------------------------------------

  /** The client of the signed-in account (undefined when signed out). */
  client(): ServiceClient | undefined {
    return this.active?.client;
  }

  /** The signed-in user as GET /v2/user answered (undefined when signed out). */
  user(): AuthenticatedUser | undefined {
    return this.active?.user;
  }

  account(): ActiveAccount | undefined {
    return this.active;
  }

  get service(): ServiceChoice {
    return this.config.service;
  }

  state(): AuthState {
    const base = {
      service: this.config.service,
      secretStorage: this.options.secretStorage ?? this.options.accounts.protection,
      realService: { clientId: this.config.realClientId, hasSecret: this.realHasSecret },
      problem: this.problem,
    };
    if (this.status === 'signed-in' && this.active) return { ...base, status: 'signed-in', account: this.active.view };
    if (this.status === 'signing-in' && this.pending) return { ...base, status: 'signing-in', expiresAt: this.pending.expiresAt };
    if (this.status === 'connecting') return { ...base, status: 'connecting' };
    return { ...base, status: 'signed-out' };
  }

  /** Calls the listener on every change of the state; returns the unsubscribe function. */
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
    const generation = ++this.generation;
    this.settlePending({ ok: false, problem: cancelledProblem });
    this.problem = null;
    if (request.service === 'real') {
      const clientId = request.clientId ?? this.config.realClientId;
      if (!clientId) return this.refuse(missingCredentials('client ID'));
      if (clientId !== this.config.realClientId) this.config = { ...this.config, realClientId: clientId };
      if (request.clientSecret) await this.options.accounts.setClientSecret(this.endpointChoice('real'), request.clientSecret);
      this.realHasSecret = await this.hasRealSecret();
      if (!this.realHasSecret) return this.refuse(missingCredentials('client secret'));
    }
    await this.choose(request.service);
    if (this.active && this.active.service === request.service) {
      this.status = 'signed-in';
      this.changed();
      return { ok: true, state: this.state() };
    }

    // A saved account is reused when the service still accepts it: no browser needed.
    const restored = await this.restore(generation);
    if (generation !== this.generation) return { ok: false, problem: cancelledProblem };
    if (restored) return { ok: true, state: this.state() };
    this.problem = null;

    let started: { expiresAt: number };
    try {
      started = await this.options.accounts.beginSignIn(this.endpointChoice(request.service));
    } catch (error) {
      this.log(`Could not open the sign-in page: ${error instanceof Error ? error.message : String(error)}`);
      return this.refuse(problemView(signInProblem('service_unreachable')));
    }
    if (generation !== this.generation) return { ok: false, problem: cancelledProblem };
    return new Promise<SignInResult>((resolve) => {
      const timeoutMs = this.options.signInTimeoutMs ?? SIGN_IN_TIMEOUT_MS;
      const timer = setTimeout(() => {
        if (this.pending?.timer !== timer) return;
        this.options.accounts.cancelSignIn();
        this.fail(problemView(signInProblem('state_expired')));
      }, timeoutMs);
      timer.unref?.();
      this.pending = { service: request.service, expiresAt: Math.min(started.expiresAt, Date.now() + timeoutMs), timer, settle: resolve };
      this.status = 'signing-in';
      this.changed();
    });
  }

  /** The user stopped waiting for the browser: any late callback is refused. */
  cancelSignIn(): AuthState {
    this.options.accounts.cancelSignIn();
    if (this.pending) {
      ++this.generation;
      this.settlePending({ ok: false, problem: cancelledProblem });
      this.status = this.active ? 'signed-in' : 'signed-out';
      this.problem = null;
      this.changed();
    }
    return this.state();
  }

  /** Every app.shotput:// link (open-url, second-instance, first launch) comes here. */
  async handleDeepLink(link: string): Promise<void> {
    const outcome = await this.options.accounts.handleDeepLink(link);
    if (outcome.kind === 'ignored') return;
    if (outcome.kind === 'failed') {
      // A stray or replayed callback while no sign-in waits changes nothing the user sees.
      if (!this.pending) {
        this.log(`A sign-in callback was refused: ${outcome.problem.code}.`);
        return;
      }
      this.fail(problemView(outcome.problem));
      return;
    }
    const generation = ++this.generation;
    const service = this.serviceOf(outcome.account.serviceId);
    if (service === undefined) {
      this.log('A sign-in finished for a service Shotput no longer uses; it was kept but not used.');
      return;
    }
    await this.choose(service);
    const endpoint = await this.options.accounts.endpointFor(this.endpointChoice(service));
    const client = await this.options.accounts.clientFor(this.endpointChoice(service));
    if (!client) {
      this.fail(problemView(signInProblem('user_not_loaded')));
      return;
    }
    await this.activate({ service, endpoint, client, user: outcome.user, scope: outcome.account.scope }, generation);
    this.settlePending({ ok: true, state: this.state() });
  }

  /** Switches to another service: its saved account when there is one, else signed out. */
  async useService(service: ServiceChoice): Promise<AuthState> {
    const generation = ++this.generation;
    this.options.accounts.cancelSignIn();
    this.settlePending({ ok: false, problem: cancelledProblem });
    this.problem = null;
    await this.choose(service);
    if (this.active?.service !== service) await this.restore(generation);
    return this.state();
  }

  /** Forgets the account of the service in use (the service has no revocation endpoint). */
  async signOut(): Promise<AuthState> {
    ++this.generation;
    this.options.accounts.cancelSignIn();
    this.settlePending({ ok: false, problem: cancelledProblem });
    const endpoint = await this.options.accounts.endpointFor(this.endpointChoice(this.config.service));
    await this.options.accounts.signOut(endpoint.id);
    this.problem = null;
    this.setActive(undefined);
    this.status = 'signed-out';
    this.changed();
    return this.state();
  }

  /** Reads GET /v2/user again (teams or pro may have changed). */
  async refreshUser(): Promise<AuthState> {
    const active = this.active;
    if (!active) return this.state();
    const user = await active.client.getUser();
    if (this.active !== active) return this.state();
    this.active = { ...active, user, view: { ...accountView(user, { service: active.service, serviceLabel: active.endpoint.label, scope: active.view.scopes.join(' '), avatar: active.view.avatar }) } };
    this.changed();
    return this.state();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    ++this.generation;
    this.settlePending({ ok: false, problem: cancelledProblem });
    this.setActive(undefined);
    this.events.removeAllListeners();
  }

  // ---- inside ----------------------------------------------------------------------------------

  /** Restores the saved account of the chosen service; true when signed in. */
  private async restore(generation = ++this.generation): Promise<boolean> {
    const service = this.config.service;
    const choice = this.endpointChoice(service);
    // Nothing saved for this service: signed out, and the sandbox is not started for nothing.
    const saved = await this.options.accounts.accounts().catch(() => []);
    if (!saved.some((account) => account.serviceId === this.serviceIdOf(service))) {
      if (generation === this.generation) {
        this.setActive(undefined);
        this.status = 'signed-out';
        this.changed();
      }
      return false;
    }
    let client: ServiceClient | null;
    let endpoint: ServiceEndpoint;
    try {
      client = await this.options.accounts.clientFor(choice);
      endpoint = await this.options.accounts.endpointFor(choice);
    } catch (error) {
      // The bundled sandbox could not start (a port, a damaged data folder, …).
      this.log(`Could not reach ${service === 'sandbox' ? 'the sandbox' : 'the service'}: ${error instanceof Error ? error.message : String(error)}`);
      if (generation === this.generation) {
        this.problem = problemView(signInProblem('service_unreachable'));
        this.status = 'signed-out';
        this.changed();
      }
      return false;
    }
    if (!client) {
      if (generation === this.generation) {
        this.setActive(undefined);
        this.status = 'signed-out';
        this.changed();
      }
      return false;
    }
    if (generation === this.generation) {
      this.status = 'connecting';
      this.changed();
    }
    let user: AuthenticatedUser;
    try {
      user = await client.getUser();
    } catch (error) {
      if (generation !== this.generation) return false;
      if (isServiceError(error) && error.status === 401) {
        // The service no longer accepts the saved token: forget it, ask for a new sign-in.
        await this.options.accounts.signOut(endpoint.id);
        this.problem = {
          code: 'signed_out',
          title: 'You were signed out',
          message: `${endpoint.label} no longer accepts the saved sign-in.`,
          action: 'Sign in again',
        };
      } else {
        this.problem = problemView(signInProblem('service_unreachable'));
      }
      this.setActive(undefined);
      this.status = 'signed-out';
      this.changed();
      return false;
    }
    if (generation !== this.generation) return false;
    const scope = (await this.options.accounts.accounts()).find((a) => a.serviceId === endpoint.id)?.scope ?? '';
    return this.activate({ service, endpoint, client, user, scope }, generation);
  }

  private async activate(
    found: { service: ServiceChoice; endpoint: ServiceEndpoint; client: ServiceClient; user: AuthenticatedUser; scope: string },
    generation: number,
  ): Promise<boolean> {
    const avatar = await fetchAvatar(found.user.avatar_url, this.options.fetch);
    if (generation !== this.generation || this.closed) return false;
    const view = accountView(found.user, { service: found.service, serviceLabel: found.endpoint.label, scope: found.scope, avatar });
    this.problem = null;
    this.setActive({ service: found.service, endpoint: found.endpoint, client: found.client, user: found.user, view });
    this.status = 'signed-in';
    this.changed();
    return true;
  }

  private setActive(next: ActiveAccount | undefined): void {
    const previous = this.active;
    this.active = next;
    if (previous !== next && !(previous === undefined && next === undefined)) this.events.emit('account', next);
  }

  private async choose(service: ServiceChoice): Promise<void> {
    const changedService = service !== this.config.service;
    this.config = { ...this.config, service };
    await writeSessionConfig(this.configFile, this.config).catch((error: unknown) => {
      this.log(`Could not save the service choice: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (changedService && this.active && this.active.service !== service) {
      this.setActive(undefined);
      this.status = 'signed-out';
      this.changed();
    }
  }

  private fail(problem: AuthProblem): void {
    this.problem = problem;
    this.status = this.active ? 'signed-in' : 'signed-out';
    this.settlePending({ ok: false, problem });
    this.changed();
  }

  private refuse(problem: AuthProblem): SignInResult {
    this.problem = problem;
    this.status = this.active ? 'signed-in' : 'signed-out';
    this.changed();
    return { ok: false, problem };
  }

  private settlePending(result: SignInResult): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    if (this.status === 'signing-in') this.status = this.active ? 'signed-in' : 'signed-out';
    pending.settle(result);
  }

  private changed(): void {
    if (this.closed) return;
    this.events.emit('changed', this.state());
  }

  private endpointChoice(service: ServiceChoice): EndpointChoice {
    if (service === 'sandbox') return { kind: 'sandbox' };
    const clientId = this.config.realClientId ?? '';
    const real = this.options.realService;
    return real ? { kind: 'custom', apiUrl: real.apiUrl, authUrl: real.authUrl, clientId } : { kind: 'real', clientId };
  }

  /** Which of the app's services an account id belongs to. */
  private serviceOf(serviceId: string): ServiceChoice | undefined {
    if (serviceId === this.serviceIdOf('sandbox')) return 'sandbox';
    return serviceId === this.serviceIdOf('real') ? 'real' : undefined;
  }

  /** The id accounts of a service are filed under (main/auth/service-settings). */
  private serviceIdOf(service: ServiceChoice): string {
    if (service === 'sandbox') return SANDBOX_SERVICE_ID;
    const real = this.options.realService;
    return real ? serviceIdForApi(real.apiUrl) : REAL_SERVICE_ID;
  }

  private async hasRealSecret(): Promise<boolean> {
    if (!this.config.realClientId) return false;
    return this.options.accounts.hasClientSecret(this.endpointChoice('real')).catch(() => false);
  }
}

export function sessionConfigFile(dataDir: string): string {
  return join(dataDir, 'session.json');
}

export function problemView(problem: SignInProblem): AuthProblem {
  return { code: problem.code, title: problem.title, message: problem.message, action: problem.action.label };
}

/** One sentence for a Result's message: what happened, then what to do. */
export function problemSentence(problem: AuthProblem): string {
  const title = problem.title.replace(/[.!?]?$/, '.');
  return `${title} ${problem.message} ${problem.action.replace(/[.!?]?$/, '.')}`;
}

function missingCredentials(what: 'client ID' | 'client secret'): AuthProblem {
  return {
    code: 'missing_credentials',
    title: `The ${what} is missing`,
    message: `Signing in to the real service needs the client ID and client secret of an application you registered on it.`,
    action: `Enter the ${what} of your application, then sign in`,
  };
}

// The desktop app's side of accounts, in plain Node so it is tested for real: starts a sign-in in the
// system browser, takes the deep link back, keeps one account per service, signs out, and hands out a
// client for the signed-in account. The Electron pieces (safeStorage, deep-link events, shell) are
// passed in from main/app. Tokens and client secrets stay in here; accounts() is what the UI may see.
import { EventEmitter } from 'node:events';
import { SignIn } from './sign-in';
import type { SignInOutcome } from './sign-in';
import type { SignInProblem } from './auth-problems';
import type { AccountSummary, TokenKeeper } from './token-store';
import { SANDBOX_CLIENT_SECRET, SANDBOX_SERVICE_ID, endpointForChoice, sandboxEndpoint } from './service-settings';
import type { ServiceChoice, ServiceEndpoint } from './service-settings';
import { ServiceClient } from '../service/service-client';
import { GovernorRegistry } from '../service/governor-registry';

export interface AccountManagerOptions {
  store: TokenKeeper;
  /** shell.openExternal in the app. Only http(s) addresses are ever passed. */
  openExternal(url: string): Promise<void>;
  /** The bundled sandbox's addresses; started on first use. */
  sandbox(): Promise<{ api: string; auth: string }>;
  log?: (message: string) => void;
  fetch?: typeof fetch;
}

export interface AccountEvents {
  'signed-in': [AccountSummary];
  'sign-in-failed': [SignInProblem];
  'signed-out': [string];
}

export class AccountManager {
  readonly events = new EventEmitter<AccountEvents>();
  private readonly signIn: SignIn;
  /** One governor per account, shared by everything that talks to the service for it. */
  private readonly governors = new GovernorRegistry();

  constructor(private readonly options: AccountManagerOptions) {
    this.signIn = new SignIn({
      store: options.store,
      log: options.log,
      fetch: options.fetch,
      clientSecretFor: async (service) =>
        service.id === SANDBOX_SERVICE_ID ? SANDBOX_CLIENT_SECRET : this.options.store.clientSecret(service.id),
      governorFor: (serviceId) => this.governors.forAccount(serviceId, 'sign-in'),
    });
  }

  /** How tokens are protected at rest; 'basic-text' means the settings screen must say the OS keeps no secret store. */
  get protection(): TokenKeeper['protection'] {
    return this.options.store.protection;
  }

  async endpointFor(choice: ServiceChoice): Promise<ServiceEndpoint> {
    if (choice.kind === 'sandbox') return sandboxEndpoint(await this.options.sandbox());
    return endpointForChoice(choice);
  }

  /** Saves the user's own application secret for a real or custom service (never shown again). */
  async setClientSecret(choice: ServiceChoice, secret: string): Promise<void> {
    if (choice.kind === 'sandbox') return;
    await this.options.store.saveClientSecret((await this.endpointFor(choice)).id, secret);
  }

  async hasClientSecret(choice: ServiceChoice): Promise<boolean> {
    if (choice.kind === 'sandbox') return true;
    return (await this.options.store.clientSecret((await this.endpointFor(choice)).id)) !== undefined;
  }

  /** Opens the authorize page in the system browser; the result arrives later through handleDeepLink. */
  async beginSignIn(choice: ServiceChoice): Promise<{ serviceId: string; expiresAt: number }> {
    const service = await this.endpointFor(choice);
    const { authorizeUrl, expiresAt } = this.signIn.start(service);
    const protocol = new URL(authorizeUrl).protocol;
    if (protocol !== 'https:' && protocol !== 'http:')
      throw new Error('The authorization address must be http or https.');
    await this.options.openExternal(authorizeUrl);
    return { serviceId: service.id, expiresAt };
  }

  cancelSignIn(): void {
    this.signIn.cancel();
  }

  /** Every app.shotput:// link goes here (open-url, second-instance argv, first launch argv). */
  async handleDeepLink(link: unknown): Promise<SignInOutcome> {
    const outcome = await this.signIn.completeFromDeepLink(link);
    if (outcome.kind === 'signed-in') this.events.emit('signed-in', outcome.account);
    else if (outcome.kind === 'failed') this.events.emit('sign-in-failed', outcome.problem);
    return outcome;
  }

  async accounts(): Promise<AccountSummary[]> {
    return this.options.store.summaries();
  }

  async signOut(serviceId: string): Promise<void> {
    const account = await this.options.store.account(serviceId);
    await this.options.store.forgetAccount(serviceId);
    if (account) this.governors.forget(serviceId, account.user.id);
    this.events.emit('signed-out', serviceId);
  }

  /** A client for the signed-in account of a service, sharing that account's governor; null when signed out. */
  async clientFor(choice: ServiceChoice): Promise<ServiceClient | null> {
    const service = await this.endpointFor(choice);
    const account = await this.options.store.account(service.id);
    if (!account) return null;
    return new ServiceClient({
      apiUrl: service.apiUrl,
      accessToken: account.accessToken,
      governor: this.governors.forAccount(service.id, account.user.id),
      fetch: this.options.fetch,
      movingLoopbackPort: service.id === SANDBOX_SERVICE_ID,
    });
  }
}

// The session's choice of service, as the designer made it and the app keeps it: the bundled
// sandbox or the real service, and for the real service the user's own application (its client id
// kept in session.json, its secret sealed in the token store). It names each service the way the
// auth layer does (service-ids.ts). Which account is signed in is not here: desktop-session.ts.
import type { ServiceChoice as EndpointChoice } from '../auth/service-settings';
import type { ServiceChoice, SignInProblem } from '../../common/contract/index';
import type { AccountsPort } from './saved-account';
import { readSessionConfig, sessionConfigFile, writeSessionConfig } from './session-config';
import type { SessionConfig } from './session-config';
import { missingCredentials } from './session-problems';
import { endpointChoice, serviceIdOf, serviceOf, type RealServiceOverride } from './service-ids';

export class SessionServices {
  private realHasSecret = false;

  private constructor(
    private readonly accounts: AccountsPort,
    private readonly configFile: string,
    private readonly realService: RealServiceOverride,
    private readonly log: (message: string) => void,
    private config: SessionConfig,
  ) {}

  static async open(options: {
    dataDir: string;
    accounts: AccountsPort;
    realService?: RealServiceOverride;
    log: (message: string) => void;
  }): Promise<SessionServices> {
    const file = sessionConfigFile(options.dataDir);
    const services = new SessionServices(
      options.accounts,
      file,
      options.realService,
      options.log,
      await readSessionConfig(file),
    );
    services.realHasSecret = await services.hasRealSecret();
    return services;
  }

  /** The service in use. */
  get service(): ServiceChoice {
    return this.config.service;
  }

  /** What the window may know of the user's own application: its id, and whether a secret is kept. */
  get real(): { clientId: string | null; hasSecret: boolean } {
    return { clientId: this.config.realClientId, hasSecret: this.realHasSecret };
  }

  /** Takes the real service's client id and secret (the ones given, else those kept); what is missing, if any. */
  async useRealCredentials(request: { clientId?: string; clientSecret?: string }): Promise<SignInProblem | undefined> {
    const clientId = request.clientId ?? this.config.realClientId;
    if (!clientId) return missingCredentials('client ID');
    if (clientId !== this.config.realClientId) this.config = { ...this.config, realClientId: clientId };
    if (request.clientSecret) await this.accounts.setClientSecret(this.endpointChoice('real'), request.clientSecret);
    this.realHasSecret = await this.hasRealSecret();
    return this.realHasSecret ? undefined : missingCredentials('client secret');
  }

  /** Makes `service` the one in use, kept for the next start; true when it was another before. */
  async choose(service: ServiceChoice): Promise<boolean> {
    const changed = service !== this.config.service;
    this.config = { ...this.config, service };
    await writeSessionConfig(this.configFile, this.config).catch((error: unknown) => {
      this.log(`Could not save the service choice: ${error instanceof Error ? error.message : String(error)}`);
    });
    return changed;
  }

  endpointChoice(service: ServiceChoice): EndpointChoice {
    return endpointChoice(service, this.config.realClientId, this.realService);
  }

  /** Which of the two services an account's id belongs to. */
  serviceOf(serviceId: string): ServiceChoice | undefined {
    return serviceOf(serviceId, this.realService);
  }

  serviceIdOf(service: ServiceChoice): string {
    return serviceIdOf(service, this.realService);
  }

  private async hasRealSecret(): Promise<boolean> {
    if (!this.config.realClientId) return false;
    return this.accounts.hasClientSecret(this.endpointChoice('real')).catch(() => false);
  }
}

// The account saved for a service, looked up at start-up, on a switch of service and before a
// sign-in opens the browser: is there one, can its service be reached, and does the service still
// accept its token (GET /v2/user)? A token the service refuses is forgotten here. The session
// decides what the answer changes (desktop-session.ts); this only finds out.
import { signInProblem } from '../auth/auth-problems';
import type { ServiceChoice as EndpointChoice, ServiceEndpoint } from '../auth/service-settings';
import type { AuthenticatedUser } from '../service/resources';
import type { ServiceClient } from '../service/service-client';
import { isServiceError } from '../service/service-error';
import type { AccountManager } from '../auth/account-manager';
import type { SignInProblem } from '../../common/contract/index';
import { signedOutProblem } from './session-problems';
import { Journal, accountQueueDir, isFinal } from '../uploads/index';

/** The parts of AccountManager the session uses (main/auth/account-manager.ts). */
export type AccountsPort = Pick<
  AccountManager,
  | 'beginSignIn'
  | 'cancelSignIn'
  | 'handleDeepLink'
  | 'signOut'
  | 'clientFor'
  | 'setClientSecret'
  | 'hasClientSecret'
  | 'endpointFor'
  | 'accounts'
  | 'protection'
>;

/** An account the service accepts: its client, endpoint, user and the scope it was granted. */
export interface FoundAccount {
  endpoint: ServiceEndpoint;
  client: ServiceClient;
  user: AuthenticatedUser;
  scope: string;
}

export type SavedAccount =
  | { kind: 'found'; account: FoundAccount }
  /** Nothing usable: no account saved (problem null), or the one saved could not be used. */
  | { kind: 'none'; problem: SignInProblem | null };

export interface SavedAccountLookup {
  accounts: AccountsPort;
  choice: EndpointChoice;
  /** The endpoint id accounts of this service are saved under. */
  serviceId: string;
  /** "the sandbox" or "the service", for the log. */
  label: string;
  log: (message: string) => void;
  /** Called once an account is saved and its client is ready, before the service is asked. */
  onConnecting: () => void;
  /** True once the user started something else: a refused token is then left for a later look. */
  overtaken: () => boolean;
  /** The app's data folder: a refused account's uploads still waiting in it are counted for the sentence. */
  dataDir?: string;
}

export async function findSavedAccount(lookup: SavedAccountLookup): Promise<SavedAccount> {
  const { accounts, choice } = lookup;
  // Nothing saved for this service: signed out, and the sandbox is not started for nothing.
  const saved = await accounts.accounts().catch(() => []);
  if (!saved.some((account) => account.serviceId === lookup.serviceId)) return { kind: 'none', problem: null };
  let client: ServiceClient | null;
  let endpoint: ServiceEndpoint;
  try {
    client = await accounts.clientFor(choice);
    endpoint = await accounts.endpointFor(choice);
  } catch (error) {
    // The bundled sandbox could not start (a port, a damaged data folder, …).
    lookup.log(`Could not reach ${lookup.label}: ${error instanceof Error ? error.message : String(error)}`);
    return { kind: 'none', problem: signInProblem('service-unreachable') };
  }
  if (!client) return { kind: 'none', problem: null };
  lookup.onConnecting();
  let user: AuthenticatedUser;
  try {
    user = await client.getUser();
  } catch (error) {
    if (lookup.overtaken()) return { kind: 'none', problem: null };
    if (!isServiceError(error) || error.status !== 401)
      return { kind: 'none', problem: signInProblem('service-unreachable') };
    // The service no longer accepts the saved token: forget it, ask for a new sign-in, saying how
    // many uploads wait for it (they are sent once the same account signs in again).
    const userId = saved.find((account) => account.serviceId === endpoint.id)?.user.id;
    const waiting =
      lookup.dataDir === undefined || userId === undefined
        ? 0
        : Journal.read(accountQueueDir(lookup.dataDir, { service: endpoint.id, userId })).jobs.filter(
            (job) => !isFinal(job.state),
          ).length;
    await accounts.signOut(endpoint.id);
    return { kind: 'none', problem: signedOutProblem(endpoint.label, waiting) };
  }
  const scope = (await accounts.accounts()).find((a) => a.serviceId === endpoint.id)?.scope ?? '';
  return { kind: 'found', account: { endpoint, client, user, scope } };
}

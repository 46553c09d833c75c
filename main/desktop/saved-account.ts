// The account saved for a service, looked up at start-up, on a switch of service and before a
// sign-in opens the browser: is there one, can its service be reached, and does the service still
// accept its token (GET /v2/user)? A token the service refuses (401) is forgotten here; a service
// that does not answer leaves the account unconfirmed, with its last known profile
// (known-profile.ts), to be asked again later. The session decides what the answer changes
// (desktop-session.ts); this only finds out.
import { signInProblem } from '../auth/auth-problems';
import type { ServiceChoice as EndpointChoice, ServiceEndpoint } from '../auth/service-settings';
import type { AuthenticatedUser } from '../service/resources';
import type { ServiceClient } from '../service/service-client';
import { isServiceError } from '../service/service-error';
import type { AccountManager } from '../auth/account-manager';
import type { SignInProblem } from '../../common/contract/index';
import { forgetKnownProfile, knownProfile, saveKnownProfile } from './known-profile';
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
  /** The service did not answer (no connection, a failure of its own): the account as last known. */
  | { kind: 'unconfirmed'; account: FoundAccount }
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
  /**
   * The app's data folder: a refused account's uploads still waiting in it are counted for the
   * sentence, and the account's last known profile is kept in it.
   */
  dataDir: string;
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
  const answer = await askUser(client);
  if (lookup.overtaken()) return { kind: 'none', problem: null };
  const summary = (saved.find((account) => account.serviceId === endpoint.id) ??
    saved.find((account) => account.serviceId === lookup.serviceId))!;
  if (answer.kind === 'refused')
    return { kind: 'none', problem: await forgetRefused(lookup, endpoint, summary.user.id) };
  const scope = summary.scope;
  if (answer.kind === 'unreachable') {
    lookup.log(
      `Could not reach ${lookup.label}: signed in as user ${summary.user.id} as last known, to be checked again.`,
    );
    const user = await knownProfile(lookup.dataDir, endpoint, summary.user);
    return { kind: 'unconfirmed', account: { endpoint, client, user, scope } };
  }
  await keepProfile(lookup.dataDir, { endpoint, user: answer.user }, lookup.log);
  return { kind: 'found', account: { endpoint, client, user: answer.user, scope } };
}

/** What the service says of a token: its user, refused (401), or nothing usable (to ask again later). */
export type UserAnswer = { kind: 'accepted'; user: AuthenticatedUser } | { kind: 'refused' } | { kind: 'unreachable' };

export async function askUser(client: ServiceClient): Promise<UserAnswer> {
  try {
    return { kind: 'accepted', user: await client.getUser() };
  } catch (error) {
    return isServiceError(error) && error.status === 401 ? { kind: 'refused' } : { kind: 'unreachable' };
  }
}

/**
 * The service no longer accepts the saved token: forget it and its profile, and say so with how
 * many uploads wait for it (they are sent once the same account signs in again).
 */
export async function forgetRefused(
  lookup: Pick<SavedAccountLookup, 'accounts' | 'dataDir'>,
  endpoint: ServiceEndpoint,
  userId: number,
): Promise<SignInProblem> {
  const owner = { service: endpoint.id, userId };
  const waiting = Journal.read(accountQueueDir(lookup.dataDir, owner)).jobs.filter((job) => !isFinal(job.state)).length;
  await lookup.accounts.signOut(endpoint.id);
  await forgetKnownProfile(lookup.dataDir, { endpoint, user: { id: userId } });
  return signedOutProblem(endpoint.label, waiting);
}

/** Keeps the profile the service just sent, for a start it cannot be reached at; a failure only costs that. */
export async function keepProfile(
  dataDir: string,
  account: { endpoint: { id: string }; user: AuthenticatedUser },
  log: (message: string) => void,
): Promise<void> {
  await saveKnownProfile(dataDir, account, account.user).catch((error: unknown) =>
    log(`Could not keep the account's profile: ${error instanceof Error ? error.message : String(error)}`),
  );
}

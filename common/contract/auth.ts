// Sign-in: which service, the signed-in account as the window may know it (never a token), problems.
import * as v from 'valibot';
import { answers, noPayload } from './base';
import { serviceChoices } from './settings';
import type { ServiceChoice } from './settings';
import type { SignInProblem } from '../problem';

/** A team of the signed-in user, from `GET /v2/user` `teams`. */
export interface TeamView {
  id: number;
  name: string;
  login: string;
}

/** The signed-in account as the UI may know it (no token, ever). */
export interface AccountView {
  service: ServiceChoice;
  /** "Sandbox (on this computer)" or "Dribbble". */
  serviceLabel: string;
  id: number;
  name: string;
  username: string;
  /** A small data: URL made in main (the CSP allows no remote images), or null. */
  avatar: string | null;
  pro: boolean;
  /** 'Player' or 'Team'. */
  type: string;
  teams: TeamView[];
  canUploadShot: boolean;
  /** Pro accounts, teams and team members may schedule shots. */
  canSchedule: boolean;
  /** Why scheduling is not offered, when it is not. */
  scheduleReason: string | null;
  /** Scopes granted to the token. */
  scopes: string[];
  htmlUrl: string | null;
  /**
   * ISO time the service stopped answering this account's requests (shown "Offline since 19:20"),
   * or null while it answers. Set from the start when the service did not answer then: the account
   * is its last known profile until it does.
   */
  offlineSince: string | null;
}

export type { SignInProblem } from '../problem';

/** How saved sign-ins are protected on this computer (safeStorage's backend). */
export type SecretStorage = 'os-keychain' | 'basic-text' | 'file-permissions' | 'unavailable';

interface AuthStateBase {
  /** The service in use (chosen at sign-in or in Settings). */
  service: ServiceChoice;
  secretStorage: SecretStorage;
  /** The user's own application on the real service, when entered before (the secret is never sent back). */
  realService: { clientId: string | null; hasSecret: boolean };
  /** The last sign-in failure, until the next attempt. */
  problem: SignInProblem | null;
}

export type AuthState =
  | (AuthStateBase & { status: 'signed-out' })
  /** A saved sign-in is being checked with the service (at start-up or on switching service). */
  | (AuthStateBase & { status: 'connecting' })
  /** The system browser is open on the service's authorize page. */
  | (AuthStateBase & { status: 'signing-in'; expiresAt: number })
  | (AuthStateBase & { status: 'signed-in'; account: AccountView });

export const authRequests = {
  'auth.state': { payload: noPayload, result: answers<AuthState>() },
  'auth.signIn': {
    payload: v.strictObject({
      service: v.picklist(serviceChoices),
      /** The real service only: the user's registered application. */
      clientId: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
      clientSecret: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500))),
    }),
    result: answers<AuthState>(),
  },
  /** Stops waiting for the browser; a late callback is refused. */
  'auth.cancel': { payload: noPayload, result: answers<AuthState>() },
  'auth.signOut': { payload: noPayload, result: answers<AuthState>() },
  /** Switches service: its saved account is used when there is one, else signed out. */
  'auth.useService': { payload: v.strictObject({ service: v.picklist(serviceChoices) }), result: answers<AuthState>() },
  /**
   * The window's `online` event: the computer's network came back. An account whose service did
   * not answer asks it now instead of at the end of its wait (5 s doubling to 2 minutes).
   */
  'auth.networkBack': { payload: noPayload, result: answers<AuthState>() },
} as const;

export const authEvents = {
  'auth.changed': answers<AuthState>(),
} as const;

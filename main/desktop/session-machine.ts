// What the desktop session is, as a pure function of what happened: signed out, connecting (a
// saved sign-in being checked), signing in (the browser is open) or signed in, with the problem
// to show. Every user action starts a new attempt; a result that arrives for an older attempt (a
// slow restore overtaken by a sign-out, a sign-in overtaken by a switch of service) is dropped
// here, in one place, instead of being checked at every await of the async shell.
import type { SignInProblem, AuthState, ServiceChoice } from '../../common/contract/index';

export interface SessionState<Account> {
  status: AuthState['status'];
  active: Account | undefined;
  /** The browser sign-in being waited for. */
  signingIn: { service: ServiceChoice; expiresAt: number } | undefined;
  problem: SignInProblem | null;
  /** The action that decides the state now: events of an older one change nothing. */
  attempt: number;
}

export type SessionEvent<Account> =
  /** The user started something (sign in, switch service, sign out, cancel): a new attempt. */
  | { type: 'action'; clearProblem?: boolean }
  /** A saved sign-in is being checked with the service. */
  | { type: 'connecting'; attempt: number }
  /** The authorize page is open in the browser. */
  | { type: 'browser-opened'; attempt: number; service: ServiceChoice; expiresAt: number }
  /** The browser sign-in ended without an account (cancelled, failed, timed out). */
  | { type: 'browser-closed'; problem?: SignInProblem | null }
  | { type: 'signed-in'; attempt: number; account: Account }
  /** No account: none saved, a refused one, a sign-out, another service chosen. */
  | { type: 'signed-out'; attempt?: number; problem?: SignInProblem | null }
  /** Refused before anything started (missing credentials, page could not open): keeps the account. */
  | { type: 'refused'; problem: SignInProblem }
  /** GET /v2/user read again for the same account. */
  | { type: 'refreshed'; account: Account };

export function initialSession<Account>(): SessionState<Account> {
  return { status: 'signed-out', active: undefined, signingIn: undefined, problem: null, attempt: 0 };
}

/** Whether an event belongs to an attempt that was overtaken. */
function stale<Account>(state: SessionState<Account>, event: SessionEvent<Account>): boolean {
  return 'attempt' in event && event.attempt !== undefined && event.attempt !== state.attempt;
}

export function next<Account>(state: SessionState<Account>, event: SessionEvent<Account>): SessionState<Account> {
  if (stale(state, event)) return state;
  switch (event.type) {
    case 'action':
      return { ...state, attempt: state.attempt + 1, problem: event.clearProblem ? null : state.problem };
    case 'connecting':
      return { ...state, status: 'connecting' };
    case 'browser-opened':
      return {
        ...state,
        status: 'signing-in',
        signingIn: { service: event.service, expiresAt: event.expiresAt },
        problem: null,
      };
    case 'browser-closed':
      // Only a sign-in that was waiting goes back to what it was; a check in progress stays.
      return {
        ...state,
        signingIn: undefined,
        problem: event.problem === undefined ? state.problem : event.problem,
        status: state.status === 'signing-in' ? (state.active ? 'signed-in' : 'signed-out') : state.status,
      };
    case 'refused':
      return {
        ...state,
        signingIn: undefined,
        problem: event.problem,
        status: state.active ? 'signed-in' : 'signed-out',
      };
    case 'signed-in':
      return { ...state, status: 'signed-in', active: event.account, signingIn: undefined, problem: null };
    case 'signed-out':
      return {
        ...state,
        status: 'signed-out',
        active: undefined,
        signingIn: undefined,
        problem: event.problem === undefined ? state.problem : event.problem,
      };
    case 'refreshed':
      return state.active ? { ...state, active: event.account } : state;
  }
}

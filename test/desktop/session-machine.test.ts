// The desktop session's states as a pure function: which event moves it where, and which results
// of an overtaken action are dropped.
import { describe, expect, it } from 'vitest';
import { initialSession, next } from '../../main/desktop/session-machine';
import type { SessionEvent, SessionState } from '../../main/desktop/session-machine';
import type { SignInProblem } from '../../common/contract/index';

type Account = { name: string };
const ada: Account = { name: 'ada' };
const problem: SignInProblem = {
  code: 'access-denied',
  title: 'Sign-in cancelled',
  message: 'You said no.',
  action: 'Sign in again',
};

function run(...events: SessionEvent<Account>[]): SessionState<Account> {
  return events.reduce((state, event) => next(state, event), initialSession<Account>());
}

describe('session machine', () => {
  it('restores a saved sign-in: connecting, then signed in', () => {
    const state = run(
      { type: 'action' },
      { type: 'connecting', attempt: 1 },
      { type: 'signed-in', attempt: 1, account: ada },
    );
    expect(state).toMatchObject({ status: 'signed-in', active: ada, problem: null, attempt: 1 });
  });

  it('drops the result of an action another one overtook', () => {
    // A slow restore (attempt 1) finishes after the user signed out (attempt 2).
    const state = run(
      { type: 'action' },
      { type: 'connecting', attempt: 1 },
      { type: 'action' },
      { type: 'signed-out', attempt: 2, problem: null },
      { type: 'signed-in', attempt: 1, account: ada },
    );
    expect(state).toMatchObject({ status: 'signed-out', active: undefined });
  });

  it('a browser sign-in goes back to where it was when it ends without an account, with the problem', () => {
    const waiting = run({ type: 'action' }, { type: 'browser-opened', attempt: 1, service: 'sandbox', expiresAt: 10 });
    expect(waiting).toMatchObject({ status: 'signing-in', signingIn: { service: 'sandbox', expiresAt: 10 } });
    const denied = next(waiting, { type: 'refused', problem });
    expect(denied).toMatchObject({ status: 'signed-out', signingIn: undefined, problem });
    const cancelled = next(waiting, { type: 'browser-closed', problem: null });
    expect(cancelled).toMatchObject({ status: 'signed-out', problem: null });
  });

  it('a refusal keeps the account that is signed in', () => {
    const state = run(
      { type: 'action' },
      { type: 'signed-in', attempt: 1, account: ada },
      { type: 'action' },
      { type: 'refused', problem },
    );
    expect(state).toMatchObject({ status: 'signed-in', active: ada, problem });
  });

  it('closing a browser wait does not end a check of a saved sign-in in progress', () => {
    const state = run({ type: 'action' }, { type: 'connecting', attempt: 1 }, { type: 'browser-closed' });
    expect(state.status).toBe('connecting');
  });

  it('an action may clear the problem shown; a refresh changes only a signed-in account', () => {
    const shown = run({ type: 'refused', problem });
    expect(next(shown, { type: 'action' }).problem).toBe(problem);
    expect(next(shown, { type: 'action', clearProblem: true }).problem).toBeNull();
    expect(next(shown, { type: 'refreshed', account: ada })).toBe(shown);
    const signedIn = run({ type: 'action' }, { type: 'signed-in', attempt: 1, account: ada });
    expect(next(signedIn, { type: 'refreshed', account: { name: 'ada2' } }).active).toEqual({ name: 'ada2' });
  });
});

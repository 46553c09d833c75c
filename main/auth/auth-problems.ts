// Every way a sign-in can fail, as data the UI and the CLI render: a title, a sentence a designer
// understands, and the one thing to do next.
import type { NextStep, SignInProblem, SignInProblemCode as AnySignInProblemCode } from '../../common/problem';

/** The codes this file words (the others of common/problem.ts are the desktop's own). */
export type SignInProblemCode = Exclude<AnySignInProblemCode, 'missing-credentials' | 'signed-out' | 'cancelled'>;

export type { NextStep, SignInProblem } from '../../common/problem';

/** How each failure is worded: a title, a sentence, and the next step. */
interface Wording {
  title: string;
  message: string;
  action: { kind: NextStep; label: string };
}

const PROBLEMS: Record<SignInProblemCode, Wording> = {
  'application-suspended': {
    title: 'This app has been suspended',
    message: 'The service has suspended the application Shotput signs in with, so it cannot act for you right now.',
    action: {
      kind: 'contact-support',
      label: 'Contact the service’s support, or use your own application’s client ID in Settings',
    },
  },
  'invalid-redirect-uri': {
    title: 'The app’s return address is not registered',
    message:
      'The service would not send you back to Shotput because the callback address does not match the one registered for the application.',
    action: {
      kind: 'check-redirect-uri',
      label:
        'Set the application’s callback URL to app.shotput://oauth/callback on the service, or clear the redirect setting',
    },
  },
  'access-denied': {
    title: 'Sign-in cancelled',
    message: 'You chose not to give Shotput access. Nothing was changed.',
    action: { kind: 'sign-in-again', label: 'Sign in again when you are ready' },
  },
  'invalid-client': {
    title: 'The app’s credentials were not accepted',
    message: 'The service did not recognise the client ID and secret Shotput signed in with.',
    action: {
      kind: 'check-client-credentials',
      label: 'Check the client ID and client secret in Settings, then sign in again',
    },
  },
  'invalid-grant': {
    title: 'The sign-in link has expired',
    message: 'The one-time code from the browser was already used, had expired, or did not match this sign-in.',
    action: { kind: 'sign-in-again', label: 'Sign in again to get a fresh code' },
  },
  'state-mismatch': {
    title: 'This sign-in did not come from Shotput',
    message:
      'The browser returned a sign-in that Shotput did not start (or one from an earlier attempt), so it was ignored to keep your account safe.',
    action: { kind: 'sign-in-again', label: 'Start the sign-in again from Shotput' },
  },
  'state-expired': {
    title: 'The sign-in took too long',
    message:
      'More than ten minutes passed between starting the sign-in and returning to Shotput, so it was discarded for your safety.',
    action: { kind: 'sign-in-again', label: 'Sign in again' },
  },
  'no-sign-in-started': {
    title: 'No sign-in in progress',
    message:
      'Shotput received a sign-in result but was not waiting for one (it may have restarted), so it was ignored.',
    action: { kind: 'sign-in-again', label: 'Start the sign-in again from Shotput' },
  },
  'service-unreachable': {
    title: 'Could not reach the service',
    message: 'Shotput could not connect to the service to finish signing in.',
    action: { kind: 'check-connection', label: 'Check your internet connection, then sign in again' },
  },
  'unexpected-response': {
    title: 'The service answered unexpectedly',
    message: 'The service sent an answer Shotput did not understand while finishing the sign-in.',
    action: { kind: 'try-later', label: 'Try again in a few minutes' },
  },
  'user-not-loaded': {
    title: 'Signed in, but your profile did not load',
    message: 'The service accepted the sign-in but would not return your profile with the new access.',
    action: { kind: 'sign-in-again', label: 'Sign in again; if it keeps happening, try later' },
  },
  'unknown-error': {
    title: 'Sign-in failed',
    message: 'The service refused the sign-in.',
    action: { kind: 'sign-in-again', label: 'Sign in again' },
  },
};

/**
 * Known OAuth error names (`access_denied`, as the service sends them) and our own codes map to their
 * own sentence under our code (`access-denied`: every failure code is kebab-case); anything else is a
 * generic refusal that quotes the service.
 */
export function signInProblem(code: string, detail?: string | null): SignInProblem {
  const ours = code.replaceAll('_', '-');
  const known = (Object.hasOwn(PROBLEMS, ours) ? ours : 'unknown-error') as SignInProblemCode;
  const base = PROBLEMS[known];
  const message = known === 'unknown-error' && detail ? `${base.message} It said: “${detail}”.` : base.message;
  return { code: known, title: base.title, message, action: base.action.label, next: base.action.kind };
}

/** One line for a terminal: what happened and what to do. */
export function problemLine(problem: SignInProblem): string {
  return `${problem.title}: ${problem.message} ${problem.action}.`;
}

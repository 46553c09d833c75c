// The sign-in problems the desktop session shows, as the window renders them.
import type { SignInProblem } from '../../common/contract/index';

export const cancelledProblem: SignInProblem = {
  code: 'cancelled',
  title: 'Sign-in cancelled',
  message: 'Shotput stopped waiting for the browser.',
  action: 'Sign in again when you are ready',
};

/** One sentence for a Result's message: what happened, then what to do. */
export function problemSentence(problem: SignInProblem): string {
  const title = problem.title.replace(/[.!?]?$/, '.');
  return `${title} ${problem.message} ${problem.action.replace(/[.!?]?$/, '.')}`;
}

export function missingCredentials(what: 'client ID' | 'client secret'): SignInProblem {
  return {
    code: 'missing-credentials',
    title: `The ${what} is missing`,
    message: `Signing in to the real service needs the client ID and client secret of an application you registered on it.`,
    action: `Enter the ${what} of your application, then sign in`,
  };
}

/**
 * The saved sign-in of a service that no longer accepts it; with uploads left in its account's
 * queue, the action says how many wait, in the words of the Queue's banner.
 */
export function signedOutProblem(serviceLabel: string, waiting = 0): SignInProblem {
  return {
    code: 'signed-out',
    title: 'You were signed out',
    message: `${serviceLabel} no longer accepts the saved sign-in.`,
    action: waiting > 0 ? signInAgainLine(waiting).replace(/\.$/, '') : 'Sign in again',
  };
}

/** The window's words for a sign-in the service no longer accepts (the CLI names `shotput login`). */
export function signInAgainLine(waiting: number): string {
  return `Sign in again to continue: ${waiting === 1 ? '1 upload waits' : `${waiting} uploads wait`}.`;
}

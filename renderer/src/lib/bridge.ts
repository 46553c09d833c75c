// The renderer's only way to the main process: window.shotput, built by the preload from
// common/contract/. Outside the app (a plain browser tab) it is missing, and we say so.
import type { FailureCode, Problem, Result, ShotputBridge } from '../../../common/contract/index';

export function getBridge(): ShotputBridge | undefined {
  return window.shotput;
}

export const missingBridgeMessage =
  'Shotput’s window is not connected to the app. Start it with “npm start” instead of opening the page in a browser.';

/** Failures the user asked for (a cancelled sign-in): nothing to show. */
const UNSAID: ReadonlySet<FailureCode> = new Set<FailureCode>(['cancelled']);

/** The one place a failure becomes what the user reads: main words every Problem once, for people. */
export function failureText(problem: Problem): string {
  return problem.message;
}

/** What to show for a request's answer: nothing when it went well (or was cancelled), else its sentence. */
export function problemText(result: Result<unknown> | undefined): string | undefined {
  if (result === undefined || result.ok || UNSAID.has(result.error.code)) return undefined;
  return failureText(result.error);
}

/** The value of a Result, or a thrown Error carrying its user-facing message. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new Error(failureText(result.error));
}

/** The bridge, for views that render only once the app has loaded (which needs the bridge). */
export function bridge(): ShotputBridge {
  const found = getBridge();
  if (found === undefined) throw new Error(missingBridgeMessage);
  return found;
}

// The renderer's only way to the main process: window.shotput, built by the preload from
// common/contract/. Outside the app (a plain browser tab) it is missing, and we say so.
import type { Result, ShotputBridge } from '../../../common/contract/index';

export function getBridge(): ShotputBridge | undefined {
  return window.shotput;
}

export const missingBridgeMessage =
  'Shotput’s window is not connected to the app. Start it with “npm start” instead of opening the page in a browser.';

/** The value of a Result, or a thrown Error carrying its user-facing message. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new Error(result.error.message);
}

/** The bridge, for views that render only once the app has loaded (which needs the bridge). */
export function bridge(): ShotputBridge {
  const found = getBridge();
  if (found === undefined) throw new Error(missingBridgeMessage);
  return found;
}

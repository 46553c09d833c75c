// State that follows what main reports subscribes the first time its view opens and keeps
// following while the user moves between tabs. Outside the app there is no bridge, and we say so.
import type { ShotputBridge } from '../../../common/contract/index';
import { getBridge, missingBridgeMessage } from './bridge';

/** A connect() that runs subscribe once; while the bridge is missing it reports why instead. */
export function connectOnce(
  onMissing: (message: string) => void,
  subscribe: (bridge: ShotputBridge) => void,
): () => void {
  let connected = false;
  return () => {
    const bridge = getBridge();
    if (bridge === undefined) {
      onMissing(missingBridgeMessage);
      return;
    }
    if (connected) return;
    connected = true;
    subscribe(bridge);
  };
}

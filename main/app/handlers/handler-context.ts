// What request handlers may use. Grows as features land (the upload queue, the accounts, …).
import type { AppInfo, EventName, EventPayload } from '../../../preload/contract';
import type { SettingsFile } from '../../settings/settings-file';

export interface HandlerContext {
  appInfo: AppInfo;
  settings: SettingsFile;
  /** Sends an event of the contract to the app's window. */
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
}

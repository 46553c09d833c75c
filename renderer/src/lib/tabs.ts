import type { TabName } from '../../../common/contract/index';

export interface TabDefinition {
  name: TabName;
  label: string;
  /** Available while signed out (the other tabs show the welcome screen). */
  signedOut: boolean;
  /** Shown only when the application is approved for popular shots (asked of the service). */
  onlyWhenPopularApproved?: boolean;
}

export const tabs: readonly TabDefinition[] = [
  { name: 'upload', label: 'Upload', signedOut: false },
  { name: 'queue', label: 'Queue', signedOut: false },
  { name: 'shots', label: 'My shots', signedOut: false },
  { name: 'popular', label: 'Popular', signedOut: false, onlyWhenPopularApproved: true },
  { name: 'settings', label: 'Settings', signedOut: true },
];

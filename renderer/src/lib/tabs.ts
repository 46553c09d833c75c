import type { Component } from 'svelte';
import FlameIcon from '@lucide/svelte/icons/flame';
import ImagesIcon from '@lucide/svelte/icons/images';
import ListChecksIcon from '@lucide/svelte/icons/list-checks';
import SettingsIcon from '@lucide/svelte/icons/settings';
import UploadIcon from '@lucide/svelte/icons/upload';
import type { TabName } from '../../../common/contract/index';

export interface TabDefinition {
  name: TabName;
  label: string;
  /** Beside the label in the sidebar (hidden from assistive technology: the label says it). */
  icon: Component;
  /** Available while signed out (the other tabs show the welcome screen). */
  signedOut: boolean;
  /** Shown only when the application is approved for popular shots (asked of the service). */
  onlyWhenPopularApproved?: boolean;
}

export const tabs: readonly TabDefinition[] = [
  { name: 'upload', label: 'Upload', icon: UploadIcon, signedOut: false },
  { name: 'queue', label: 'Queue', icon: ListChecksIcon, signedOut: false },
  { name: 'shots', label: 'My shots', icon: ImagesIcon, signedOut: false },
  { name: 'popular', label: 'Popular', icon: FlameIcon, signedOut: false, onlyWhenPopularApproved: true },
  { name: 'settings', label: 'Settings', icon: SettingsIcon, signedOut: true },
];

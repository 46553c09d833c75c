// What main and the engine say to each other over the engine's port (port-rpc.ts), by name: the
// engine's methods main calls, main's methods the engine calls, and the notes each sends. One place
// for the names, so neither side calls what the other does not serve.
import type { Settings } from '../../common/contract/index';
import type { SecretBox } from '../auth/token-store';

/** What main hands the engine when it starts: where the data is, and what only main knows. */
export interface EngineConfig {
  /** The app's user-data folder: drafts, queues, watched folders and the session's choice live in it. */
  dataDir: string;
  /** The settings as main has them (a new draft's prepare choice); later changes come as notes. */
  settings: Settings;
  /** How main keeps the tokens at rest; 'unavailable' when it keeps them in memory only. */
  protection: SecretBox['protection'] | 'unavailable';
}

/** What main mirrors of the engine for the tray, the dock, the updater and quitting, kept current by notes. */
export interface EngineStatus {
  /** A signed-in account's queue is open. */
  queueOpen: boolean;
  paused: boolean;
  /** No upload is on its way (the updater restarts only then). */
  uploadsIdle: boolean;
  /** What quitting now would say of the uploads left, if any. */
  quitNotice: string | undefined;
  /** Folders are watched: the app stays in the tray with no window. */
  watching: boolean;
  watchingCount: number;
  /** The host the queue cannot reach now, its uploads waiting for it; null while it answers. */
  unreachable: string | null;
}

export const idleEngineStatus: EngineStatus = {
  queueOpen: false,
  paused: false,
  uploadsIdle: true,
  quitNotice: undefined,
  watching: false,
  watchingCount: 0,
  unreachable: null,
};

/** The token store's methods the engine may call through main (which seals and opens them). */
export const tokenMethods = [
  'account',
  'saveAccount',
  'forgetAccount',
  'clientSecret',
  'saveClientSecret',
  'forgetClientSecret',
  'summaries',
] as const;
export type TokenMethod = (typeof tokenMethods)[number];

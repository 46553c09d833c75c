// The app itself: its version, links to the browser, the application menu, updates, logs, About.
import * as v from 'valibot';
import { answers, noPayload } from './base';

export interface AppInfo {
  name: string;
  version: string;
  /** Node's process.platform: 'darwin', 'win32', 'linux', … */
  platform: string;
}

/** http and https only: nothing else is ever handed to the operating system. */
export const ExternalLinkSchema = v.pipe(
  v.string(),
  v.maxLength(4096),
  v.check((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Only http and https links can be opened.'),
);

/** Commands of the application menu that the window carries out. */
export const menuCommands = ['open-settings', 'add-images', 'add-folder', 'upload-all'] as const;
export type MenuCommand = (typeof menuCommands)[number];

export type UpdateStatus = 'unsupported' | 'off' | 'idle' | 'checking' | 'downloading' | 'ready';

/** The updater as Settings shows it. */
export interface UpdateView {
  currentVersion: string;
  /** unsupported: this install cannot update itself (the reason says why and what to do). */
  status: UpdateStatus;
  unsupportedReason: string | null;
  /** How a download is verified before it is installed (signature and checksum, or checksum only). */
  verification?: string;
  /** The version found, while downloading and once ready to install. */
  availableVersion: string | null;
  /** 0..100 while downloading. */
  percent: number | null;
  lastCheckedAt: number | null;
  nextCheckAt: number | null;
  /** The last check's problem as a sentence; it is retried later on its own. */
  problem: string | null;
  /** The user asked to restart: it happens once the uploads in flight are done. */
  restartWhenIdle: boolean;
}

/** What the About panel and Settings show. */
export interface AboutView {
  name: string;
  version: string;
  electron: string;
  chromium: string;
  node: string;
  platform: string;
  arch: string;
  /** The log file "Show logs" opens. */
  logFile: string;
  /** Where new versions are published, when known. */
  releasesUrl: string;
}

export const appRequests = {
  'app.info': { payload: noPayload, result: answers<AppInfo>() },
  /** Opens an http(s) link in the system browser; the window itself never navigates. */
  'shell.openLink': { payload: v.strictObject({ url: ExternalLinkSchema }), result: answers<null>() },
  'app.about': { payload: noPayload, result: answers<AboutView>() },
  /** Shows the log file in the system's file manager. */
  'logs.show': { payload: noPayload, result: answers<null>() },
  'updates.state': { payload: noPayload, result: answers<UpdateView>() },
  /** "Check now": checks and downloads what it finds; the answer comes when that is done. */
  'updates.check': { payload: noPayload, result: answers<UpdateView>() },
  /** "Restart to update": waits for the uploads in flight unless evenIfUploading. */
  'updates.restart': {
    payload: v.optional(v.strictObject({ evenIfUploading: v.optional(v.boolean()) })),
    result: answers<'restarting' | 'waiting-for-uploads' | 'nothing-to-install'>(),
  },
} as const;

export const appEvents = {
  /** A command chosen in the application menu. */
  'menu.command': answers<{ command: MenuCommand }>(),
  'updates.changed': answers<UpdateView>(),
  /** The engine's process died and main started it again: the window says so and reads its state again. */
  'engine.restarted': answers<{ message: string }>(),
} as const;

// What request handlers may use, and where it is assembled for an opened desktop.
import type { AboutView, AppInfo, EventName, EventPayload, UpdateView } from '../../../common/contract/index';
import type { DesktopSession } from '../desktop-session';
import type { Drafts } from '../drafts';
import { PathGrants } from '../path-grants';
import type { Desktop } from '../desktop';
import type { UploadCenter } from '../upload-center';
import type { WatchFolders } from '../watch-folders';
import type { WindowMotion } from '../window-motion';
import type { SettingsFile } from '../../settings/settings-file';

export interface HandlerContext {
  appInfo: AppInfo;
  settings: SettingsFile;
  /** Sends an event of the contract to the app's window. */
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /**
   * The signed-in session: `session.client()` is the ServiceClient of the signed-in account (its
   * requests go through the account's rate-limit governor), undefined when signed out;
   * `session.user()` is the user GET /v2/user answered (name, username, pro, type, teams, …).
   * `session.onChange(listener)` follows sign-in, sign-out and switches of service (the window
   * gets the same as the `auth.changed` event).
   */
  session: DesktopSession;
  /** Opens an http(s) address in the system browser (shell.openExternal); refuses anything else. */
  openExternal: (url: string) => Promise<void>;
  /** Files dropped, picked or pasted on their way to the queue. */
  drafts: Drafts;
  /** The signed-in account's upload queue. */
  uploads: UploadCenter;
  /** The watched folders. */
  watch: WatchFolders;
  /** Clips decoded by the window's Worker (motion.*). */
  motion: WindowMotion;
  /**
   * The system pickers: image files (on macOS folders too), folders of images, or one folder to
   * watch; [] when cancelled.
   */
  pickPaths: (kind: 'images' | 'image-folder' | 'watch-folder') => Promise<string[]>;
  /** Takes the files the OS opened with Shotput (Open With, the dock, Send to) that wait for the window. */
  takeOpenedFiles: () => string[] | Promise<string[]>;
  /** The paths the user gave the app (picked or dropped): the only ones a request may name. */
  grants: PathGrants;
  /** Applies "open at login" to the OS (macOS and Windows; elsewhere it does nothing). */
  applyOpenAtLogin: (open: boolean) => void;
  /** About, the log file and the updater. */
  appShell: AppShellContext;
}

/** What main/app provides for the menu, logs and updates (lifecycle.ts builds it). */
export interface AppShellContext {
  about: AboutView;
  /** Opens the file manager on the log file. */
  showLogs(): Promise<void>;
  /** The updater, once it is set up (that happens beside the window's opening, not before it). */
  updates: Promise<{
    view(): UpdateView;
    checkNow(): Promise<UpdateView>;
    setEnabled(enabled: boolean): UpdateView;
    restart(evenIfUploading: boolean): 'restarting' | 'waiting-for-uploads' | 'nothing-to-install';
  }>;
}

/** What main/app gives the handlers besides the desktop itself (the window's side of IPC). */
export type AppSide = Omit<HandlerContext, 'session' | 'drafts' | 'uploads' | 'watch' | 'motion' | 'grants'>;

/**
 * What the engine's handlers use (drafts, uploads, watched folders, motion, the session and the
 * service): in the app they run in the engine's process, with main's pickers, browser and opened
 * files reached through its port, and the settings as main last sent them.
 */
export type EngineHandlerContext = Pick<
  HandlerContext,
  'session' | 'drafts' | 'uploads' | 'watch' | 'motion' | 'grants' | 'openExternal' | 'pickPaths' | 'takeOpenedFiles'
> & { settings: Pick<SettingsFile, 'get'> };

/** What main's own handlers use (the app's facts, settings, the browser, the app shell). */
export type MainHandlerContext = Pick<
  HandlerContext,
  'appInfo' | 'emit' | 'openExternal' | 'applyOpenAtLogin' | 'appShell'
> & {
  settings: Pick<SettingsFile, 'get' | 'set'>;
};

/** The desktop's events, forwarded to the window as the contract's events (from the moment it opens). */
export function forwardDesktopEvents(desktop: Desktop, emit: HandlerContext['emit']): void {
  desktop.session.onChange((state) => emit('auth.changed', state));
  desktop.drafts.on('changed', (change) => emit('drafts.changed', change));
  desktop.drafts.on('progress', (progress) => emit('drafts.progress', progress));
  desktop.drafts.on('restored', (drafts) => emit('drafts.restored', { drafts }));
  desktop.uploads.on('queueChange', (change) => emit('queue.changed', change));
  desktop.uploads.on('progress', (progress) => emit('queue.progress', progress));
  desktop.uploads.on('rateLimit', (budget) => emit('rateLimit', budget));
  desktop.watch.on('changed', (folders) => emit('watch.changed', folders));
  desktop.motion.on('decode', (request) => emit('motion.decode', request));
}

/** The handler context of an opened desktop: each side of IPC assembled here, so lifecycle.ts only orders the start-up. */
export function desktopHandlerContext(desktop: Desktop, app: AppSide): HandlerContext {
  return {
    ...app,
    session: desktop.session,
    drafts: desktop.drafts,
    uploads: desktop.uploads,
    watch: desktop.watch,
    motion: desktop.motion,
    grants: new PathGrants(),
  };
}

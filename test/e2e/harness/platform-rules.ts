// The platforms the Electron double plays, and the documented differences between them that it
// models (docs/platforms.md has the table with each row's source in Electron 45's documentation).
// Launch with `launchApp({ platform })`; without it, SHOTPUT_E2E_PLATFORM or 'linux'.

export const PLATFORMS = ['darwin', 'win32', 'linux'] as const;
export type DoublePlatform = (typeof PLATFORMS)[number];

export function defaultPlatform(env: NodeJS.ProcessEnv = process.env): DoublePlatform {
  const chosen = env['SHOTPUT_E2E_PLATFORM'];
  if (chosen === undefined || chosen === '') return 'linux';
  if (!(PLATFORMS as readonly string[]).includes(chosen))
    throw new Error(`SHOTPUT_E2E_PLATFORM must be one of ${PLATFORMS.join(', ')}, not "${chosen}".`);
  return chosen as DoublePlatform;
}

/** Every role MenuItemConstructorOptions names in Electron 45 (roles are matched without case, as Electron does). */
export const MENU_ROLES = [
  'undo',
  'redo',
  'cut',
  'copy',
  'paste',
  'pasteAndMatchStyle',
  'delete',
  'selectAll',
  'reload',
  'forceReload',
  'toggleDevTools',
  'resetZoom',
  'zoomIn',
  'zoomOut',
  'toggleSpellChecker',
  'togglefullscreen',
  'window',
  'minimize',
  'close',
  'help',
  'about',
  'services',
  'hide',
  'hideOthers',
  'unhide',
  'quit',
  'showSubstitutions',
  'toggleSmartQuotes',
  'toggleSmartDashes',
  'toggleTextReplacement',
  'startSpeaking',
  'stopSpeaking',
  'zoom',
  'front',
  'appMenu',
  'fileMenu',
  'editMenu',
  'viewMenu',
  'shareMenu',
  'recentDocuments',
  'toggleTabBar',
  'selectNextTab',
  'selectPreviousTab',
  'showAllTabs',
  'mergeAllWindows',
  'clearRecentDocuments',
  'moveTabToNewWindow',
  'windowMenu',
] as const;

/** The roles Electron's menu documentation lists as "additional roles available on macOS". */
export const MAC_ONLY_ROLES = [
  'appMenu',
  'hide',
  'hideOthers',
  'unhide',
  'showSubstitutions',
  'toggleSmartQuotes',
  'toggleSmartDashes',
  'toggleTextReplacement',
  'startSpeaking',
  'stopSpeaking',
  'front',
  'zoom',
  'toggleTabBar',
  'selectNextTab',
  'selectPreviousTab',
  'showAllTabs',
  'mergeAllWindows',
  'moveTabToNewWindow',
  'window',
  'help',
  'services',
  'recentDocuments',
  'clearRecentDocuments',
  'shareMenu',
] as const;

/** showOpenDialog's properties, and on which platforms each does anything. */
export const OPEN_DIALOG_PROPERTIES: Record<string, readonly DoublePlatform[]> = {
  openFile: PLATFORMS,
  openDirectory: PLATFORMS,
  multiSelections: PLATFORMS,
  showHiddenFiles: PLATFORMS,
  createDirectory: ['darwin'],
  promptToCreate: ['win32'],
  noResolveAliases: ['darwin'],
  treatPackageAsDirectory: ['darwin'],
  dontAddToRecent: ['win32'],
};

/** What the desktop around the double offers (Linux desktops differ). */
export interface DesktopHost {
  /** A StatusNotifier/AppIndicator host shows tray icons (GNOME has none unless an extension adds it). */
  trayHost: boolean;
  /** A notification server answers (Notification.isSupported). */
  notifications: boolean;
}

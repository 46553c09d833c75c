// Files the desktop hands to Shotput: a file dropped on the dock icon or opened with "Open With"
// in Finder arrives as `open-file` (macOS, also before `ready`, so the listener is installed in
// will-finish-launching); "Open with" and "Send to" in Explorer and Linux file managers start the
// app with the paths on its command line: the first launch's argv, or the argv a second launch
// hands over through `second-instance`. Each becomes a path the user gave (granted) that waits
// until the window takes it with drafts.takeOpened, which makes drafts of it exactly as of a drop.
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from 'electron';
import { DEEP_LINK_SCHEME } from '../auth/service-settings';

type FilesApp = Pick<App, 'on' | 'off'>;

/**
 * The paths in a launch's command line: what follows the executable (and, run from source, the
 * app's folder), without switches (`--no-sandbox`, Chromium's own) and sign-in links. A desktop
 * entry's %U may hand a local file as a file:// URL. Relative paths are of the launch's folder;
 * only paths that exist are taken, since Chromium may add arguments of its own.
 */
export function pathsInArgv(
  argv: readonly string[],
  options: { defaultApp: boolean; appPath: string; workingDirectory: string },
): string[] {
  const paths: string[] = [];
  for (const arg of argv.slice(options.defaultApp ? 2 : 1)) {
    if (arg === '' || arg.startsWith('-') || arg.toLowerCase().startsWith(DEEP_LINK_SCHEME)) continue;
    let path: string;
    if (/^file:\/\//i.test(arg)) {
      try {
        path = fileURLToPath(arg);
      } catch {
        continue;
      }
    } else if (/^[a-z][a-z0-9+.-]+:\/\//i.test(arg)) {
      continue;
    } else {
      path = isAbsolute(arg) ? arg : resolve(options.workingDirectory, arg);
    }
    // Run from source, the app's own folder is an argument too, and Chromium may reorder them.
    if (options.defaultApp && resolve(path) === resolve(options.appPath)) continue;
    if (existsSync(path)) paths.push(path);
  }
  return paths;
}

export interface DesktopFiles {
  /** The files waiting for the window, taken once. */
  take(): string[];
  /** Paths of a launch's command line (the first launch's, or a second launch's). */
  fromArgv(argv: readonly string[], workingDirectory: string): void;
  dispose(): void;
}

export interface DesktopFilesOptions {
  defaultApp: boolean;
  appPath: string;
  /** Told each time files arrive (the window is told to take them). */
  onArrived: (count: number) => void;
  log: (message: string) => void;
}

/** Listens for macOS's open-file at once: call it from will-finish-launching, before `ready`. */
export function collectDesktopFiles(app: FilesApp, options: DesktopFilesOptions): DesktopFiles {
  const waiting: string[] = [];
  const arrive = (paths: string[]) => {
    if (paths.length === 0) return;
    waiting.push(...paths);
    options.log(`${paths.length === 1 ? 'a file' : `${paths.length} files`} opened with Shotput from the desktop`);
    options.onArrived(paths.length);
  };
  const onOpenFile = (event: { preventDefault(): void }, path: string) => {
    // Handled here: without preventDefault macOS reports that Shotput cannot open the file.
    event.preventDefault();
    arrive([path]);
  };
  app.on('open-file', onOpenFile);
  return {
    take: () => waiting.splice(0),
    fromArgv: (argv, workingDirectory) =>
      arrive(pathsInArgv(argv, { defaultApp: options.defaultApp, appPath: options.appPath, workingDirectory })),
    dispose: () => app.off('open-file', onOpenFile),
  };
}

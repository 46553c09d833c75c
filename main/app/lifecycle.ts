// Start-up and shut-down of the desktop app, in the order Electron requires: scheme
// privileges and the single-instance lock before ready; protocol, permissions, IPC and the
// window after.
import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  MessageChannelMain,
  Notification,
  protocol,
  session,
  shell,
} from 'electron';
import { openSettingsFile } from '../settings/settings-file';
import { handleAppProtocol, registerAppSchemePrivileges } from './app-protocol';
import { devServerUrl, rendererEntryUrl, resolveAppPaths } from './app-paths';
import { createMainHandlers } from '../desktop/handlers/index';
import { eventSender, registerRequestHandlers } from './ipc-registration';
import { registerWindowEnginePort, type WindowEnginePort } from './window-engine-port';
import { createMainWindow } from './main-window';
import { attachNavigationGuard } from './navigation-guard';
import { denyAllPermissions } from './permissions';
import { claimSingleInstance } from './single-instance';
import { findDeepLinkInArgv } from '../auth/deep-link';
import { createSenderCheck } from './trusted-sender';
import { registerDeepLinks } from './auth-deep-links';
import { desktopSandbox, startEngine } from './engine-wiring';
import { PagePolicy } from './page-policy';
import { applyOpenAtLogin, attachDesktopIntegration } from './desktop-integration';
import { createOpenExternal } from './open-external';
import type { EngineClient } from '../engine/engine-client';
import { enginePictures } from './engine-pictures';
import { ENGINE_RESTARTED } from '../../common/engine-words';
import { stopAppSandbox } from './sandbox-process';
import { finishSmokeCheck, smokeRequested } from './smoke-check';
import { openDialogOptions, type PickKind } from './open-dialogs';
import { collectDesktopFiles, type DesktopFiles } from './desktop-files';
import { launchFacts } from './os-launch';
import { openAppLog } from './app-logging';
import { startAppShell } from './app-shell-wiring';

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** electron-builder.yml's appId. */
export const WINDOWS_APP_USER_MODEL_ID = 'app.shotput.desktop';

export function startApp(): void {
  registerAppSchemePrivileges(protocol);
  // Every renderer sandboxed, whatever a window's options say.
  app.enableSandbox();
  const launch = launchFacts();
  // Windows shows a notification only for the AppUserModelID of the Start menu shortcut, which
  // the installer makes from electron-builder's appId.
  if (launch.platform === 'win32') app.setAppUserModelId(WINDOWS_APP_USER_MODEL_ID);
  let desktopFiles: DesktopFiles | undefined;
  // A second launch: its files become drafts, and the window comes back. Opened again if it was
  // closed: on a Linux desktop with no tray host (GNOME's default) starting Shotput again is the
  // only way back to a window closed while folders are watched.
  const onSecondInstance = (argv: string[], workingDirectory: string): void => {
    desktopFiles?.fromArgv(argv, workingDirectory);
    // A launch that only carries a link leaves the focus to that link (a stray one never comes forward).
    if (findDeepLinkInArgv(argv) === null) showMainWindow();
  };
  if (!claimSingleInstance(app, onSecondInstance)) return;
  const appLog = openAppLog();
  const mainLog = appLog.logger.scope('main');
  const log = (message: string): void => mainLog.warn(message);

  let mainWindow: BrowserWindow | undefined;
  const emit = eventSender(() => mainWindow);
  let engine: EngineClient | undefined;
  let enginePort: WindowEnginePort | undefined;
  let quitting: 'no' | 'closing' | 'closed' = 'no';
  // Sign-in callbacks (app.shotput://…) that arrive before the session is open wait for it.
  const waitingLinks: string[] = [];
  const deliverLink = (url: string): void => {
    if (engine === undefined) waitingLinks.push(url);
    else {
      // Only the answer to a sign-in the user started brings the window forward: any web page can
      // open app.shotput:// links, and a stray one is logged by the session, never shown.
      void engine.call<boolean>('deepLink', url).then(
        (answered) => answered && focusMainWindow(),
        (error: unknown) => log(`A sign-in link failed: ${describe(error)}`),
      );
    }
  };
  // macOS sends the link that launched the app through open-url right after will-finish-launching
  // (on Windows and Linux that event comes with 'ready'): listen from there, as Electron advises.
  // Files opened from the desktop are taken from the same moment (macOS's open-file, likewise).
  app.once('will-finish-launching', () => {
    registerDeepLinks(app, deliverLink, { log });
    desktopFiles = collectDesktopFiles(app, {
      defaultApp: launch.defaultApp,
      appPath: app.getAppPath(),
      log: (message) => mainLog.info(message),
      onArrived: (count) => {
        if (engine === undefined) return; // the window takes them when it opens
        emit('drafts.opened', { count });
        showMainWindow();
      },
    });
    desktopFiles.fromArgv(launch.argv, process.cwd());
  });
  const openExternal = createOpenExternal(shell, log);
  const devUrl = devServerUrl(process.env, app.isPackaged);
  const paths = resolveAppPaths(app.getAppPath());

  function focusMainWindow(): void {
    if (mainWindow === undefined || mainWindow.isDestroyed()) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  }

  /**
   * Brings the window back (from the tray, a notification, a second launch), opening it if it was
   * closed; before start-up opened the first window there is nothing to bring back yet.
   */
  let windowOpened = false;
  function showMainWindow(): void {
    if (!windowOpened) return;
    if (mainWindow === undefined || mainWindow.isDestroyed()) openWindow();
    else focusMainWindow();
  }

  function openWindow(): void {
    windowOpened = true;
    mainWindow = createMainWindow(paths.preloadPath, rendererEntryUrl(devUrl), log);
    mainWindow.on('closed', () => {
      mainWindow = undefined;
    });
  }

  app.on('web-contents-created', (_event, contents) => {
    attachNavigationGuard(contents, openExternal);
  });
  app.on('window-all-closed', () => {
    // While folders are watched the app stays in the tray; otherwise it quits (not on macOS).
    if (launch.platform !== 'darwin' && !engine?.status.watching) app.quit();
  });
  // The queue's POSTs in flight finish and the sandbox saves its state before the app exits.
  app.on('before-quit', (event) => {
    if (quitting === 'closed') return;
    event.preventDefault();
    if (quitting === 'closing') return;
    quitting = 'closing';
    // Nothing to confirm (drafts and the queue are on disk); uploads not finished say they go on later.
    const notice = engine?.status.quitNotice;
    if (notice !== undefined) {
      mainLog.info(notice);
      if (Notification.isSupported()) new Notification({ title: 'Shotput', body: notice, silent: true }).show();
    }
    void (async () => {
      await engine?.close().catch((error: unknown) => log(`Closing the session failed: ${describe(error)}`));
      await stopAppSandbox().catch((error: unknown) => log(`Stopping the sandbox failed: ${describe(error)}`));
      mainLog.info('quitting');
      await appLog.file.close();
      quitting = 'closed';
      app.quit();
    })();
  });

  // The CSP header lets images in from the bundled sandbox's own address only, once it runs.
  const pagePolicy = new PagePolicy(() => {
    if (mainWindow !== undefined && !mainWindow.isDestroyed()) mainWindow.webContents.reload();
  });
  const noteSandbox = (sandbox: { url: string }): void => pagePolicy.sandboxStarted(sandbox.url);

  const ready = async (): Promise<void> => {
    denyAllPermissions(session.defaultSession);
    handleAppProtocol(
      protocol,
      paths.rendererDir,
      () => pagePolicy.header(),
      enginePictures(() => engine),
    );
    const settings = await openSettingsFile(join(app.getPath('userData'), 'settings.json'));
    if (settings.loadProblem !== undefined) log(settings.loadProblem);
    const appInfo = { name: app.getName(), version: app.getVersion(), platform: launch.platform };
    const pickPaths = async (kind: PickKind): Promise<string[]> => {
      const options = openDialogOptions(kind, launch.platform);
      const result =
        mainWindow !== undefined && !mainWindow.isDestroyed()
          ? await dialog.showOpenDialog(mainWindow, options)
          : await dialog.showOpenDialog(options);
      return result.canceled ? [] : result.filePaths;
    };
    const started = await startEngine({
      userDataDir: app.getPath('userData'),
      settings: () => settings.get(),
      openExternal,
      pickPaths,
      takeOpenedFiles: () => desktopFiles?.take() ?? [],
      writeLogLine: appLog.writeLine,
      // The window's old port died with the old process: a new one first, then the one line.
      onRestarted: () => {
        if (mainWindow !== undefined) enginePort?.offer(mainWindow.webContents);
        emit('engine.restarted', { message: ENGINE_RESTARTED });
      },
      // What the session, queue and watched folders report this way is mostly a failure.
      log: appLog.logger.scope('engine').warn,
      onSandbox: noteSandbox,
    });
    const opened = started.engine;
    engine = opened;
    // With the sandbox in use (the default), it starts along with the window, and the page waits
    // for it: the first page's policy names its address.
    if (started.service === 'sandbox') {
      pagePolicy.waitFor(
        desktopSandbox({ userDataDir: app.getPath('userData'), onSandbox: noteSandbox, log }).catch((error: unknown) =>
          log(`The sandbox did not start: ${describe(error)}`),
        ),
      );
    }
    for (const url of waitingLinks.splice(0)) deliverLink(url);
    const appShell = await startAppShell({
      engine: opened,
      appLog,
      settings,
      emit,
      openExternal,
      showWindow: showMainWindow,
    });
    // Settings are main's; the engine keeps the copy it needs (a new draft's prepare choice).
    const mainHandlers = createMainHandlers({
      appInfo,
      settings: {
        get: () => settings.get(),
        set: async (patch) => {
          const next = await settings.set(patch);
          opened.settingsChanged(next);
          return next;
        },
      },
      emit,
      openExternal,
      applyOpenAtLogin: (open: boolean) => applyOpenAtLogin(open),
      appShell,
    });
    const ipcOptions = { isTrustedSender: createSenderCheck(devUrl), log };
    // Main answers its own requests; the engine's go on the port the preload asks for here.
    registerRequestHandlers(ipcMain, mainHandlers, ipcOptions);
    enginePort = registerWindowEnginePort(ipcMain, opened, MessageChannelMain, ipcOptions);
    openWindow();
    if (smokeRequested(launch.argv, process.env) && mainWindow !== undefined)
      void finishSmokeCheck(mainWindow, app, log, () =>
        desktopSandbox({ userDataDir: app.getPath('userData'), onSandbox: noteSandbox, log }),
      );
    attachDesktopIntegration({ engine: opened, window: () => mainWindow, showWindow: showMainWindow, log });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
  };

  app
    .whenReady()
    .then(ready)
    .catch((error: unknown) => {
      log(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      app.quit();
    });
}

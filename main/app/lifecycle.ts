// Start-up and shut-down of the desktop app, in the order Electron requires: scheme
// privileges and the single-instance lock before ready; protocol, permissions, IPC and the
// window after.
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, protocol, session, shell } from 'electron';
import { channelOf, type EventName, type EventPayload } from '../../preload/contract';
import { openSettingsFile } from '../settings/settings-file';
import { handleAppProtocol, registerAppSchemePrivileges } from './app-protocol';
import { devServerUrl, rendererEntryUrl, resolveAppPaths } from './app-paths';
import { createRequestHandlers } from './handlers/index';
import { registerRequestHandlers } from './ipc-registration';
import { createMainWindow } from './main-window';
import { attachNavigationGuard } from './navigation-guard';
import { denyAllPermissions } from './permissions';
import { claimSingleInstance } from './single-instance';
import { createSenderCheck } from './trusted-sender';
import { registerDeepLinks } from './auth-deep-links';
import { createDesktopSession } from './desktop-session-wiring';
import { createOpenExternal } from './open-external';
import type { DesktopSession } from '../desktop/desktop-session';
import { stopBundledSandbox } from '../service/bundled-sandbox';

function log(message: string): void {
  console.warn(`[shotput] ${message}`);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function startApp(): void {
  registerAppSchemePrivileges(protocol);
  // Every renderer sandboxed, whatever a window's options say.
  app.enableSandbox();
  if (!claimSingleInstance(app, focusMainWindow)) return;

  let mainWindow: BrowserWindow | undefined;
  let desktopSession: DesktopSession | undefined;
  let quitting: 'no' | 'closing' | 'closed' = 'no';
  // Sign-in callbacks (app.shotput://…) that arrive before the session is open wait for it.
  const waitingLinks: string[] = [];
  const deliverLink = (url: string): void => {
    if (desktopSession === undefined) waitingLinks.push(url);
    else void desktopSession.handleDeepLink(url).catch((error: unknown) => log(`A sign-in link failed: ${describe(error)}`));
    focusMainWindow();
  };
  // Before 'ready': macOS sends the launch link through open-url right after will-finish-launching.
  registerDeepLinks(app, deliverLink, { log });
  const openExternal = createOpenExternal(shell, log);
  const devUrl = devServerUrl(process.env, app.isPackaged);
  const paths = resolveAppPaths(app.getAppPath());

  function focusMainWindow(): void {
    if (mainWindow === undefined || mainWindow.isDestroyed()) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  }

  function emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    if (mainWindow !== undefined && !mainWindow.isDestroyed()) mainWindow.webContents.send(channelOf(event), payload);
  }

  function openWindow(): void {
    mainWindow = createMainWindow(paths.preloadPath, rendererEntryUrl(devUrl), log);
    mainWindow.on('closed', () => {
      mainWindow = undefined;
    });
  }

  app.on('web-contents-created', (_event, contents) => {
    attachNavigationGuard(contents, (url) => shell.openExternal(url));
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // The queue's POSTs in flight finish and the sandbox saves its state before the app exits.
  app.on('before-quit', (event) => {
    if (quitting === 'closed') return;
    event.preventDefault();
    if (quitting === 'closing') return;
    quitting = 'closing';
    void (async () => {
      await desktopSession?.close().catch((error: unknown) => log(`Closing the session failed: ${describe(error)}`));
      await stopBundledSandbox().catch((error: unknown) => log(`Stopping the sandbox failed: ${describe(error)}`));
      quitting = 'closed';
      app.quit();
    })();
  });

  const ready = async (): Promise<void> => {
    denyAllPermissions(session.defaultSession);
    handleAppProtocol(protocol, paths.rendererDir);
    const settings = await openSettingsFile(join(app.getPath('userData'), 'settings.json'));
    if (settings.loadProblem !== undefined) log(settings.loadProblem);
    const appInfo = { name: app.getName(), version: app.getVersion(), platform: process.platform };
    const desktop = await createDesktopSession({ userDataDir: app.getPath('userData'), openExternal, log });
    desktopSession = desktop;
    desktop.onChange((state) => emit('auth.changed', state));
    for (const url of waitingLinks.splice(0)) deliverLink(url);
    registerRequestHandlers(ipcMain, createRequestHandlers({ appInfo, settings, emit, session: desktop, openExternal }), {
      isTrustedSender: createSenderCheck(devUrl),
      log,
    });
    openWindow();
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

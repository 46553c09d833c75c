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

function log(message: string): void {
  console.warn(`[shotput] ${message}`);
}

export function startApp(): void {
  registerAppSchemePrivileges(protocol);
  // Every renderer sandboxed, whatever a window's options say.
  app.enableSandbox();
  if (!claimSingleInstance(app, focusMainWindow)) return;

  let mainWindow: BrowserWindow | undefined;
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

  const ready = async (): Promise<void> => {
    denyAllPermissions(session.defaultSession);
    handleAppProtocol(protocol, paths.rendererDir);
    const settings = await openSettingsFile(join(app.getPath('userData'), 'settings.json'));
    if (settings.loadProblem !== undefined) log(settings.loadProblem);
    const appInfo = { name: app.getName(), version: app.getVersion(), platform: process.platform };
    registerRequestHandlers(ipcMain, createRequestHandlers({ appInfo, settings, emit }), {
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

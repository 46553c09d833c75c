// The desktop around the window: the dock/taskbar progress of the running upload batch (paused on
// Windows while the uploads wait), a system notification when the batch ends, a tray icon while
// folders are watched (with open, pause and quit, and the outage when the service does not
// answer), and "open at login" (macOS and Windows only; Linux desktops have no such API in Electron).
import { app, Menu, nativeImage, Notification, Tray } from 'electron';
import type { BrowserWindow } from 'electron';
import { unreachableLine } from '../../common/outage-words';
import { batchMessage } from '../desktop/batch-tracker';
import type { EngineClient } from '../engine/engine-client';
import { trayIconPng } from '../images/tray-icon';
import { launchFacts } from './os-launch';

export interface DesktopIntegrationOptions {
  engine: EngineClient;
  window: () => BrowserWindow | undefined;
  showWindow: () => void;
  platform?: NodeJS.Platform;
  log: (message: string) => void;
}

export interface DesktopIntegration {
  /** True while the tray icon is shown (folders are watched). */
  readonly hasTray: boolean;
  dispose(): void;
}

export function supportsOpenAtLogin(platform: NodeJS.Platform = launchFacts().platform): boolean {
  return platform === 'darwin' || platform === 'win32';
}

export function applyOpenAtLogin(open: boolean, platform: NodeJS.Platform = launchFacts().platform): void {
  if (!supportsOpenAtLogin(platform)) return;
  app.setLoginItemSettings({ openAtLogin: open });
}

export function attachDesktopIntegration(options: DesktopIntegrationOptions): DesktopIntegration {
  const { engine, log } = options;
  const platform = options.platform ?? launchFacts().platform;
  let tray: Tray | undefined;
  let trayPending = false;
  let disposed = false;

  // The batch's bar on the dock or taskbar. Windows also colours it: paused (yellow) while the
  // uploads wait, for the designer's Pause or for a service that does not answer.
  let progress = -1;
  let progressMode: 'normal' | 'paused' = 'normal';
  const showProgress = () => {
    const window = options.window();
    if (!window || window.isDestroyed()) return;
    if (platform === 'win32' && progress >= 0) window.setProgressBar(progress, { mode: progressMode });
    else window.setProgressBar(progress);
  };
  const onProgress = (fraction: number) => {
    progress = fraction < 0 ? -1 : fraction;
    showProgress();
  };
  const followWaiting = () => {
    const mode = engine.status.paused || engine.status.unreachable !== null ? 'paused' : 'normal';
    if (mode === progressMode) return;
    progressMode = mode;
    if (progress >= 0 && platform === 'win32') showProgress();
  };
  const onDone = (summary: Parameters<typeof batchMessage>[0]) => {
    if (!Notification.isSupported()) return;
    const { title, body } = batchMessage(summary);
    const notification = new Notification({ title, body, silent: false });
    notification.on('click', () => options.showWindow());
    notification.show();
  };

  // An outage is said in the menu too: some Linux trays show no tooltip.
  const outage = (): string | undefined =>
    engine.status.unreachable === null ? undefined : unreachableLine(engine.status.unreachable);
  const trayMenu = () =>
    Menu.buildFromTemplate([
      ...(outage() === undefined ? [] : [{ label: outage(), enabled: false }, { type: 'separator' as const }]),
      { label: 'Open Shotput', click: () => options.showWindow() },
      {
        label: engine.status.paused ? 'Resume uploads' : 'Pause uploads',
        enabled: engine.status.queueOpen,
        click: () => {
          if (!engine.status.queueOpen) return;
          // The menu is made again when the engine's status says the queue paused or resumed.
          void engine
            .call(engine.status.paused ? 'resumeUploads' : 'pauseUploads')
            .catch((error: unknown) => log(`The tray could not pause or resume: ${String(error)}`));
        },
      },
      { type: 'separator' },
      { label: 'Quit Shotput', click: () => app.quit() },
    ]);

  const updateTray = () => {
    if (disposed) return;
    const { watching, watchingCount: count } = engine.status;
    if (watching && !tray && !trayPending) {
      trayPending = true;
      void trayIconPng(platform === 'darwin' ? 16 : 32, platform === 'darwin')
        .then((png) => {
          trayPending = false;
          if (disposed || !engine.status.watching || tray) return;
          const image = nativeImage.createFromBuffer(png);
          if (platform === 'darwin') image.setTemplateImage(true);
          tray = new Tray(image);
          tray.on('click', () => options.showWindow());
          updateTray();
        })
        .catch((error: unknown) => {
          trayPending = false;
          log(`The tray icon could not be made: ${error instanceof Error ? error.message : String(error)}`);
        });
      return;
    }
    if (!watching && tray) {
      tray.destroy();
      tray = undefined;
      return;
    }
    if (tray) {
      const watchingLine = `Shotput: watching ${count} ${count === 1 ? 'folder' : 'folders'}`;
      tray.setToolTip(outage() === undefined ? watchingLine : `${watchingLine}. ${outage()}`);
      tray.setContextMenu(trayMenu());
    }
  };

  engine.on('batchProgress', onProgress);
  engine.on('batchDone', onDone);
  engine.on('status', updateTray);
  engine.on('status', followWaiting);
  updateTray();

  return {
    get hasTray() {
      return tray !== undefined;
    },
    dispose() {
      disposed = true;
      engine.off('batchProgress', onProgress);
      engine.off('batchDone', onDone);
      engine.off('status', updateTray);
      engine.off('status', followWaiting);
      tray?.destroy();
      tray = undefined;
    },
  };
}

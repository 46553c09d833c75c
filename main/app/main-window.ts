// The app's one window. Its security options live in window-options.ts; the navigation rules
// are attached to every web contents in lifecycle.ts.
import { BrowserWindow } from 'electron';
import { createWindowOptions } from './window-options';

export function createMainWindow(preloadPath: string, entryUrl: string, log: (message: string) => void): BrowserWindow {
  const window = new BrowserWindow(createWindowOptions(preloadPath));
  window.once('ready-to-show', () => {
    window.show();
  });
  window.webContents.on('render-process-gone', (_event, details) => {
    log(`The window's renderer stopped (${details.reason}).`);
  });
  window.loadURL(entryUrl).catch((error: unknown) => {
    log(`The window could not load ${entryUrl}: ${error instanceof Error ? error.message : String(error)}`);
  });
  return window;
}

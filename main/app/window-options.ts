// The options of the app's one window: the Electron security checklist's defaults, spelled
// out so a test can hold them in place even if Electron's defaults change.
import type { BrowserWindowConstructorOptions } from 'electron';

export function createWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1100,
    height: 740,
    minWidth: 720,
    minHeight: 520,
    title: 'Shotput',
    // Shown once the first paint is ready, so the user never sees a blank white frame.
    show: false,
    backgroundColor: '#1d1d22',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // A middle click would otherwise ask to open a new window (denied anyway by the open handler).
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      spellcheck: true,
    },
  };
}

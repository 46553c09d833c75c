import { describe, expect, test, vi } from 'vitest';
import { createWindowOptions } from '../../main/app/window-options';

// main/app may import Electron's runtime; none is installed here, so it is replaced.
vi.mock('electron', () => ({}));

describe('window options', () => {
  const options = createWindowOptions('/app/out/preload/index.cjs');

  test('keep the Electron security checklist defaults explicit', () => {
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
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
      disableBlinkFeatures: 'Auxclick',
    });
  });

  test('keep the window hidden until its first paint', () => {
    expect(options.show).toBe(false);
  });
});

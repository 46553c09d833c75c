import { describe, expect, test, vi } from 'vitest';
import { devServerUrl, rendererEntryUrl, resolveAppPaths } from '../../main/app/app-paths';

vi.mock('electron', () => ({}));

describe('app paths', () => {
  test('point at the build output inside the app', () => {
    expect(resolveAppPaths('/opt/Shotput/resources/app.asar')).toEqual({
      preloadPath: '/opt/Shotput/resources/app.asar/out/preload/index.cjs',
      rendererDir: '/opt/Shotput/resources/app.asar/out/renderer',
    });
  });

  test('use the dev server only unpackaged and only on loopback', () => {
    expect(devServerUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, false)).toBe('http://localhost:5173');
    expect(devServerUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, true)).toBeUndefined();
    expect(devServerUrl({ ELECTRON_RENDERER_URL: 'https://evil.example/' }, false)).toBeUndefined();
    expect(devServerUrl({}, false)).toBeUndefined();
    expect(rendererEntryUrl(undefined)).toBe('app://shotput/index.html');
  });
});

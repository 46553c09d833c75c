// Where the built preload and renderer are, relative to the app's root (the repository in
// development, the asar archive when packaged), and which URL the window loads.
import { join } from 'node:path';
import { appEntryUrl } from './app-scheme';

export interface AppPaths {
  preloadPath: string;
  rendererDir: string;
}

export function resolveAppPaths(appPath: string): AppPaths {
  return {
    preloadPath: join(appPath, 'out', 'preload', 'index.cjs'),
    rendererDir: join(appPath, 'out', 'renderer'),
  };
}

/**
 * The dev server only in development (electron-vite sets ELECTRON_RENDERER_URL for `dev`);
 * a packaged app always loads its own files, whatever the environment says.
 */
export function devServerUrl(env: NodeJS.ProcessEnv, isPackaged: boolean): string | undefined {
  if (isPackaged) return undefined;
  const url = env['ELECTRON_RENDERER_URL'];
  return url !== undefined && /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):\d+\/?$/.test(url) ? url : undefined;
}

export function rendererEntryUrl(devUrl: string | undefined): string {
  return devUrl ?? appEntryUrl;
}

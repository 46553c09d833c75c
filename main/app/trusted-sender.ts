// IPC is answered only for the app's own top-level page: app://shotput in production, the
// electron-vite dev server's origin in development. Anything else (a subframe, a page that
// somehow navigated away, a destroyed frame) is refused.
import type { WebFrameMain } from 'electron';
import { isAppUrl, safeUrl } from './app-scheme';

export type FrameLike = Pick<WebFrameMain, 'url'> & { readonly parent?: WebFrameMain | null };

export function createSenderCheck(devServerUrl: string | undefined): (frame: FrameLike | null | undefined) => boolean {
  const devOrigin = devServerUrl === undefined ? undefined : safeUrl(devServerUrl)?.origin;
  return (frame) => {
    if (frame === null || frame === undefined) return false;
    // Only the top-level frame: an embedded frame has a parent.
    if (frame.parent !== null && frame.parent !== undefined) return false;
    if (isAppUrl(frame.url)) return true;
    if (devOrigin === undefined || devOrigin === 'null') return false;
    return safeUrl(frame.url)?.origin === devOrigin;
  };
}

// The window never leaves the app: every navigation is cancelled, no new window opens, and
// http(s) links the user clicks open in the system browser instead. Nothing else (file:,
// javascript:, custom schemes) is ever handed to the OS.
import type { HandlerDetails, WebContents, WindowOpenHandlerResponse } from 'electron';
import { isOpenableExternally } from '../../common/external-links';

export { isOpenableExternally };

export type OpenExternal = (url: string) => Promise<void>;

/** Decides a window.open / target=_blank request: always deny, pass http(s) to the browser. */
export function createWindowOpenHandler(
  openExternal: OpenExternal,
): (details: HandlerDetails) => WindowOpenHandlerResponse {
  return ({ url }) => {
    if (isOpenableExternally(url)) void openExternal(url).catch(() => undefined);
    return { action: 'deny' };
  };
}

type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export function attachNavigationGuard(contents: GuardedContents, openExternal: OpenExternal): void {
  // The renderer is a single page: any navigation is a link or a redirect we did not make.
  contents.on('will-navigate', (event) => {
    event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler(createWindowOpenHandler(openExternal));
}

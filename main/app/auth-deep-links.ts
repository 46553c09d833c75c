// Registers Shotput as the handler of app.shotput:// and delivers every such link to one callback:
// macOS through 'open-url', Windows and Linux through the argv of a second launch ('second-instance')
// or of the first launch. Links that arrive before the app is ready wait for it. The callback gets the
// raw string; parseDeepLink (main/auth/deep-link) decides what it is. Call this synchronously at
// start-up, before 'ready', so the macOS launch URL is not missed.
import path from 'node:path';
import type { App } from 'electron';
import { findDeepLinkInArgv } from '../auth/deep-link';
import { DEEP_LINK_SCHEME } from '../auth/service-settings';
import { launchFacts } from './os-launch';

type DeepLinkApp = Pick<App, 'setAsDefaultProtocolClient' | 'on' | 'off' | 'whenReady' | 'isReady'>;

export interface DeepLinkOptions {
  /** The first launch's command line; default process.argv. */
  argv?: readonly string[];
  /** process.defaultApp: true when run as `electron .` in development. */
  defaultApp?: boolean;
  execPath?: string;
  log?: (message: string) => void;
}

export const DEEP_LINK_PROTOCOL = DEEP_LINK_SCHEME.replace(/:$/, '');

export function registerDeepLinks(
  app: DeepLinkApp,
  onLink: (url: string) => void,
  options: DeepLinkOptions = {},
): { dispose(): void } {
  const launch = launchFacts();
  const argv = options.argv ?? launch.argv;
  const log = options.log ?? (() => {});
  const defaultApp = options.defaultApp ?? launch.defaultApp;

  // In development the executable is Electron itself, so the app's path must be passed along.
  const registered =
    defaultApp && argv.length >= 2
      ? app.setAsDefaultProtocolClient(DEEP_LINK_PROTOCOL, options.execPath ?? launch.execPath, [
          path.resolve(argv[1]!),
        ])
      : app.setAsDefaultProtocolClient(DEEP_LINK_PROTOCOL);
  if (!registered)
    log(`Could not register ${DEEP_LINK_PROTOCOL}:// as this app's link scheme; sign-in links may open nothing.`);

  let disposed = false;
  const waiting: string[] = [];
  const deliver = (url: string) => {
    if (disposed) return;
    if (app.isReady()) onLink(url);
    else waiting.push(url);
  };
  void app.whenReady().then(() => {
    for (const url of waiting.splice(0)) if (!disposed) onLink(url);
  });

  const onOpenUrl = (event: { preventDefault(): void }, url: string) => {
    event.preventDefault();
    deliver(url);
  };
  const onSecondInstance = (_event: unknown, secondArgv: string[]) => {
    const url = findDeepLinkInArgv(secondArgv);
    if (url) deliver(url);
  };
  app.on('open-url', onOpenUrl);
  app.on('second-instance', onSecondInstance);

  const launchLink = findDeepLinkInArgv(argv);
  if (launchLink) deliver(launchLink);

  return {
    dispose() {
      disposed = true;
      app.off('open-url', onOpenUrl);
      app.off('second-instance', onSecondInstance);
    },
  };
}

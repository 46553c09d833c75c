// The one door to the system browser for addresses main decides to open (the sign-in page, a
// published shot): http and https only, anything else is refused and logged.
import type { Shell } from 'electron';
import { isOpenableExternally } from './navigation-guard';

export function createOpenExternal(
  shell: Pick<Shell, 'openExternal'>,
  log: (message: string) => void,
): (url: string) => Promise<void> {
  return async (url) => {
    if (!isOpenableExternally(url)) {
      log('Refused to open a link that is not http(s) in the browser.');
      throw new Error('Only web addresses (http or https) can be opened in the browser.');
    }
    // The parsed, normalised address, not the raw string the caller passed.
    await shell.openExternal(new URL(url).href);
  };
}

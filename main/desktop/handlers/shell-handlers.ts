// Links the renderer asks to open (a shot's page, a mention in a comment) go to the system
// browser; the window never navigates. The contract already accepts only http(s) addresses;
// the check runs again here because this is the last step before the operating system.
import type { RequestHandlers } from '../../../common/contract/index';
import { isOpenableExternally } from '../../../common/external-links';
import { fail, ok } from './result';

export function createShellHandlers(
  openExternal: (url: string) => Promise<void>,
): Pick<RequestHandlers, 'shell.openLink'> {
  return {
    'shell.openLink': async ({ url }) => {
      if (!isOpenableExternally(url))
        return fail('refused-link', 'Shotput opens only web links (http and https). This one was not opened.');
      try {
        await openExternal(url);
        return ok(null);
      } catch {
        return fail('open-failed', 'The link could not be opened in the browser. Copy it and open it yourself.');
      }
    },
  };
}

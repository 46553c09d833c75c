// The About facts, "Show logs" and the updater, for Settings.
import type { RequestHandlers } from '../../../common/contract/index';
import { fail, ok } from './result';
import type { MainHandlerContext } from './handler-context';

export type { AppShellContext } from './handler-context';

export function createAppShellHandlers(
  context: MainHandlerContext,
): Pick<RequestHandlers, 'app.about' | 'logs.show' | 'updates.state' | 'updates.check' | 'updates.restart'> {
  const shell = context.appShell;
  return {
    'app.about': () => ok(shell.about),
    'logs.show': async () => {
      try {
        await shell.showLogs();
        return ok(null);
      } catch {
        return fail('open-failed', `The log folder could not be opened. The log is at ${shell.about.logFile}.`);
      }
    },
    'updates.state': async () => ok((await shell.updates).view()),
    'updates.check': async () => ok(await (await shell.updates).checkNow()),
    'updates.restart': async (payload) => ok((await shell.updates).restart(payload?.evenIfUploading === true)),
  };
}

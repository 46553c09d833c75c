// The About facts, "Show logs" and the updater, for Settings.
import type { AboutView, UpdateView } from '../../../common/contract/index';
import type { RequestHandlers } from '../ipc-registration';
import { fail, ok } from '../result';
import type { HandlerContext } from './handler-context';

/** What main/app provides for the menu, logs and updates (lifecycle.ts builds it). */
export interface AppShellContext {
  about: AboutView;
  /** Opens the file manager on the log file. */
  showLogs(): Promise<void>;
  /** The updater, once it is set up (that happens beside the window's opening, not before it). */
  updates: Promise<{
    view(): UpdateView;
    checkNow(): Promise<UpdateView>;
    setEnabled(enabled: boolean): UpdateView;
    restart(evenIfUploading: boolean): 'restarting' | 'waiting-for-uploads' | 'nothing-to-install';
  }>;
}

export function createAppShellHandlers(context: HandlerContext): Pick<RequestHandlers, 'app.about' | 'logs.show' | 'updates.state' | 'updates.check' | 'updates.restart'> {
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

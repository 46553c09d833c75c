import type { RequestHandlers } from '../../../common/contract/index';
import { ok } from './result';
import type { MainHandlerContext } from './handler-context';

export function createSettingsHandlers(
  context: MainHandlerContext,
): Pick<RequestHandlers, 'settings.get' | 'settings.set'> {
  return {
    'settings.get': () => ok(context.settings.get()),
    'settings.set': async (patch) => {
      const settings = await context.settings.set(patch);
      if (patch.openAtLogin !== undefined) context.applyOpenAtLogin(settings.openAtLogin);
      if (patch.checkForUpdates !== undefined)
        context.emit('updates.changed', (await context.appShell.updates).setEnabled(settings.checkForUpdates));
      context.emit('settings.changed', settings);
      return ok(settings);
    },
  };
}

// watch.*: the watched folders, their defaults, on/off, and "upload anyway" for a skipped file.
import type { RequestHandlers } from '../ipc-registration';
import { ok } from '../result';
import type { HandlerContext } from './handler-context';
import { answer } from './refusal';

export function createWatchHandlers(
  context: HandlerContext,
): Pick<RequestHandlers, 'watch.list' | 'watch.add' | 'watch.update' | 'watch.remove' | 'watch.force'> {
  const { watch } = context;
  return {
    'watch.list': () => ok(watch.list()),
    'watch.add': ({ path, defaults, prepare }) =>
      answer(async () => {
        const chosen = path ?? (await context.pickPaths('folder'))[0];
        if (chosen === undefined) return watch.list();
        return watch.add(chosen, defaults, prepare ?? { ...context.settings.get().prepareDefaults });
      }),
    'watch.update': ({ id, ...patch }) => answer(() => watch.update(id, patch)),
    'watch.remove': ({ id }) => answer(() => watch.remove(id)),
    'watch.force': ({ id, file }) => answer(() => watch.force(id, file)),
  };
}

// watch.*: the watched folders, their defaults, on/off, and "upload anyway" for a skipped file.
import type { RequestHandlers } from '../../../common/contract/index';
import { notGrantedFolder } from '../path-grants';
import { fail, ok } from './result';
import type { EngineHandlerContext } from './handler-context';
import { answer } from './refusal';

export function createWatchHandlers(
  context: EngineHandlerContext,
): Pick<RequestHandlers, 'watch.list' | 'watch.add' | 'watch.update' | 'watch.remove' | 'watch.force'> {
  const { watch, grants } = context;
  return {
    'watch.list': () => ok(watch.list()),
    'watch.add': async ({ path, defaults, prepare }) => {
      // A path from the window must be one the user dropped or picked; the chooser's answer is granted here.
      // It is watched at its real path, and never when a link leads it out of the granted folder.
      const real = path === undefined ? undefined : await grants.realCovered(path);
      if (path !== undefined && real === undefined) return fail('not-granted', notGrantedFolder);
      return answer(async () => {
        const picked = path === undefined ? await context.pickPaths('watch-folder') : [];
        grants.grant(picked);
        const chosen = real ?? picked[0];
        if (chosen === undefined) return watch.list();
        return watch.add(chosen, defaults, prepare ?? { ...context.settings.get().prepareDefaults });
      });
    },
    'watch.update': ({ id, ...patch }) => answer(() => watch.update(id, patch)),
    'watch.remove': ({ id }) => answer(() => watch.remove(id)),
    'watch.force': ({ id, file }) => answer(() => watch.force(id, file)),
  };
}

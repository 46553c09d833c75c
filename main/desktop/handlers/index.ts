// All request handlers, one file per namespace of the contract. The type annotation makes the
// compiler list any request of common/contract/ that has no handler yet.
import type { RequestHandlers } from '../../../common/contract/index';
import { createAppHandlers } from './app-handlers';
import { createAppShellHandlers } from './app-shell-handlers';
import { createAuthHandlers } from './auth-handlers';
import type { HandlerContext } from './handler-context';
import { createSettingsHandlers } from './settings-handlers';
import { createCommentsHandlers } from './comments-handlers';
import { createPopularHandlers } from './popular-handlers';
import { serviceAccess } from './service-access';
import { createShellHandlers } from './shell-handlers';
import { createShotsHandlers } from './shots-handlers';
import { createUploadHandlers } from './upload-handlers';
import { createWatchHandlers } from './watch-handlers';
import { createMotionHandlers } from './motion-handlers';

export function createRequestHandlers(context: HandlerContext): RequestHandlers {
  const service = serviceAccess(
    () => context.session.client(),
    () => context.session.user(),
  );
  return {
    ...createAppHandlers(context),
    ...createSettingsHandlers(context),
    ...createAuthHandlers(context),
    ...createShotsHandlers(service, (id) => context.uploads.forgetShot(id)),
    ...createCommentsHandlers(service),
    ...createPopularHandlers(service),
    ...createShellHandlers(context.openExternal),
    ...createUploadHandlers(context),
    ...createWatchHandlers(context),
    ...createAppShellHandlers(context),
    ...createMotionHandlers(context.motion),
  };
}

// All request handlers, one file per namespace of the contract. The type annotation makes the
// compiler list any request of common/contract/ that has no handler yet.
import type { RequestHandlers } from '../../../common/contract/index';
import { createAppHandlers } from './app-handlers';
import { createAppShellHandlers } from './app-shell-handlers';
import { createAuthHandlers } from './auth-handlers';
import type { EngineHandlerContext, HandlerContext, MainHandlerContext } from './handler-context';
import { createSettingsHandlers } from './settings-handlers';
import { createCommentsHandlers } from './comments-handlers';
import { createPopularHandlers } from './popular-handlers';
import { serviceAccess } from './service-access';
import { createShellHandlers } from './shell-handlers';
import { createShotsHandlers } from './shots-handlers';
import { createUploadHandlers } from './upload-handlers';
import { createWatchHandlers } from './watch-handlers';
import { createMotionHandlers } from './motion-handlers';
import type { MainRequestName } from '../../../common/window-routes';

export type { EngineHandlerContext, MainHandlerContext, MainRequestName };

/** Every request's handler in one process (the tests of the handlers; the app splits them, below). */
export function createRequestHandlers(context: HandlerContext): RequestHandlers {
  return { ...createMainHandlers(context), ...createEngineHandlers(context) };
}

/**
 * The requests main answers itself: the app's facts, settings, links, About, logs and updates (the
 * list the preload routes by, common/window-routes.ts: a name missing here or extra is a type error).
 */
export function createMainHandlers(context: MainHandlerContext): Pick<RequestHandlers, MainRequestName> {
  return {
    ...createAppHandlers(context),
    ...createSettingsHandlers(context),
    ...createShellHandlers(context.openExternal),
    ...createAppShellHandlers(context),
  };
}

/** The requests the engine answers: sign-in, the service, drafts, the queue, watched folders, motion. */
export function createEngineHandlers(context: EngineHandlerContext): Omit<RequestHandlers, MainRequestName> {
  const service = serviceAccess(
    () => context.session.client(),
    () => context.session.user(),
  );
  return {
    ...createAuthHandlers(context),
    ...createShotsHandlers(service, (id) => context.uploads.forgetShot(id)),
    ...createCommentsHandlers(service),
    ...createPopularHandlers(service),
    ...createUploadHandlers(context),
    ...createWatchHandlers(context),
    ...createMotionHandlers(context.motion),
  };
}

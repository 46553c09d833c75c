// auth.*: the session's state, sign-in through the system browser (resolves when the deep link
// comes back), cancel, sign-out, and the choice of service. Failures are sentences with a next step.
import type { RequestHandlers } from '../../../common/contract/index';
import { fail, ok } from './result';
import { problemSentence } from '../session-problems';
import type { EngineHandlerContext } from './handler-context';

export function createAuthHandlers(
  context: EngineHandlerContext,
): Pick<
  RequestHandlers,
  'auth.state' | 'auth.signIn' | 'auth.cancel' | 'auth.signOut' | 'auth.useService' | 'auth.networkBack'
> {
  const { session } = context;
  return {
    'auth.state': () => ok(session.state()),
    'auth.signIn': async (request) => {
      const result = await session.signIn(request);
      return result.ok ? ok(result.value) : fail(result.error.code, problemSentence(result.error));
    },
    'auth.cancel': () => ok(session.cancelSignIn()),
    'auth.signOut': async () => ok(await session.signOut()),
    'auth.useService': async ({ service }) => ok(await session.useService(service)),
    'auth.networkBack': () => ok(session.networkBack()),
  };
}

// Placeholder until main/auth lands: the app is always signed out and says so plainly.
import type { RequestHandlers } from '../ipc-registration';
import { fail, ok } from '../result';

export function createAuthHandlers(): Pick<RequestHandlers, 'auth.state' | 'auth.signIn'> {
  return {
    'auth.state': () => ok({ status: 'signed-out' }),
    'auth.signIn': ({ service }) =>
      fail(
        'not-implemented',
        service === 'sandbox'
          ? 'Signing in to the bundled sandbox is not available in this build yet.'
          : 'Signing in to the real service is not available in this build yet.',
      ),
  };
}

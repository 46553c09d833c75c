// All request handlers, one file per namespace of the contract. The type annotation makes the
// compiler list any request of preload/contract.ts that has no handler yet.
import type { RequestHandlers } from '../ipc-registration';
import { createAppHandlers } from './app-handlers';
import { createAuthHandlers } from './auth-handlers';
import type { HandlerContext } from './handler-context';
import { createSettingsHandlers } from './settings-handlers';

export function createRequestHandlers(context: HandlerContext): RequestHandlers {
  return {
    ...createAppHandlers(context),
    ...createSettingsHandlers(context),
    ...createAuthHandlers(context),
  };
}

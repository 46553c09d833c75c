import type { RequestHandlers } from '../../../common/contract/index';
import { ok } from './result';
import type { HandlerContext } from './handler-context';

export function createAppHandlers(context: HandlerContext): Pick<RequestHandlers, 'app.info'> {
  return {
    'app.info': () => ok(context.appInfo),
  };
}

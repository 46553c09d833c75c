import type { RequestHandlers } from '../../../common/contract/index';
import { ok } from './result';
import type { MainHandlerContext } from './handler-context';

export function createAppHandlers(context: MainHandlerContext): Pick<RequestHandlers, 'app.info'> {
  return {
    'app.info': () => ok(context.appInfo),
  };
}

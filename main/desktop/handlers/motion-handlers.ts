// motion.*: the window's Worker answering main's motion.decode (see main/desktop/window-motion.ts).
import type { RequestHandlers } from '../../../common/contract/index';
import type { WindowMotion } from '../window-motion';
import { fail, ok } from './result';

export function createMotionHandlers(
  motion: WindowMotion,
): Pick<RequestHandlers, 'motion.ready' | 'motion.read' | 'motion.info' | 'motion.frames' | 'motion.end'> {
  return {
    'motion.ready': () => {
      motion.markReady();
      return ok(null);
    },
    'motion.read': async ({ streamId, start, end }) => {
      try {
        return ok(new Uint8Array(await motion.read(streamId, start, end)));
      } catch (error) {
        return fail('refused', error instanceof Error ? error.message : String(error));
      }
    },
    'motion.info': ({ streamId, info }) => {
      motion.info(streamId, info);
      return ok(null);
    },
    'motion.frames': async ({ streamId, frames }) => ok(await motion.frames(streamId, frames)),
    'motion.end': ({ streamId, failure }) => {
      motion.end(streamId, failure);
      return ok(null);
    },
  };
}

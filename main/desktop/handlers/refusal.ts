// Known refusals thrown by the engines (a folder that is not a folder, an image that cannot be
// read, a failed request to the service) become a Failure with their sentence; anything else is a
// crash that ipc-registration reports as such.
import type { Result } from '../../../common/contract/index';
import { ImageError } from '../../images/index';
import { WatchError } from '../watch-folders';
import { isServiceError } from '../../service/service-error';
import { problemOfRequest } from '../../service/problem';
import { fail, failWith, ok } from './result';

export async function answer<T>(work: () => Promise<T> | T): Promise<Result<T>> {
  try {
    return ok(await work());
  } catch (error) {
    if (error instanceof WatchError) return fail('refused', error.message);
    if (error instanceof ImageError) return failWith(error.toProblem());
    if (isServiceError(error)) return failWith(problemOfRequest(error));
    throw error;
  }
}

// Runs a request handler's work with the signed-in account's client; a failure becomes the one
// Problem the service translator words (main/service/problem.ts), carried to the view as it is.
import type { Result } from '../../../common/contract/index';
import { problemFrom } from '../../service/problem';
import type { ServiceOperation } from '../../service/operations';
import type { ServiceClient } from '../../service/service-client';
import { failWith, fail, ok } from './result';
import type { ServiceAccess } from './service-access';

/** Runs `work` with the signed-in account's client; every failure becomes a Failure with a sentence. */
export async function withService<T>(
  access: ServiceAccess,
  action: ServiceOperation,
  work: (client: ServiceClient) => Promise<T>,
): Promise<Result<T>> {
  const client = access.client();
  if (client === undefined)
    return fail('signed-out', `You are signed out, so Shotput cannot ${action.doing}. Sign in, then try again.`);
  try {
    return ok(await work(client));
  } catch (error) {
    return describeServiceFailure(error, action, client);
  }
}

export function describeServiceFailure<T>(error: unknown, action: ServiceOperation, client?: ServiceClient): Result<T> {
  return failWith(problemFrom(error, action, client?.governor.state.resetAt ?? null));
}

// Reading a handler's Result in tests: the value of a success, the error of a failure, and a
// thrown error naming what came instead.
import type { Result } from '../../common/contract/index';

export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

export function failure<T>(result: Result<T>): { code: string; message: string } {
  if (result.ok) throw new Error('expected a failure, got a value');
  return result.error;
}

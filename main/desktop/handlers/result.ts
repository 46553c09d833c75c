// Small constructors for the Result values every request answers with.
import type { Failure, Result } from '../../../common/contract/index';
import type { Problem } from '../../service/problem';

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: string, message: string, retryable?: boolean): Result<T> {
  const error: Failure = retryable === undefined ? { code, message } : { code, message, retryable };
  return { ok: false, error };
}

/** A Problem from the service translator, unchanged. */
export function failWith<T = never>(problem: Problem): Result<T> {
  return fail(problem.code, problem.message, problem.retryable);
}

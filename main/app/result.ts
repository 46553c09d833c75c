// Small constructors for the Result values every request answers with.
import type { Failure, Result } from '../../preload/contract';

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: string, message: string): Result<T> {
  const error: Failure = { code, message };
  return { ok: false, error };
}

// Checks a response body against a resource schema and turns the first problem into a sentence
// that names the field, e.g. `the shot's "images.normal" should be a string but is a number`.
import * as v from 'valibot';

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string };

export function validateBody<S extends v.GenericSchema>(schema: S, body: unknown, what: string): Validated<v.InferOutput<S>> {
  const result = v.safeParse(schema, body);
  if (result.success) return { ok: true, value: result.output };
  const issue = result.issues[0];
  const field = v.getDotPath(issue);
  const received = describeValue(issue.input);
  const expected = issue.expected ?? 'another value';
  const where = field ? `"${field}"` : 'body';
  return { ok: false, message: `The service sent ${what} whose ${where} should be ${expected} but is ${received}.` };
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  return `a ${typeof value}`;
}

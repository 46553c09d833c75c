// Checks a response body against a resource schema and turns the first problem into one sentence
// that names the request and the field, e.g. `The service's answer to GET /v2/shots/7 cannot be
// used: the shot's "images.normal" should be a string but is the number 12.`
import * as v from 'valibot';
import { fail, ok } from '../../common/problem';
import type { Result } from '../../common/problem';
import { scrubSecrets } from './known-secrets';

/**
 * `what` names the resource ("the user", "a shot"); `request` the call that answered ("GET /v2/user"),
 * omitted where the caller words the request itself.
 */
export function validateBody<S extends v.GenericSchema>(
  schema: S,
  body: unknown,
  what: string,
  request?: string,
): Result<v.InferOutput<S>> {
  const result = v.safeParse(schema, body);
  if (result.success) return ok(result.output);
  const issue = result.issues[0];
  const field = v.getDotPath(issue);
  const owner = what.startsWith('a ') || what.startsWith('an ') ? `the ${what.replace(/^an? /, '')}` : what;
  const problem =
    issue.type === 'check'
      ? // A rule over several fields (a person needs a login or a username): its message says it.
        `${field ? `${owner}'s "${field}"` : owner} ${issue.message}`
      : `${owner}'s ${field ? `"${field}"` : 'body'} should be ${issue.expected ?? 'another value'} but is ${describeValue(issue.input)}`;
  const lead = request
    ? `The service's answer to ${request} cannot be used: `
    : 'The service sent something Shotput cannot use: ';
  return fail('invalid-response', `${lead}${problem}.`);
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') {
    // Secrets go before the cut: a token cut short would no longer be recognised later.
    const text = scrubSecrets(value);
    return `the text ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)}`;
  }
  if (typeof value === 'number') return `the number ${value}`;
  return `a ${typeof value}`;
}

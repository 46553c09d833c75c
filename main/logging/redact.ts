// What never reaches a log line: tokens, client secrets, authorization codes, PKCE verifiers,
// passwords. Messages are written by our own code, which already leaves these out; this is the net
// under it, for a URL, a form body or a service's error text that carries one by accident. Secrets
// the process knows (main/service/known-secrets.ts) are removed by value first, in any shape; the
// patterns below catch the ones it never held.
import { scrubSecrets } from '../service/known-secrets';

/** Names whose values are secrets wherever they appear (query strings, forms, JSON, key: value). */
const CAMEL_NAMES = ['accessToken', 'refreshToken', 'idToken', 'clientSecret', 'codeVerifier'];
const SECRET_NAMES = [
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'client_secret',
  'code_verifier',
  'code',
  'password',
  ...CAMEL_NAMES,
];

/** Names that are secrets in prose too ("client_secret: …"); `code` and `token` alone are not ("exit code: 1"). */
const PROSE_NAMES = [
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'code_verifier',
  'password',
  ...CAMEL_NAMES,
];

const names = SECRET_NAMES.join('|');
const value = `(?!\\[redacted\\])([^\\s&"',;)}\\]]+)`;
// name=value in a query string or a form body: at the start, or after ?, & or a space.
const parameter = new RegExp(`(^|[?&\\s])(${names})(=)${value}`, 'gim');
// name: value and name=value in prose or code, quoted or not, for the names that are never anything but secrets.
const assignment = new RegExp(`\\b(${PROSE_NAMES.join('|')})(["']?\\s*[=:]\\s*["']?)${value}`, 'gi');
// "name": "value" in JSON.
const jsonString = new RegExp(`("(?:${names})"\\s*:\\s*")((?:[^"\\\\]|\\\\.)*)(")`, 'gi');
// Authorization headers, whatever the scheme.
const authorization = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
// "Authorization: Token X", capitalised and long, so prose ("the token expired") is left alone.
const tokenScheme = /\b(Token)\s+[A-Za-z0-9._~+/=-]{16,}/g;

export function redact(text: string, secrets: ReadonlySet<string> = new Set()): string {
  let result = scrubSecrets(text)
    .replace(jsonString, (_match, open: string, _value: string, close: string) => `${open}[redacted]${close}`)
    .replace(authorization, (_match, scheme: string) => `${scheme} [redacted]`)
    .replace(tokenScheme, (_match, scheme: string) => `${scheme} [redacted]`)
    .replace(
      parameter,
      (_match, before: string, name: string, separator: string) => `${before}${name}${separator}[redacted]`,
    )
    .replace(assignment, (_match, name: string, separator: string) => `${name}${separator}[redacted]`);
  // Values the app knows are secret (the token of the signed-in account), wherever they appear.
  for (const secret of secrets) {
    if (secret.length >= 8) result = result.split(secret).join('[redacted]');
  }
  return result;
}

// What a failed fetch says about the connection: never made (a wrong address, a refusal: the
// request cannot have reached the service, so even a POST may be sent again), or made and then
// broken (the service is there, this one try failed). The retry rules (rate-limit-governor.ts) and
// the CLI's first request (cli/session.ts) decide by these.

/** Connection failures where the request cannot have reached the server. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Codes of a connection that was made and then broke. */
const BROKEN_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** The request cannot have reached the service: no connection was made. */
export function neverReachedService(error: unknown): boolean {
  return NOT_SENT_CODES.has(errorCode(error));
}

/** A failure of a connection the service had accepted (not a wrong address, a refusal or a time-out). */
export function brokeAfterConnecting(error: unknown): boolean {
  return BROKEN_CODES.has(errorCode(error));
}

/** The first error code along the error's causes (fetch wraps the socket's error), or ''. */
function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

/** The error's code, or the message of what fetch wrapped: for a sentence in parentheses. */
export function describeNetworkError(error: unknown): string {
  const code = errorCode(error);
  if (code) return code;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  return cause ?? (error instanceof Error ? error.message : String(error));
}

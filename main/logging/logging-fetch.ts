// One log line per HTTP request to the service or its sign-in server: method, host and path, status
// and time taken, and the rate-limit headers when there are any. The query string is left out (it
// can hold an authorization code), and no header or body is ever looked at for the log.
import { describeError, type Logger } from './logger';

export interface LoggingFetchOptions {
  /**
   * Asked when a request fails, whether to write its line (Reachability.mayLogFailure: at most one a
   * gap during an outage, decided when the failure comes, since requests sent together fail together).
   */
  logFailure?: () => boolean;
}

export function loggingFetch(
  log: Logger,
  inner: typeof fetch = fetch,
  options: LoggingFetchOptions = {},
): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const where = describeTarget(input);
    const started = performance.now();
    const elapsed = () => `${Math.round(performance.now() - started)} ms`;
    try {
      const response = await inner(input, init);
      const remaining = response.headers.get('x-ratelimit-remaining');
      const limit = response.headers.get('x-ratelimit-limit');
      const budget = remaining !== null && limit !== null ? ` (rate limit ${remaining}/${limit} left)` : '';
      const line = `${method} ${where} ${response.status} in ${elapsed()}${budget}`;
      if (response.status === 429)
        log.warn(
          `${line}; rate limited until the window resets (${response.headers.get('x-ratelimit-reset') ?? 'no reset given'})`,
        );
      else if (response.status >= 500) log.warn(line);
      else log.info(line);
      return response;
    } catch (error) {
      if (options.logFailure?.() ?? true)
        log.warn(`${method} ${where} failed after ${elapsed()}: ${describeError(error)}`);
      throw error;
    }
  };
}

function describeTarget(input: string | URL | Request): string {
  const text = input instanceof Request ? input.url : String(input);
  try {
    const url = new URL(text);
    return `${url.host}${url.pathname}`;
  } catch {
    return '(an address that is not a URL)';
  }
}

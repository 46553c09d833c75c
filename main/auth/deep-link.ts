// The one parser of `app.shotput://` links. Deep links come from outside the app (any web page can
// open one), so everything that is not exactly an OAuth callback becomes `unknown` with a reason to
// log, and nothing is acted on. The reason never repeats the link: it may carry a code.
import { DEEP_LINK_SCHEME } from './service-settings';

export type DeepLink =
  | { kind: 'oauth-callback'; code: string; state: string }
  | { kind: 'oauth-error'; error: string; description: string | null; state: string | null }
  | { kind: 'unknown'; reason: string };

const MAX_LINK_LENGTH = 4096;
/** Codes, states and error names are URL-safe tokens; anything else is not from the service. */
const TOKEN_PATTERN = /^[\x21-\x7e]{1,1024}$/;
const CALLBACK_PARAMS = new Set(['code', 'state', 'error', 'error_description', 'error_uri']);

export function parseDeepLink(input: unknown): DeepLink {
  if (typeof input !== 'string') return unknown('the link is not text');
  if (input.length > MAX_LINK_LENGTH) return unknown('the link is too long');
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return unknown('the link is not a valid URL');
  }
  if (url.protocol !== DEEP_LINK_SCHEME) return unknown(`the scheme ${JSON.stringify(url.protocol)} is not Shotput's`);
  if (url.username || url.password || url.port) return unknown('the link carries credentials or a port');
  if (url.hostname !== 'oauth' || url.pathname.replace(/\/+$/, '') !== '/callback')
    return unknown('the link is not an OAuth callback');
  if (url.hash) return unknown('the callback carries a fragment');

  const params = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    if (!CALLBACK_PARAMS.has(name)) continue; // Extra parameters are ignored, never used.
    if (params.has(name)) return unknown(`the callback repeats "${name}"`);
    params.set(name, value);
  }

  const state = params.get('state');
  if (state !== undefined && !TOKEN_PATTERN.test(state)) return unknown('the callback has a malformed state');

  const error = params.get('error');
  if (error !== undefined) {
    if (!TOKEN_PATTERN.test(error)) return unknown('the callback has a malformed error');
    if (params.has('code')) return unknown('the callback has both a code and an error');
    const description = params.get('error_description');
    return {
      kind: 'oauth-error',
      error,
      description: description ? description.slice(0, 500) : null,
      state: state ?? null,
    };
  }

  const code = params.get('code');
  if (code === undefined) return unknown('the callback has neither a code nor an error');
  if (!TOKEN_PATTERN.test(code)) return unknown('the callback has a malformed code');
  if (state === undefined) return unknown('the callback has no state');
  return { kind: 'oauth-callback', code, state };
}

/** Finds the deep link among a launch's command-line arguments (Windows and Linux deliver it there). */
export function findDeepLinkInArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(DEEP_LINK_SCHEME)) ?? null;
}

function unknown(reason: string): DeepLink {
  return { kind: 'unknown', reason };
}

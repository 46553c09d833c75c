// Every address, client id and default of the services Shotput can talk to lives here, and only here.
// A "service" is a setting: the bundled sandbox (the default, runs in-process) or the real service
// with the user's own registered application. Each service keeps its own signed-in account.

/** The private-use redirect of RFC 8252: reverse-domain scheme, registered by the desktop app. */
export const DEFAULT_REDIRECT_URI = 'app.shotput://oauth/callback';
export const DEEP_LINK_SCHEME = 'app.shotput:';

/** What the app asks for: read, upload shots, write comments, like comments. */
export const DEFAULT_SCOPES = ['public', 'upload', 'comment', 'write'] as const;

/** The real service's addresses (DESIGN.md section 3). */
export const REAL_SERVICE_API_URL = 'https://api.dribbble.com';
export const REAL_SERVICE_AUTH_URL = 'https://dribbble.com';

/** The application registered in the bundled sandbox; its secret is public by design (it is a local toy). */
export const SANDBOX_CLIENT_ID = 'shotput-desktop';
export const SANDBOX_CLIENT_SECRET = 'shotput-desktop-secret';
/** The sandbox's demo user the headless CLI signs in as. */
export const SANDBOX_DEMO_USERNAME = 'ada';

/** How long a started sign-in may wait for its callback. */
export const SIGN_IN_TIMEOUT_MS = 10 * 60 * 1000;

export const SANDBOX_SERVICE_ID = 'sandbox';
export const REAL_SERVICE_ID = 'dribbble';

/** Where a service lives and which application signs in to it. The secret is kept in the token store, not here. */
export interface ServiceEndpoint {
  /** Stable key that separates accounts: "sandbox", "dribbble", or the API origin of a custom service. */
  id: string;
  label: string;
  apiUrl: string;
  authUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
}

/** The user's choice as stored in settings. */
export type ServiceChoice =
  | { kind: 'sandbox' }
  | { kind: 'real'; clientId: string; redirectUri?: string }
  | { kind: 'custom'; apiUrl: string; authUrl: string; clientId: string; redirectUri?: string };

/** The sandbox's addresses change with its port on each start, so its id stays "sandbox". */
export function sandboxEndpoint(addresses: { api: string; auth: string }): ServiceEndpoint {
  return {
    id: SANDBOX_SERVICE_ID,
    label: 'Sandbox (on this computer)',
    apiUrl: trimSlash(addresses.api),
    authUrl: trimSlash(addresses.auth),
    clientId: SANDBOX_CLIENT_ID,
    redirectUri: DEFAULT_REDIRECT_URI,
    scopes: DEFAULT_SCOPES,
  };
}

export function realServiceEndpoint(clientId: string, redirectUri = DEFAULT_REDIRECT_URI): ServiceEndpoint {
  return {
    id: REAL_SERVICE_ID,
    label: 'Dribbble',
    apiUrl: REAL_SERVICE_API_URL,
    authUrl: REAL_SERVICE_AUTH_URL,
    clientId,
    redirectUri,
    scopes: DEFAULT_SCOPES,
  };
}

/** A service given by address (the CLI's --api/--auth); its accounts are keyed by the API origin. */
export function customEndpoint(
  apiUrl: string,
  authUrl: string,
  clientId: string,
  redirectUri = DEFAULT_REDIRECT_URI,
): ServiceEndpoint {
  const api = trimSlash(apiUrl);
  const isReal = sameOrigin(api, REAL_SERVICE_API_URL);
  return {
    id: isReal ? REAL_SERVICE_ID : new URL(api).origin,
    label: isReal ? 'Dribbble' : new URL(api).host,
    apiUrl: api,
    authUrl: trimSlash(authUrl),
    clientId,
    redirectUri,
    scopes: DEFAULT_SCOPES,
  };
}

/** Resolves a stored non-sandbox choice; the sandbox needs its running addresses (see bundled-sandbox). */
export function endpointForChoice(choice: Exclude<ServiceChoice, { kind: 'sandbox' }>): ServiceEndpoint {
  if (choice.kind === 'real') return realServiceEndpoint(choice.clientId, choice.redirectUri);
  return customEndpoint(choice.apiUrl, choice.authUrl, choice.clientId, choice.redirectUri);
}

/** The id accounts are filed under for an API address given on the command line. */
export function serviceIdForApi(apiUrl: string): string {
  return sameOrigin(apiUrl, REAL_SERVICE_API_URL) ? REAL_SERVICE_ID : new URL(apiUrl).origin;
}

/** Guesses the authorization server for an API address: the real service's pair, else the same origin. */
export function defaultAuthUrlFor(apiUrl: string): string {
  return sameOrigin(apiUrl, REAL_SERVICE_API_URL) ? REAL_SERVICE_AUTH_URL : new URL(apiUrl).origin;
}

function sameOrigin(a: string, b: string): boolean {
  return new URL(a).origin === new URL(b).origin;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

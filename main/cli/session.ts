// openSession(ctx): the one way a CLI command gets a signed-in, rate-limited client.
//
// - No --api: the bundled sandbox is started in this process (its state kept in <data-dir>/sandbox, so
//   successive commands see the same shots) and the CLI signs in as the demo user (ada) through the
//   sandbox's control API, or uses the sandbox account saved by `shotput login`.
// - --api URL: the token from --token / SHOTPUT_TOKEN, else the one `shotput login` saved for that service.
import path from 'node:path';
import type { CliContext } from './command';
import { TokenStore } from '../auth/token-store';
import type { StoredAccount } from '../auth/token-store';
import { fileModeSecretBox, ownerOnlyFile, tokenFilePath } from '../auth/file-persistence';
import { DEFAULT_SCOPES, SANDBOX_SERVICE_ID, defaultAuthUrlFor, serviceIdForApi } from '../auth/service-settings';
import { sandboxUserToken } from '../auth/sandbox-token';
import { bundledSandbox, stopBundledSandbox } from '../service/bundled-sandbox';
import type { Sandbox } from '../service/bundled-sandbox';
import { ServiceClient } from '../service/service-client';
import { RateLimitGovernor } from '../service/rate-limit-governor';
import { brokeAfterConnecting } from '../service/network-errors';
import { displayNameOf, handleOf } from '../service/resources';
import type { AuthenticatedUser } from '../service/resources';
import { isServiceError } from '../service/service-error';
import type { ServiceError } from '../service/service-error';
import { logRateLimitWaits } from '../logging/activity-log';
import { notSignedIn, unreachableService } from './messages';
import { loggingFetch } from '../logging/logging-fetch';
import { Reachability } from '../service/reachability';

export interface CliSession {
  client: ServiceClient;
  /** The account's governor (also client.governor): subscribe with onState() to show the budget. */
  governor: RateLimitGovernor;
  user: AuthenticatedUser;
  service: { id: string; apiUrl: string; authUrl: string; isSandbox: boolean };
  /** Set when the bundled sandbox runs in this process. */
  sandbox?: Sandbox;
  /** Whether the service answers, from every request of this session. */
  reach: Reachability;
  /** Stops the bundled sandbox (saving its state). Call it once the command is done. */
  close(): Promise<void>;
}

/** Thrown when no session can be opened; the CLI prints its one-line message and exits 1. */
export class SessionError extends Error {
  override name = 'SessionError';
}

export function cliTokenStore(dataDir: string): TokenStore {
  return new TokenStore(fileModeSecretBox, ownerOnlyFile(tokenFilePath(dataDir)));
}

export function sandboxDataDir(dataDir: string): string {
  return path.join(dataDir, 'sandbox');
}

export async function openSession(ctx: CliContext): Promise<CliSession> {
  const { globals } = ctx;
  return globals.api ? openRemoteSession(ctx, globals.api) : openSandboxSession(ctx);
}

async function openSandboxSession(ctx: CliContext): Promise<CliSession> {
  const reach = new Reachability();
  const sandbox = await bundledSandbox({ dataDir: sandboxDataDir(ctx.globals.dataDir) });
  const close = () => stopBundledSandbox();
  try {
    const store = cliTokenStore(ctx.globals.dataDir);
    const service = { id: SANDBOX_SERVICE_ID, apiUrl: sandbox.api, authUrl: sandbox.auth, isSandbox: true };
    // A command is one process and one session: the session's governor is the account's.
    const governor = new RateLimitGovernor();
    const candidates: Array<() => Promise<string>> = [];
    if (ctx.globals.token) candidates.push(async () => ctx.globals.token!);
    else {
      const saved = await store.account(SANDBOX_SERVICE_ID);
      if (saved) candidates.push(async () => saved.accessToken);
      candidates.push(async () => {
        // The demo sign-in; kept so the next command reuses it instead of minting another token.
        const token = await sandboxUserToken(sandbox);
        await store.saveAccount(accountFrom(token.access_token, token.token_type, token.scope, SANDBOX_SERVICE_ID));
        return token.access_token;
      });
    }
    for (const [index, nextToken] of candidates.entries()) {
      const accessToken = await nextToken();
      const client = new ServiceClient({
        apiUrl: sandbox.api,
        accessToken,
        governor,
        fetch: reach.wrap(requestLog(ctx, reach) ?? fetch, fetch),
        movingLoopbackPort: true,
      });
      try {
        const user = await client.getUser({ signal: ctx.signal });
        if (!ctx.globals.token) await refreshSavedUser(store, SANDBOX_SERVICE_ID, user);
        return { client, governor: client.governor, user, service, sandbox, reach, close };
      } catch (error) {
        const last = index === candidates.length - 1;
        if (!last && isServiceError(error) && error.status === 401) continue; // a saved token the sandbox no longer knows
        throw error;
      }
    }
    throw new SessionError('Could not sign in to the sandbox.');
  } catch (error) {
    await close();
    throw error;
  }
}

async function openRemoteSession(ctx: CliContext, apiUrl: string): Promise<CliSession> {
  let serviceId: string;
  try {
    serviceId = serviceIdForApi(apiUrl);
  } catch {
    throw new SessionError(`--api ${apiUrl} is not a valid address.`);
  }
  const reach = new Reachability();
  const store = cliTokenStore(ctx.globals.dataDir);
  const saved = ctx.globals.token ? undefined : await store.account(serviceId);
  const accessToken = ctx.globals.token ?? saved?.accessToken;
  if (!accessToken) {
    throw new SessionError(notSignedIn(apiUrl));
  }
  const service = {
    id: serviceId,
    apiUrl: apiUrl.replace(/\/+$/, ''),
    authUrl: (ctx.globals.auth ?? defaultAuthUrlFor(apiUrl)).replace(/\/+$/, ''),
    isSandbox: false,
  };
  const client = new ServiceClient({
    apiUrl: service.apiUrl,
    accessToken,
    governor: new RateLimitGovernor(),
    fetch: reach.wrap(requestLog(ctx, reach) ?? fetch, fetch),
  });
  // The first request is not retried when the service cannot be reached at all, so a wrong address
  // is said at once with that address; a passing fault of a service that answers (a 5xx, a 429, a
  // connection it accepted and then dropped) gets the usual retries.
  const probe = new ServiceClient({
    apiUrl: service.apiUrl,
    accessToken,
    governor: new RateLimitGovernor({ retry: { maxRetries: 0 } }),
    fetch: reach.wrap(requestLog(ctx, reach) ?? fetch, fetch),
  });
  try {
    const user = await probe.getUser({ signal: ctx.signal }).catch((error: unknown) => {
      if (isServiceError(error) && (answeredWithPassingFault(error) || brokeAfterConnecting(error.cause)))
        return client.getUser({ signal: ctx.signal });
      throw error;
    });
    return { client, governor: client.governor, user, service, reach, close: async () => {} };
  } catch (error) {
    if (isServiceError(error) && error.kind === 'network' && !ctx.signal.aborted)
      throw new SessionError(unreachableService(service.apiUrl, connectionFailure(error.cause)));
    if (isServiceError(error) && error.status === 401) {
      throw new SessionError(
        ctx.globals.token
          ? `The service did not accept the token given with --token (bad credentials).`
          : `The saved sign-in for ${new URL(apiUrl).host} is no longer accepted. Run 'shotput --api ${apiUrl} login' again.`,
      );
    }
    throw error;
  }
}

function answeredWithPassingFault(error: ServiceError): boolean {
  return error.kind === 'http' && (error.status === 429 || (error.status ?? 0) >= 500);
}

/** With --verbose, a fetch that logs each request (and the governor's waits, once per account). */
function requestLog(ctx: CliContext, reach: Reachability): typeof fetch | undefined {
  return ctx.log === undefined
    ? undefined
    : loggingFetch(ctx.log.scope('service'), fetch, { logFailure: reach.mayLogFailure });
}

/** With --verbose, logs the waits for the rate-limit window of the session's account. */
export function logSessionWaits(ctx: CliContext, session: Pick<CliSession, 'governor'>): () => void {
  return ctx.log === undefined
    ? () => undefined
    : logRateLimitWaits(ctx.log.scope('service'), (listener) => session.governor.onState(listener));
}

function accountFrom(accessToken: string, tokenType: string, scope: string, serviceId: string): StoredAccount {
  return {
    serviceId,
    accessToken,
    tokenType,
    scope: scope || DEFAULT_SCOPES.join(' '),
    user: { id: 0, username: '', name: '' },
    signedInAt: new Date().toISOString(),
  };
}

async function refreshSavedUser(store: TokenStore, serviceId: string, user: AuthenticatedUser): Promise<void> {
  const saved = await store.account(serviceId);
  if (!saved || saved.user.id === user.id) return;
  await store.saveAccount({ ...saved, user: { id: user.id, username: handleOf(user), name: displayNameOf(user) } });
}

/** What fetch said about a connection, in a few words ("connection refused", "bad port"). */
export function connectionFailure(error: unknown): string {
  const cause = (error as { cause?: unknown } | undefined)?.cause ?? error;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  if (message === 'bad port') return 'bad port';
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the name could not be looked up',
    ETIMEDOUT: 'timed out',
    UND_ERR_CONNECT_TIMEOUT: 'timed out',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ECONNRESET: 'connection reset',
  };
  return (code && words[code]) ?? code ?? message;
}

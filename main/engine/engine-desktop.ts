// The desktop as the engine's process opens it: drafts, the queue, watched folders and the
// session, with what only main has (the system browser, the pickers, the files the OS opened, the
// bundled sandbox, the sealed tokens) reached through main's methods on the port, and everything
// main should know sent to main as notes; the window's requests and events go straight between it
// and this process, on the ports main hands over (window-ports.ts). Plain Node: no electron here.
import { AccountManager } from '../auth/account-manager';
import type { TokenKeeper } from '../auth/token-store';
import { openDesktop, type Desktop, type DesktopOptions } from '../desktop/desktop';
import { createEngineHandlers, type EngineHandlerContext } from '../desktop/handlers/index';
import { forwardDesktopEvents } from '../desktop/handlers/handler-context';
import { PathGrants } from '../desktop/path-grants';
import { quitNotice } from '../desktop/quit-notice';
import { describeFolderChanges, logJobEvent, logRateLimitWaits } from '../logging/activity-log';
import { createLogger, type Logger } from '../logging/logger';
import { loggingFetch } from '../logging/logging-fetch';
import { rememberSecret } from '../service/known-secrets';
import { Reachability } from '../service/reachability';
import { uploadsInFlight } from '../updates/uploads-in-flight';
import type { QueueView, RequestHandlers, Settings } from '../../common/contract/index';
import type { EngineConfig, EngineStatus, TokenMethod } from './engine-protocol';
import type { PortRpc } from '../../common/port-rpc';
import { WindowPorts } from './window-ports';

export interface OpenedEngine {
  desktop: Desktop;
  handlers: Partial<RequestHandlers>;
  /** The window's ports: its requests answered and the contract's events sent there. */
  windows: WindowPorts;
  setSettings(settings: Settings): void;
}

export async function openEngineDesktop(config: EngineConfig, main: PortRpc): Promise<OpenedEngine> {
  // Lines are made here (redacted with the secrets this process knows) and written by main's log.
  const logger = createLogger({ sinks: [{ write: (line) => main.note('logLine', line) }] });
  let settings = config.settings;
  const reach = new Reachability();
  const accounts = new AccountManager({
    store: remoteTokens(main, config.protection),
    openExternal: (url) => main.call('openExternal', url),
    sandbox: () => main.call('sandbox'),
    log: logger.scope('desktop').warn,
    // During an outage a failed request is logged at most once per 30 s, not once a second.
    fetch: reach.wrap(loggingFetch(logger.scope('service'), fetch, { logFailure: reach.mayLogFailure }), fetch),
  });
  const desktop = await openDesktop({
    dataDir: config.dataDir,
    log: logger.scope('desktop').warn,
    prepareDefaults: () => ({ ...settings.prepareDefaults }),
    accounts,
    ...(config.protection === 'unavailable' ? { secretStorage: 'unavailable' as const } : {}),
    ...tuning(process.env),
  });
  const grants = new PathGrants();
  const context: EngineHandlerContext = {
    session: desktop.session,
    drafts: desktop.drafts,
    uploads: desktop.uploads,
    watch: desktop.watch,
    motion: desktop.motion,
    grants,
    settings: { get: () => settings },
    openExternal: (url) => main.call('openExternal', url),
    pickPaths: (kind) => main.call('pickPaths', kind),
    // Asked for while a request waits on it; main answers from what the OS handed it.
    takeOpenedFiles: () => main.call('takeOpenedFiles'),
  };
  const handlers = createEngineHandlers(context);
  const windows = new WindowPorts(handlers, grants, logger.scope('engine').warn);
  forwardDesktopEvents(desktop, (event, payload) => windows.send(event, payload));
  followStatus(desktop, (status) => main.note('status', status));
  desktop.uploads.on('batchProgress', (fraction) => main.note('batchProgress', fraction));
  desktop.uploads.on('batchDone', (summary) => main.note('batchDone', summary));
  followActivity(desktop, logger);
  return {
    desktop,
    handlers,
    windows,
    setSettings: (next) => void (settings = next),
  };
}

/** The token store is main's (safeStorage seals it there): its methods through the port. */
function remoteTokens(main: PortRpc, protection: EngineConfig['protection']): TokenKeeper {
  const call =
    <M extends TokenMethod>(method: M) =>
    async (...args: Parameters<TokenKeeper[M]>): Promise<Awaited<ReturnType<TokenKeeper[M]>>> => {
      const value = await main.call<Awaited<ReturnType<TokenKeeper[M]>>>('tokens', method, ...args);
      rememberSecrets(value);
      return value;
    };
  return {
    protection: protection === 'unavailable' ? 'file-permissions' : protection,
    account: call('account'),
    saveAccount: call('saveAccount'),
    forgetAccount: call('forgetAccount'),
    clientSecret: call('clientSecret'),
    saveClientSecret: call('saveClientSecret'),
    forgetClientSecret: call('forgetClientSecret'),
    summaries: call('summaries'),
  };
}

/** A token or secret that reached this process is never written by its log (main's store does the same). */
function rememberSecrets(value: unknown): void {
  if (typeof value === 'string') rememberSecret(value);
  else if (typeof value === 'object' && value !== null && 'accessToken' in value)
    rememberSecret(String((value as { accessToken: unknown }).accessToken));
}

/**
 * Main's mirror of the engine (tray, dock, updater, quit), sent when it changes: made from the view
 * the queue publishes anyway (at most every 100 ms), never from a copy of its jobs.
 */
function followStatus(desktop: Desktop, send: (status: EngineStatus) => void): void {
  let last = '';
  let view: QueueView = desktop.uploads.view();
  const update = (): void => {
    const status: EngineStatus = {
      queueOpen: view.available,
      paused: view.paused,
      uploadsIdle: uploadsInFlight(view.jobs, view.paused) === 0,
      quitNotice: quitNotice(view),
      watching: desktop.watch.watching,
      watchingCount: desktop.watch.list().filter((folder) => folder.status === 'watching').length,
      unreachable: view.offline?.host ?? null,
    };
    const text = JSON.stringify(status);
    if (text === last) return;
    last = text;
    send(status);
  };
  desktop.uploads.on('queue', (next) => {
    view = next;
    update();
  });
  desktop.watch.on('changed', update);
  update();
}

/** Job state changes, waits for the rate-limit window, sign-ins and what watched folders do, in the app's log. */
function followActivity(desktop: Desktop, log: Logger): void {
  const watchLog = log.scope('watch');
  let folders = desktop.watch.list();
  desktop.watch.on('changed', (next) => {
    for (const line of describeFolderChanges(folders, next)) watchLog.info(line);
    folders = next;
  });
  const queueLog = log.scope('queue');
  const serviceLog = log.scope('service');
  let offQueue: (() => void) | undefined;
  const followQueue = (queue: ReturnType<Desktop['uploads']['queue']>) => {
    offQueue?.();
    offQueue = undefined;
    if (queue === undefined) return;
    const onEvent = (event: Parameters<typeof logJobEvent>[1]) => logJobEvent(queueLog, event);
    queue.on('event', onEvent);
    offQueue = () => queue.off('event', onEvent);
  };
  let offRate: (() => void) | undefined;
  const followGovernor = (client: ReturnType<Desktop['session']['client']>) => {
    offRate?.();
    offRate =
      client === undefined ? undefined : logRateLimitWaits(serviceLog, (listener) => client.governor.onState(listener));
  };
  // A saved sign-in may already be open.
  followQueue(desktop.uploads.queue());
  followGovernor(desktop.session.client());
  desktop.uploads.on('opened', followQueue);
  // The same account comes again when its user is read again or its picture arrives: said once.
  let said: string | undefined;
  desktop.session.events.on('account', (account) => {
    followGovernor(account?.client);
    const now = account === undefined ? 'signed out' : `signed in to ${account.endpoint.id} as user ${account.user.id}`;
    if (now !== said) log.scope('auth').info(now);
    said = now;
  });
}

/** Tuning read from the environment, as the CLI does: tests run a sandbox that processes fast. */
function tuning(env: NodeJS.ProcessEnv): Pick<DesktopOptions, 'queueOptions' | 'watchStableMs'> {
  const processing = Number(env['SHOTPUT_EXPECTED_PROCESSING_MS']);
  const stable = Number(env['SHOTPUT_WATCH_STABLE_MS']);
  return {
    ...(Number.isFinite(processing) && processing > 0 ? { queueOptions: { expectedProcessingMs: processing } } : {}),
    ...(Number.isFinite(stable) && stable > 0 ? { watchStableMs: stable } : {}),
  };
}

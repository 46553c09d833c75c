// Opens the upload queue of the signed-in account (uploads/<service>/<user id> in the data directory,
// as the desktop app files it) with the CLI's signed-in, rate-limited client (the bundled sandbox when
// no service is configured). Other accounts' queues are never opened by a run: their waiting jobs are
// only named, with how to send them.
import type { CliContext } from './command';
import { logSessionWaits, openSession } from './session';
import type { CliSession } from './session';
import { logJobEvent } from '../logging/activity-log';
import {
  Journal,
  UploadQueue,
  accountInfo,
  accountQueueDir,
  imagePreparer,
  isFinal,
  migrateSingleJournal,
  queueFolders,
  recordQueueOwner,
  serviceAdapter,
} from '../uploads/index';
import type { QueueOwner, UploadQueueOptions } from '../uploads/index';
import { handleOf } from '../service/resources';
import type { AuthenticatedUser } from '../service/resources';
import { writeLine } from './command';
import { otherQueueWaiting, reachableAgainLine, unreachableLine } from './messages';
import { outageLines } from '../service/reachability';

export interface UploadSession {
  queue: UploadQueue;
  user: AuthenticatedUser;
  service: CliSession['service'];
  /** Resolves with the service's sentence once it no longer accepts the sign-in (the queue then holds). */
  signInRefused: Promise<string>;
  /**
   * Told the outage sentence when the service stops answering (at most once per 30 s) and
   * undefined when it answers again; the sentences go to stderr here, the listener is for the bar.
   */
  onReachability(listener: (line: string | undefined) => void): void;
  /** Uploads on the wire right now (not those waiting for the budget or their turn). */
  inFlight(): number;
  /** Calls off every upload still waiting for the rate-limit budget (nothing of them was sent); confirmations go on. */
  stopWaiting(): void;
  /** Stops the queue: waiting requests at once, uploads on the wire within STOP_BOUND_MS. */
  close(): Promise<void>;
}

/** The longest a stopping command waits for the uploads on the wire: then they are cut off, to be looked for next run. */
export const STOP_BOUND_MS = 60_000;

/** Tuning read from the environment: tests and the benchmark run a sandbox that processes fast. */
function tuning(env: NodeJS.ProcessEnv): Partial<UploadQueueOptions> {
  const ms = Number(env.SHOTPUT_EXPECTED_PROCESSING_MS);
  return Number.isFinite(ms) && ms > 0 ? { expectedProcessingMs: ms } : {};
}

export async function openUploadSession(
  ctx: CliContext,
  queueOptions: Pick<UploadQueueOptions, 'waitForFirstAdd'> = {},
  env: NodeJS.ProcessEnv = { ...process.env, ...ctx.env },
): Promise<UploadSession> {
  const session = await openSession(ctx);
  const uploadsWaiting = new AbortController();
  const allWaiting = new AbortController();
  const onWire = new AbortController();
  let queue: UploadQueue;
  try {
    const owner = sessionOwner(session);
    const dataDir = accountQueueDir(ctx.globals.dataDir, owner);
    await migrateSingleJournal(ctx.globals.dataDir);
    queue = UploadQueue.open({
      dataDir,
      owner: { service: owner.service, userId: owner.userId },
      service: serviceAdapter(session.client, {
        uploadWait: uploadsWaiting.signal,
        anyWait: allWaiting.signal,
        signal: onWire.signal,
      }),
      preparer: imagePreparer,
      account: accountInfo(session.user),
      ...tuning(env),
      ...queueOptions,
    });
    recordQueueOwner(dataDir, owner);
    for (const line of otherQueuesWaiting(ctx.globals.dataDir, dataDir)) writeLine(ctx.io.stderr, line);
  } catch (error) {
    await session.close();
    throw error;
  }
  const stopWaitLog = logSessionWaits(ctx, session);
  const reachListeners: ((line: string | undefined) => void)[] = [];
  const stopReachLines = reachabilityLines(ctx, session, queue, (line) => {
    for (const listener of reachListeners) listener(line);
  });
  const signInRefused = new Promise<string>((resolve) =>
    queue.on('event', (event) => {
      if (event.type === 'queue' && event.signInRefused !== undefined) resolve(event.signInRefused);
    }),
  );
  const log = ctx.log?.scope('queue');
  if (log !== undefined) queue.on('event', (event) => logJobEvent(log, event));
  let closing: Promise<void> | undefined;
  return {
    queue,
    user: session.user,
    service: session.service,
    signInRefused,
    onReachability: (listener) => void reachListeners.push(listener),
    inFlight: () => session.governor.state.inFlight,
    stopWaiting: () => uploadsWaiting.abort(),
    close: () =>
      (closing ??= (async () => {
        // Closing confirms nothing more (the next run does): every wait is called off.
        allWaiting.abort();
        const bound = setTimeout(() => onWire.abort(), STOP_BOUND_MS);
        await queue.close();
        clearTimeout(bound);
        stopWaitLog();
        stopReachLines();
        await session.close();
      })()),
  };
}

/** An outage said on stderr: one line when the service stops answering (again at most every 30 s), one when it is back. */
function reachabilityLines(
  ctx: CliContext,
  session: CliSession,
  queue: UploadQueue,
  tell: (line: string | undefined) => void,
): () => void {
  const host = new URL(session.service.apiUrl).host;
  return outageLines(session.reach, {
    reachable() {
      writeLine(ctx.io.stderr, reachableAgainLine(host));
      tell(undefined);
    },
    unreachable(now) {
      // The next try is the queue's earliest retry; requests between retries are the client's own, seconds apart.
      const retries = queue
        .list()
        .map((job) => (job.retryAt ? Date.parse(job.retryAt) : Number.NaN))
        .filter((at) => at > now);
      const next = retries.length > 0 ? Math.ceil((Math.min(...retries) - now) / 1000) : 2;
      const line = unreachableLine(host, Math.max(1, next));
      writeLine(ctx.io.stderr, line);
      tell(line.replace(/^shotput: /, ''));
    },
  });
}

/** The service and account a session's queue is filed under, with what people know them by. */
export function sessionOwner(session: Pick<CliSession, 'service' | 'user'>): QueueOwner {
  return {
    service: session.service.id,
    userId: session.user.id,
    login: handleOf(session.user) || undefined,
    ...(session.service.isSandbox ? {} : { apiUrl: session.service.apiUrl }),
  };
}

/** One line for each other queue of the data folder with jobs still to send. */
function otherQueuesWaiting(dataDir: string, own: string): string[] {
  const lines: string[] = [];
  for (const folder of queueFolders(dataDir)) {
    if (folder.dir === own) continue;
    const waiting = Journal.read(folder.dir).jobs.filter((job) => !isFinal(job.state)).length;
    if (waiting > 0) lines.push(otherQueueWaiting(folder.owner, waiting));
  }
  return lines;
}

/** One queue folder alone, not running: to list or change jobs without signing in. */
export function openQueueForEditing(dir: string): UploadQueue {
  const refuse = async () => {
    throw new Error('The queue is not running here.');
  };
  return UploadQueue.open({
    dataDir: dir,
    run: false,
    service: { createShot: refuse, getShotAt: refuse, listMyShots: refuse, currentAccount: refuse },
    preparer: { prepare: refuse },
  });
}

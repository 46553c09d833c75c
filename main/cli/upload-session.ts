// Opens the upload queue of the data directory with the CLI's signed-in, rate-limited client
// (the bundled sandbox when no service is configured).
import type { CliContext } from './command';
import { logSessionWaits, openSession } from './session';
import type { CliSession } from './session';
import { logJobEvent } from '../logging/activity-log';
import { UploadQueue, accountInfo, imagePreparer, serviceAdapter } from '../uploads/index';
import type { UploadQueueOptions } from '../uploads/index';
import type { AuthenticatedUser } from '../service/resources';

export interface UploadSession {
  queue: UploadQueue;
  user: AuthenticatedUser;
  service: CliSession['service'];
  close(): Promise<void>;
}

/** Tuning read from the environment: tests and the benchmark run a sandbox that processes fast. */
function tuning(env: NodeJS.ProcessEnv): Partial<UploadQueueOptions> {
  const ms = Number(env.SHOTPUT_EXPECTED_PROCESSING_MS);
  return Number.isFinite(ms) && ms > 0 ? { expectedProcessingMs: ms } : {};
}

export async function openUploadSession(
  ctx: CliContext,
  env: NodeJS.ProcessEnv = { ...process.env, ...ctx.env },
): Promise<UploadSession> {
  const session = await openSession(ctx);
  let queue: UploadQueue;
  try {
    queue = UploadQueue.open({
      dataDir: ctx.globals.dataDir,
      service: serviceAdapter(session.client),
      preparer: imagePreparer,
      account: accountInfo(session.user),
      ...tuning(env),
    });
  } catch (error) {
    await session.close();
    throw error;
  }
  const stopWaitLog = logSessionWaits(ctx, session);
  const log = ctx.log?.scope('queue');
  if (log !== undefined) queue.on('event', (event) => logJobEvent(log, event));
  let closing: Promise<void> | undefined;
  return {
    queue,
    user: session.user,
    service: session.service,
    close: () =>
      (closing ??= (async () => {
        await queue.close();
        stopWaitLog();
        await session.close();
      })()),
  };
}

/** The queue alone, not running: to list or change jobs without signing in. */
export function openQueueForEditing(ctx: CliContext): UploadQueue {
  const refuse = async () => {
    throw new Error('The queue is not running here.');
  };
  return UploadQueue.open({
    dataDir: ctx.globals.dataDir,
    run: false,
    service: { createShot: refuse, getShotAt: refuse, listMyShots: refuse, currentAccount: refuse },
    preparer: { prepare: refuse },
  });
}

// Opens the upload queue of the data directory with the CLI's signed-in, rate-limited client
// (the bundled sandbox when no service is configured).
import type { CliContext } from './command';
import { openSession } from './session';
import type { CliSession } from './session';
import { UploadQueue, imagePreparer, serviceAdapter } from '../uploads/index';
import type { AccountInfo, UploadQueueOptions } from '../uploads/index';
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

export function accountInfo(user: AuthenticatedUser): AccountInfo {
  return { id: user.id, pro: user.pro, type: user.type, canUploadShot: user.can_upload_shot, teams: (user.teams ?? []).map((t) => ({ id: t.id, name: t.name })) };
}

export async function openUploadSession(ctx: CliContext, env: NodeJS.ProcessEnv = process.env): Promise<UploadSession> {
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
  let closing: Promise<void> | undefined;
  return {
    queue,
    user: session.user,
    service: session.service,
    close: () =>
      (closing ??= (async () => {
        await queue.close();
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

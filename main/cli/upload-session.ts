// Opens the upload queue of the data directory with a ready service client for the CLI.
import type { CliContext } from './command';
import { RateLimitGovernor } from '../service/rate-limit-governor';
import { ServiceClient } from '../service/service-client';
import { UploadQueue, imagePreparer, serviceAdapter } from '../uploads/index';
import type { UploadQueueOptions } from '../uploads/index';

export interface UploadSession {
  queue: UploadQueue;
  close(): Promise<void>;
}

/** Tuning read from the environment: tests and the benchmark run a sandbox that processes fast. */
function tuning(env: NodeJS.ProcessEnv): Partial<UploadQueueOptions> {
  const ms = Number(env.SHOTPUT_EXPECTED_PROCESSING_MS);
  return Number.isFinite(ms) && ms > 0 ? { expectedProcessingMs: ms } : {};
}

export async function openUploadSession(ctx: CliContext, env: NodeJS.ProcessEnv = process.env): Promise<UploadSession> {
  const { api, token } = ctx.globals;
  if (!api || !token) throw new Error('Give --api URL and --token TOKEN (or SHOTPUT_API_URL and SHOTPUT_TOKEN).');
  const client = new ServiceClient({ apiUrl: api, accessToken: token, governor: new RateLimitGovernor() });
  const queue = UploadQueue.open({ dataDir: ctx.globals.dataDir, service: serviceAdapter(client), preparer: imagePreparer, ...tuning(env) });
  return { queue, close: () => queue.close() };
}

/** The queue alone, not running: to list or change jobs. */
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

// The whole queue of the signed-in account as the window sees it, from the pieces queue-view.ts
// words (apart from it: account-queue.ts uses those pieces, and this reads an open account queue).
import type { JobView } from '../../common/contract/index';
import { isFinal } from '../uploads/index';
import { capWaitLine } from '../uploads/daily-cap';
import { signInAgainLine } from './session-problems';
import type { OpenQueue } from './account-queue';
import type { UnnumberedView } from './queue-changes';
import { jobView, offlineView, rateLimitView } from './queue-view';

/** The whole queue of the signed-in account as the window sees it (not yet numbered: queue-changes.ts). */
export function openQueueView(
  current: OpenQueue | undefined,
  progress: ReadonlyMap<string, NonNullable<JobView['progress']>>,
): UnnumberedView {
  if (!current) return { available: false, jobs: [], paused: false, rateLimit: null, dailyCap: null, diskFault: null };
  const cap = current.queue.dailyCapHold();
  const jobs = current.queue.mapJobs((job) => jobView(job, progress.get(job.id)));
  const { client } = current.account;
  return {
    available: true,
    jobs,
    paused: current.queue.isPaused,
    rateLimit: rateLimitView(client.governor.state),
    dailyCap: cap ? { line: capWaitLine(cap.waiting), reason: cap.reason, until: cap.until } : null,
    diskFault: current.queue.diskFault ?? null,
    signInNeeded: current.signInRefused ? signInAgainLine(jobs.filter((j) => !isFinal(j.state)).length) : null,
    offline: offlineView(client.governor.reach, current.queue.nextWakeAt, client.apiUrl),
  };
}

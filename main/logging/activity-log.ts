// Log lines for what the queue and the rate-limit governor do: every job's change of state (with
// the reason of a failure) and every wait for the service's rate-limit window. Attached from
// outside through their events, so the queue and the governor need no logger of their own.
import { basename } from 'node:path';
import type { RateLimitState } from '../service/rate-limit-governor';
import type { JobEvent } from '../uploads/types';
import type { WatchEvent } from '../uploads/watch-folder';
import type { Logger } from './logger';

/** Logs a job event of the upload queue; byte progress is too frequent for the log and is left out. */
export function logJobEvent(log: Logger, event: JobEvent): void {
  switch (event.type) {
    case 'job': {
      const { job, previous } = event;
      if (previous === job.state) return;
      const from = previous === undefined ? '' : `${previous} → `;
      const shot = job.shotId !== undefined && job.shotId !== null ? ` (shot ${job.shotId})` : '';
      if (job.state === 'failed')
        log.warn(
          `job ${job.id}: ${from}failed${shot}: ${job.failure?.message ?? 'no reason given'}${job.failure?.retryable ? ' (can be retried)' : ''}`,
        );
      else log.info(`job ${job.id}: ${from}${job.state}${shot}`);
      return;
    }
    case 'removed':
      log.info(`job ${event.id}: removed from the queue`);
      return;
    case 'queue':
      log.info(event.paused ? 'queue paused' : 'queue resumed');
      return;
    case 'idle':
      log.info('queue idle');
      return;
    default:
      return;
  }
}

/** Follows a governor's state and logs each wait for the rate-limit window, once per wait. */
export function logRateLimitWaits(
  log: Logger,
  onState: (listener: (state: RateLimitState) => void) => () => void,
  now: () => number = Date.now,
): () => void {
  let waitingUntil: number | null = null;
  return onState((state) => {
    if (state.waitingUntil !== null && state.waitingUntil !== waitingUntil) {
      const seconds = Math.max(0, Math.round((state.waitingUntil - now()) / 1000));
      log.info(
        `rate limit: ${state.waiting} request(s) wait ${seconds} s for the window to reset (${state.remaining ?? '?'}/${state.limit ?? '?'} left)`,
      );
    } else if (state.waitingUntil === null && waitingUntil !== null) {
      log.info('rate limit: the window reset, requests go on');
    }
    waitingUntil = state.waitingUntil;
  });
}

/** Logs what a watched folder did with a file (counts are left out: the queue's lines say it). */
export function logWatchEvent(log: Logger, event: WatchEvent): void {
  const where = `watch ${basename(event.folder)}`;
  if (event.type === 'taken') log.info(`${where}: took ${basename(event.file)} as job ${event.job.id}`);
  else if (event.type === 'skipped') log.info(`${where}: skipped ${basename(event.file)}: ${event.message}`);
  else if (event.type === 'error')
    log.warn(`${where}: ${event.file === undefined ? '' : `${basename(event.file)}: `}${event.message}`);
}

/** What a watched folder's view (Settings' list) says, reduced to what the log follows. */
export interface FolderSnapshot {
  id: string;
  name: string;
  status: string;
  problem: string | null;
  counts: { seen: number; uploaded: number; skipped: number; failed: number };
}

/** Log lines for the changes between two lists of watched folders: added, removed, status, counts. */
export function describeFolderChanges(previous: readonly FolderSnapshot[], next: readonly FolderSnapshot[]): string[] {
  const lines: string[] = [];
  const before = new Map(previous.map((folder) => [folder.id, folder]));
  for (const folder of next) {
    const old = before.get(folder.id);
    before.delete(folder.id);
    const where = `watch ${folder.name}`;
    if (old === undefined) lines.push(`${where}: added (${folder.status})`);
    else if (old.status !== folder.status)
      lines.push(`${where}: ${old.status} → ${folder.status}${folder.problem ? `: ${folder.problem}` : ''}`);
    const { seen, uploaded, skipped, failed } = folder.counts;
    if (
      old !== undefined &&
      (['seen', 'uploaded', 'skipped', 'failed'] as const).some((key) => old.counts[key] !== folder.counts[key])
    ) {
      lines.push(`${where}: ${seen} seen, ${uploaded} uploaded, ${skipped} skipped, ${failed} failed`);
    }
  }
  for (const gone of before.values()) lines.push(`watch ${gone.name}: removed`);
  return lines;
}

// Pure rules for reading a page of the account's shots: which processing jobs it confirms,
// and which interrupted POSTs it shows to have reached the service.
import type { RemoteShot } from './ports';
import type { JobState, UploadJob } from './types';

export function finalStateOf(
  shot: RemoteShot,
): { state: JobState; publishedAt?: string; scheduledFor?: string } | undefined {
  if (shot.scheduledFor && !shot.publishedAt) return { state: 'scheduled', scheduledFor: shot.scheduledFor };
  if (shot.publishedAt) return { state: 'published', publishedAt: shot.publishedAt };
  // Listed but neither published nor scheduled: still being processed.
  return undefined;
}

/**
 * For jobs whose POST may or may not have reached the service: the listed shot each one
 * created, if any. A shot matches when its title is the job's and its id is greater than the
 * highest id known before the POST (ids are the service's own, so no clock is trusted).
 * `claimed` holds shot ids already owned by other jobs; each shot is given to one job at most,
 * oldest attempt first.
 */
export function matchInterruptedUploads(
  jobs: UploadJob[],
  shots: RemoteShot[],
  claimed: ReadonlySet<number>,
): Map<string, RemoteShot> {
  const taken = new Set(claimed);
  const matches = new Map<string, RemoteShot>();
  const ordered = [...jobs].sort((a, b) => (a.attempt?.startedAt ?? '').localeCompare(b.attempt?.startedAt ?? ''));
  const oldestFirst = [...shots].sort((a, b) => a.id - b.id);
  for (const job of ordered) {
    const after = job.attempt?.afterShotId ?? Number.POSITIVE_INFINITY;
    const shot = oldestFirst.find((s) => !taken.has(s.id) && s.id > after && s.title === job.metadata.title);
    if (!shot) continue;
    taken.add(shot.id);
    matches.set(job.id, shot);
  }
  return matches;
}

/** Whether a newest-first page reaches back far enough to have shown every shot above `id`. */
export function pageCoversIdsAbove(shots: RemoteShot[], hasNext: boolean, id: number): boolean {
  if (!hasNext) return true;
  return shots.some((s) => s.id <= id);
}

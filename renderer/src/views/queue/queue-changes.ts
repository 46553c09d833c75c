// Applies main's queue.changed (what changed from one revision to the next) to the jobs the window
// holds. Jobs that did not change keep their very object, so the rows showing them are not drawn again.
import type { JobView, QueueChange } from '../../../../common/contract/index';

export function applyQueueChange(jobs: readonly JobView[], change: QueueChange): JobView[] {
  const changed = new Map(change.jobs.map((job) => [job.id, job]));
  const removed = new Set(change.removed);
  const next = jobs.filter((job) => !removed.has(job.id)).map((job) => changed.get(job.id) ?? job);
  const held = new Set(next.map((job) => job.id));
  for (const job of change.jobs) if (!held.has(job.id)) next.push(job);
  if (change.order === null) return next;
  const byId = new Map(next.map((job) => [job.id, job]));
  return change.order.flatMap((id) => {
    const job = byId.get(id);
    return job ? [job] : [];
  });
}

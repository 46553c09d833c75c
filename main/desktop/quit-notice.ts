// What quitting says. Nothing is asked: drafts are already on disk and the queue is journaled. The
// one thing worth saying is that uploads not finished are not lost: they go on at the next start.
import { isFinal } from '../../common/job-states';
import type { QueueView } from '../../common/contract/index';

/** The one sentence for uploads left when the app quits, or undefined when none are left. */
export function quitNotice(queue: QueueView): string | undefined {
  const left = queue.jobs.filter((job) => !isFinal(job.state)).length;
  if (left === 0) return undefined;
  return `${left === 1 ? '1 upload continues' : `${left} uploads continue`} the next time Shotput starts.`;
}

// When the queue is idle: no job can move on by itself (all final, paused, the queue paused, or
// held by the daily cap), and nothing is being prepared, sent or checked.
import type { QueueCore } from './queue-core';
import { isFinal } from './types';

export function queueIsIdle(core: QueueCore, checking: boolean): boolean {
  if (core.busy.size > 0 || checking) return false;
  // The service refuses the sign-in: nothing can move (not even a check) until the queue is resumed.
  if (core.signInRefused !== undefined) return true;
  const capped = core.dailyCap.active() !== undefined;
  // Counted once, not per job: the pump runs this after every change.
  const roomToPrepare = capped && canPrepareMore(core);
  for (const job of core.jobs()) {
    if (isFinal(job.state)) continue;
    if (job.state === 'uploading' || job.state === 'processing') return false;
    // Under the daily cap, a prepared job (or one that waits for room to be prepared) waits for tomorrow.
    if (capped && (job.state === 'ready' || (job.state === 'queued' && !roomToPrepare))) continue;
    if (!job.paused && !core.paused) return false;
  }
  return true;
}

/** Whether the pump would start another prepare now (room in both the workers and the ready buffer). */
function canPrepareMore(core: QueueCore): boolean {
  let preparing = 0;
  let held = 0;
  for (const job of core.jobs()) {
    if (job.state === 'preparing') preparing++;
    if (job.state === 'preparing' || job.state === 'ready') held++;
  }
  return preparing < core.tuning.prepareConcurrency && held < core.tuning.readyAhead;
}

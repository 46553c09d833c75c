// Which jobs can start now: the pump's one pass over the jobs, apart from the queue that acts on
// it. Jobs to prepare (as many as the preparing and ready-ahead limits leave room for) and jobs
// to send (within the upload limit, not while the daily cap holds), each when its retry time has
// come; and the soonest time anything waiting becomes due, for the pump's timer.
import type { QueueCore } from './queue-core';
import type { UploadJob } from './types';

export interface QueueStarts {
  prepare: string[];
  upload: string[];
  /** When the pump should look again (a retry or the cap's end); Infinity when nothing waits on time. */
  wake: number;
}

export function queueStarts(core: QueueCore, now: number): QueueStarts {
  // One pass over the jobs, in the journal's order (the order they were created in): the pump
  // runs after every change, so at a thousand jobs a sort and a list per state each time would
  // be most of the queue's work and memory.
  const queued: UploadJob[] = [];
  const ready: UploadJob[] = [];
  let preparing = 0;
  for (const job of core.jobs()) {
    if (job.state === 'queued') queued.push(job);
    else if (job.state === 'ready') ready.push(job);
    else if (job.state === 'preparing') preparing++;
  }
  const starts: QueueStarts = { prepare: [], upload: [], wake: Number.POSITIVE_INFINITY };
  const runnable = (j: UploadJob) => !j.paused && !core.paused && !core.draining && !core.busy.has(j.id);
  /** True when the job's retry time has not come (and the wake time is moved to it). */
  const notYet = (job: UploadJob): boolean => {
    const due = job.retryAt ? Date.parse(job.retryAt) : 0;
    if (due <= now) return false;
    starts.wake = Math.min(starts.wake, due);
    return true;
  };
  const { prepareConcurrency, readyAhead, uploadConcurrency } = core.tuning;

  let held = preparing + ready.length;
  for (const job of queued) {
    if (!runnable(job) || notYet(job)) continue;
    if (preparing >= prepareConcurrency || held >= readyAhead) break;
    preparing++;
    held++;
    starts.prepare.push(job.id);
  }

  let sending = core.sending.size;
  const capped = core.dailyCap.active(now) !== undefined;
  if (capped) starts.wake = Math.min(starts.wake, core.dailyCap.endsAt() ?? starts.wake);
  for (const job of capped ? [] : ready) {
    if (!runnable(job) || sending >= uploadConcurrency || notYet(job)) continue;
    sending++;
    starts.upload.push(job.id);
  }
  return starts;
}

// The upload job's state machine, pure: which state may follow which (the table), and what each
// command a person gives (pause, resume, retry, cancel, edit, remove) does to a job or why it is
// refused. The queue engine moves jobs only along the table; a move off it is a bug, caught at once.
import { randomUUID } from 'node:crypto';
import { isFinal, isWaiting } from './types';
import type { JobEdit, JobState, NewJob, UploadJob } from './types';
import { checkMetadata } from './validate';
import { failWith, ok } from '../../common/problem';
import type { Problem, Result } from '../../common/problem';

/** Every move a job may make. A job that is not moved keeps its state (and may be saved as it is). */
export const TRANSITIONS: Readonly<Record<JobState, readonly JobState[]>> = {
  // Prepared, failed for its metadata, or cancelled before it started.
  queued: ['preparing', 'failed', 'cancelled'],
  // Prepared; refused; back to waiting (an interrupted run, a new size); cancelled.
  preparing: ['ready', 'failed', 'queued', 'cancelled'],
  // Sent; refused before sending (account rules); back to waiting; cancelled.
  ready: ['uploading', 'failed', 'queued', 'cancelled'],
  // Accepted (processing, or already final when found after a crash); refused and waiting again
  // (transient, daily cap); lost before the service got it (prepared again, or still prepared).
  uploading: ['processing', 'published', 'scheduled', 'ready', 'queued', 'failed'],
  processing: ['published', 'scheduled', 'failed'],
  published: [],
  scheduled: [],
  // A retry starts again, or goes back to following a shot the service already accepted.
  failed: ['queued', 'processing', 'cancelled'],
  cancelled: ['queued', 'processing'],
};

export function canMove(from: JobState, to: JobState): boolean {
  return TRANSITIONS[from].includes(to);
}

/** A move off the table is the engine's bug, not the user's: it stops there. */
export function assertMove(job: UploadJob, to: JobState): void {
  if (job.state !== to && !canMove(job.state, to))
    throw new Error(`Upload job ${job.id} cannot go from ${job.state} to ${to}.`);
}

/** Why a job may not be paused now, or undefined (and it is paused). */
export function pauseJob(job: UploadJob): Problem | undefined {
  if (!isWaiting(job.state)) return refused(`A job that is ${job.state} cannot be paused.`);
  job.paused = true;
  return undefined;
}

export function resumeJob(job: UploadJob): Problem | undefined {
  job.paused = false;
  return undefined;
}

/** A failed or cancelled job starts again; one the service already accepted goes back to being followed. */
export function retryJob(job: UploadJob, now: Date): Problem | undefined {
  if (job.state !== 'failed' && job.state !== 'cancelled')
    return refused(`Only failed or cancelled jobs can be retried; this one is ${job.state}.`);
  job.failure = undefined;
  job.lastError = undefined;
  job.retryAt = undefined;
  job.attempts = 0;
  job.paused = false;
  if (job.location && job.shotId) {
    job.state = 'processing';
    job.processingSince = now.toISOString();
  } else {
    job.state = 'queued';
  }
  return undefined;
}

/** Why a job may not be cancelled now, or undefined (and it is cancelled). */
export function cancelJob(job: UploadJob): Problem | undefined {
  if (job.state === 'uploading')
    return refused('The upload is being sent; it cannot be cancelled now. Delete the shot once it is published.');
  if (job.state === 'processing' || job.state === 'published' || job.state === 'scheduled')
    return refused('The service already has this shot; delete it from your shots instead.');
  if (job.state === 'cancelled') return refused('The job is already cancelled.');
  job.state = 'cancelled';
  return undefined;
}

/**
 * Applies an edit, or says why not. `reprepare` tells the engine that the prepared image no longer
 * matches (a new size or fit) and must be dropped.
 */
export function editJob(job: UploadJob, patch: JobEdit): Result<{ reprepare: boolean }> {
  if (!isWaiting(job.state) && job.state !== 'failed')
    return failWith(refused(`The shot is already ${job.state}; edit it from your shots instead.`));
  if (patch.prepare && job.state === 'preparing')
    return failWith(refused('The image is being prepared; change its size or fit in a moment.'));
  if (patch.metadata) job.metadata = { ...job.metadata, ...patch.metadata };
  if (patch.prepare) {
    job.prepare = { ...job.prepare, ...patch.prepare };
    if (job.state === 'ready') job.state = 'queued';
  }
  if (job.state === 'failed' && job.failure?.retryable === false && !job.shotId) {
    // The edit may have fixed what the service refused: let it go again.
    job.state = 'queued';
    job.failure = undefined;
    job.attempts = 0;
  }
  return ok({ reprepare: patch.prepare !== undefined });
}

/** Why a job may not leave the list, or undefined. */
export function removalRefusal(job: UploadJob): Problem | undefined {
  return isFinal(job.state) ? undefined : refused(`The job is ${job.state}; cancel it first.`);
}

/** A command the job's state does not allow now: said, never thrown, and nothing changed. */
function refused(message: string): Problem {
  return { code: 'refused', message };
}

/** A new job for a request: queued, or failed at once when its metadata breaks a rule of the service. */
export function newJob(request: NewJob, sourcePath: string, contentHash: string): UploadJob {
  const now = new Date().toISOString();
  const job: UploadJob = {
    id: randomUUID().slice(0, 8),
    sourcePath,
    contentHash,
    metadata: { ...request.metadata, tags: request.metadata.tags ? [...request.metadata.tags] : undefined },
    prepare: { ...request.prepare },
    state: 'queued',
    paused: false,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
    origin: request.origin,
  };
  const problems = checkMetadata(job.metadata);
  if (problems.length > 0) {
    job.state = 'failed';
    job.failure = { code: 'invalid-shot', message: problems.join(' '), retryable: false };
  }
  return job;
}

// What the window sees of the queue: each job as a JobView, the rate-limit budget, and the answer
// to each draft sent (added, already there, already uploaded), worded for the user.
import path from 'node:path';
import { isOnService } from '../../common/job-states';
import type { AddResult, UploadJob } from '../uploads/index';
import type { RateLimitState } from '../service/rate-limit-governor';
import type { Reachability } from '../service/reachability';
import type { EnqueueResult, JobView, OfflineView, RateLimitView } from '../../common/contract/index';

export function enqueueAnswer(result: AddResult, item: { draftId: string; sourcePath: string }): EnqueueResult {
  const { draftId } = item;
  if (result.status === 'added') return { draftId, status: 'added', message: null, jobId: result.job.id, shotId: null };
  if (result.status === 'existing') {
    const name = path.basename(item.sourcePath);
    if (isOnService(result.job.state)) {
      return {
        draftId,
        status: 'skipped',
        message: `${name} was already uploaded as shot ${result.job.shotId ?? '?'} (the same image is in the queue).`,
        jobId: result.job.id,
        shotId: result.job.shotId ?? null,
      };
    }
    const other = path.basename(result.job.sourcePath);
    const message =
      result.duplicateOf && other !== name
        ? `${name} has the same image as ${other}, already in the queue; it is uploaded once.`
        : `${name} is already in the queue.`;
    return { draftId, status: 'existing', message, jobId: result.job.id, shotId: null };
  }
  if (result.status === 'skipped')
    return {
      draftId,
      status: 'skipped',
      message: `${path.basename(result.sourcePath)} was already uploaded as shot ${result.shotId}.`,
      jobId: null,
      shotId: result.shotId,
    };
  return { draftId, status: result.status, message: result.message, jobId: null, shotId: null };
}

/** A job as the window sees it: every field copied, so a view holds nothing of the live job. */
export function jobView(job: Readonly<UploadJob>, progress: JobView['progress'] | undefined): JobView {
  const fromFolder = job.origin !== undefined && job.origin !== 'app' && job.origin !== 'cli';
  const note = job.lastError
    ? `${job.lastError}${job.retryAt ? ` Trying again at ${new Date(job.retryAt).toLocaleTimeString()}.` : ''}`
    : null;
  return {
    id: job.id,
    name: path.basename(job.sourcePath),
    title: job.metadata.title,
    state: job.state,
    paused: job.paused,
    failure: job.failure
      ? { code: job.failure.code, message: job.failure.message, retryable: job.failure.retryable }
      : null,
    note,
    shotId: job.shotId ?? null,
    publishedAt: job.publishedAt ?? null,
    scheduledFor: job.scheduledFor ?? job.metadata.scheduledFor ?? null,
    warnings: job.warnings ? [...job.warnings] : [],
    origin: fromFolder ? 'watch' : job.origin === 'cli' ? 'cli' : 'app',
    folder: fromFolder ? (job.origin ?? null) : null,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    progress: job.state === 'uploading' ? (progress ?? null) : null,
    sourceChanged: job.sourceChanged === true,
  };
}

export function rateLimitView(state: RateLimitState): RateLimitView {
  return { limit: state.limit, remaining: state.remaining, resetAt: state.resetAt, waiting: state.waiting };
}

/**
 * The service does not answer the account's requests: its host, and the earliest time anything
 * tries again (a request the governor sends again, or the queue's next retry or check). Null from
 * the first answer on. (The window shows it while uploads wait: with none, nothing is delayed.)
 */
export function offlineView(
  reach: Pick<Reachability, 'reachable' | 'nextAttemptAt'>,
  queueWakeAt: number | undefined,
  apiUrl: string,
  now: number = Date.now(),
): OfflineView | null {
  if (reach.reachable) return null;
  const next = [reach.nextAttemptAt, queueWakeAt].filter((at): at is number => at !== undefined && at > now);
  return {
    host: new URL(apiUrl).host,
    nextAttemptAt: next.length > 0 ? new Date(Math.min(...next)).toISOString() : null,
  };
}

// Which job a new request for some content is. The content alone (its SHA-256) says whether the
// bytes were uploaded; the request (which file, with which title, tags, team, schedule and image
// options) says whether the user is asking for the same thing again or for something new:
//
// - the same request again (a re-run after a crash, or a second click) resumes its job, and
//   retries it when it had failed;
// - a new request for content already on the service is not uploaded twice: it is reported with
//   the shot it became, and force uploads it anyway;
// - a new request for content whose earlier attempt failed or was cancelled is a new attempt,
//   with what the user asked for now;
// - the same file asked for again with new options before its upload started takes them;
// - the same request for a file whose content changed since its job read it: a job not sent yet
//   takes the content as it is now (a re-run is asked with the file as it is now), a job being
//   sent goes on with what it read, and the change is said; once that job is done, the new
//   content is a new request like any other.
import path from 'node:path';
import { isWaiting } from './types';
import type { PrepareChoice, ShotMetadata, UploadJob } from './types';

export interface RequestIdentity {
  sourcePath: string;
  contentHash: string;
  metadata: ShotMetadata;
  prepare?: PrepareChoice;
}

export type ContentMatch =
  /** The same request again: its job resumes (a failed one is retried). */
  | { kind: 'same'; job: UploadJob }
  /** The same file with new options, not sent yet: the job takes the new options. */
  | { kind: 'update'; job: UploadJob }
  /** Content already on the service through another request. */
  | { kind: 'uploaded'; shotId: number; from?: string }
  /** Content being uploaded right now through another request (another file or other options). */
  | { kind: 'in-queue'; job: UploadJob }
  /** The same request, not sent yet, for content that changed since: the job takes the new content. */
  | { kind: 'replace'; job: UploadJob }
  /** The same request being sent with the content read before the file changed: it goes on. */
  | { kind: 'changed'; job: UploadJob }
  /** Nothing live holds this content for this request: a new job. */
  | { kind: 'new' };

/**
 * Decides what a request is, from the live jobs with the same content and the record of content
 * already uploaded (which outlives cleared jobs).
 */
export function matchContent(
  request: RequestIdentity,
  jobs: Iterable<UploadJob>,
  uploaded?: { shotId: number },
): ContentMatch {
  const all = [...jobs];
  const same = all.filter((j) => j.contentHash === request.contentHash && j.state !== 'cancelled');
  const key = requestKey(request);
  const again = same.find((j) => j.sourcePath === request.sourcePath && requestKey(j) === key);
  if (again) return { kind: 'same', job: again };
  const before = all.find(
    (j) =>
      j.sourcePath === request.sourcePath &&
      j.contentHash !== request.contentHash &&
      requestKey(j) === key &&
      (j.state === 'queued' ||
        j.state === 'ready' ||
        j.state === 'preparing' ||
        j.state === 'uploading' ||
        j.state === 'processing'),
  );
  if (before)
    // A queued or ready job has no shot on the service (an earlier attempt was answered, or found
    // not to have arrived): it may still take the new content.
    return before.state === 'queued' || before.state === 'ready'
      ? { kind: 'replace', job: before }
      : { kind: 'changed', job: before };
  const onService = onServiceAs(request.contentHash, same, uploaded);
  if (onService) return { kind: 'uploaded', ...onService };
  const sameFile = same.find((j) => j.sourcePath === request.sourcePath && isWaiting(j.state));
  if (sameFile) return { kind: 'update', job: sameFile };
  // A job the service may already hold (sending, processing, or failed after it was accepted).
  const live = same.find((j) => j.state !== 'failed' || j.shotId !== undefined);
  if (live) return { kind: 'in-queue', job: live };
  return { kind: 'new' };
}

/**
 * The shot content is on the service as: a job of the queue that published it (named by its file),
 * else the journal's record of it.
 */
export function onServiceAs(
  contentHash: string,
  jobs: Iterable<UploadJob>,
  uploaded?: { shotId: number },
): { shotId: number; from?: string } | undefined {
  const job = [...jobs].find(
    (j) =>
      j.contentHash === contentHash && (j.state === 'published' || j.state === 'scheduled') && j.shotId !== undefined,
  );
  if (job) return { shotId: job.shotId!, from: path.basename(job.sourcePath) };
  return uploaded ? { shotId: uploaded.shotId } : undefined;
}

/** What the user asked for, in a form where equal requests give equal strings. */
export function requestKey(request: { metadata: ShotMetadata; prepare?: PrepareChoice }): string {
  const m = request.metadata;
  const p = request.prepare ?? {};
  return JSON.stringify([
    m.title,
    m.description || null,
    m.tags && m.tags.length > 0 ? m.tags : null,
    m.lowProfile === true,
    m.teamId ?? null,
    m.reboundSourceId ?? null,
    m.scheduledFor ? new Date(m.scheduledFor).toISOString() : null,
    p.size && p.size !== 'auto' ? p.size : null,
    p.fit && p.fit !== 'cover' ? p.fit : null,
    p.focus ?? null,
    p.crop ?? null,
    p.background ?? null,
    p.format && p.format !== 'auto' ? p.format : null,
    // A clip trimmed otherwise is another shot.
    p.trim ? [p.trim.startMs, p.trim.endMs] : null,
  ]);
}

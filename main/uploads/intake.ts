// How a request becomes a job: the file is read once (snapshot.ts), its content kept in the data
// folder before the job is written, and the request matched against the jobs and the record of
// uploaded content (job-identity.ts). The job carries its content from then on. A draft's request
// brings the content the draft already read (its hash, stamp and private copy): the queue takes
// that copy instead of reading the file again, so what the draft showed is what is sent, and the
// draft's image prepared from that same content travels with it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { queueDiskFault } from './disk-fault';
import { fileProblem } from './file-problem';
import { matchContent } from './job-identity';
import { newJob } from './job-machine';
import { knownRequest } from './known-request';
import type { QueueCore } from './queue-core';
import { takeFile, type TakenContent, type TakenFile } from './snapshot';
import type { AddResult, JobEdit, JobOwner, NewJob, UploadJob } from './types';
import type { Result } from '../../common/problem';

export interface IntakeQueue {
  get(id: string): UploadJob | undefined;
  retry(id: string): Result<UploadJob>;
  edit(id: string, patch: JobEdit): Result<UploadJob>;
  /** Forgets the content of shots deleted since (by another process). */
  forgetDeleted(): void;
}

/** `owner`: the service and account whose queue this is, written on every job it takes. */
export async function addRequest(
  core: QueueCore,
  queue: IntakeQueue,
  asked: NewJob,
  owner?: JobOwner,
): Promise<AddResult> {
  // Titles are composed (NFC): a title from a macOS file name comes decomposed, and would be sent
  // so, and would not match the same request typed.
  const request = { ...asked, metadata: { ...asked.metadata, title: asked.metadata.title.normalize('NFC') } };
  const sourcePath = path.resolve(request.sourcePath);
  let taken: Taken;
  try {
    taken = await takeContent(core, sourcePath, request.taken);
  } catch (error) {
    return { status: 'error', sourcePath, message: fileProblem(sourcePath, error) };
  }
  if (core.closing) return { status: 'error', sourcePath, message: 'The queue is closing.' };
  queue.forgetDeleted();
  const contentHash = taken.hash;
  const identity = { sourcePath, contentHash, metadata: request.metadata, prepare: request.prepare };
  const match = matchContent(identity, core.jobs(), core.journal.uploaded.get(contentHash));
  if (!request.force) {
    const known = knownRequest(match, identity, queue);
    if (known?.status === 'existing' && known.changed) {
      noteChanged(core, known.job.id);
      return { ...known, job: queue.get(known.job.id)! };
    }
    if (known) return known;
  }
  try {
    if (taken.bytes) await core.snapshots.keep(contentHash, taken.bytes);
  } catch (error) {
    const fault = queueDiskFault(error, core.journal.dir);
    if (!fault)
      return {
        status: 'error',
        sourcePath,
        message: `A copy of ${path.basename(sourcePath)} to upload could not be kept: ${(error as Error).message}`,
      };
    // Like a journal write the disk refused: the job is held in memory with the queue paused;
    // once resumed, it prepares from its source while that still holds the same bytes.
    if (core.diskFault === undefined) core.diskRefused(fault);
  }
  if (match.kind === 'replace' && !request.force) return replaceContent(core, queue, match.job, taken, request);
  const job = newJob(request, sourcePath, contentHash);
  job.sourceStamp = taken.stamp;
  if (owner) job.owner = { ...owner };
  if (request.prepared?.stamp === taken.stamp) core.prepared.set(job.id, request.prepared.image);
  core.save(job);
  return { status: 'added', job: structuredClone(job) };
}

/** The content as the queue keeps it: the bytes it read, or (adopted from a draft's copy, kept already) none. */
type Taken = Omit<TakenFile, 'bytes'> & { bytes?: Buffer };

/**
 * The request's content: what the draft read, its copy adopted into the queue's snapshots without
 * a read; or the file read now (the CLI, a watched folder, a draft whose copy is gone).
 */
/**
 * The content a job sends: the draft's copy when it brings one (no read of the file), else the file
 * read once. A file gone by then is said as such, as on the draft's card, whatever the copy: a
 * designer who deleted or moved the file after dropping it is told, not sent it unasked. A look at
 * the file (stat) is not a read of it.
 */
async function takeContent(core: QueueCore, sourcePath: string, given: TakenContent | undefined): Promise<Taken> {
  if (given) await fs.stat(sourcePath);
  if (given && (await core.snapshots.adopt(given.hash, given.copy).catch(() => false)))
    return { hash: given.hash, stamp: given.stamp };
  return takeFile(sourcePath);
}

/** The job goes on with what it read; the change of its source is written with it, to be said. */
function noteChanged(core: QueueCore, id: string): void {
  const job = core.job(id);
  if (!job || job.sourceChanged) return;
  job.sourceChanged = true;
  core.save(job);
}

/** A job not sent yet takes the file's content as it is now; its earlier copy goes unless another job needs it. */
function replaceContent(core: QueueCore, queue: IntakeQueue, job: UploadJob, taken: Taken, request: NewJob): AddResult {
  const earlier = job.contentHash;
  core.prepared.delete(job.id);
  job.contentHash = taken.hash;
  job.sourceStamp = taken.stamp;
  job.sourceChanged = undefined;
  job.warnings = undefined;
  const previous = job.state;
  if (job.state === 'ready') job.state = 'queued';
  if (request.prepared?.stamp === taken.stamp) core.prepared.set(job.id, request.prepared.image);
  core.save(job, previous === job.state ? undefined : previous);
  core.releaseSnapshot(earlier);
  return { status: 'existing', job: queue.get(job.id)! };
}

// The upload queue: jobs move queued → preparing → ready → uploading → processing →
// published | scheduled (or failed / cancelled), along the table in job-machine.ts. Every state
// change is written to the journal, and from the moment a job goes to the service it is on the
// disk before the queue acts on it or says so (the fsyncs run off the event loop, grouped), so a
// crash at any instant resumes where it stopped. This class holds the commands people give; the
// pump that moves jobs by themselves (stages.ts, the reconciler's checks) is queue-pump.ts.
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { addRequest } from './intake';
import { onServiceAs } from './job-identity';
import { Journal } from './journal';
import { acquireLock } from './lock';
import { DiskFaultError, diskWrite } from './disk-fault';
import { DeletedShots } from './deleted-shots';
import type { ImagePreparer, UploadService } from './ports';
import type { DailyCapState } from './daily-cap';
import { HighestShotId } from './highest-shot';
import { cancelJob, editJob, pauseJob, removalRefusal, resumeJob, retryJob } from './job-machine';
import { QueueCore, needsSnapshot } from './queue-core';
import { Reconciler } from './reconciler';
import { QueuePump } from './queue-pump';
import { tuningOf, type UploadQueueOptions } from './queue-options';
import { Stages } from './stages';
import { isFinal, isWaiting } from './types';
import { fail, failWith, ok, type Problem, type Result } from '../../common/problem';
import type { AddResult, JobEdit, JobEvent, NewJob, UploadJob } from './types';

export type { AddResult } from './types';
export type { UploadQueueOptions } from './queue-options';

export class UploadQueue extends EventEmitter<{ event: [JobEvent] }> {
  private readonly core: QueueCore;
  private readonly pump: QueuePump;
  private readonly deletedShots: DeletedShots;

  private constructor(
    service: UploadService,
    preparer: ImagePreparer,
    journal: Journal,
    private readonly releaseLock: () => void,
    private readonly options: UploadQueueOptions,
  ) {
    super();
    this.deletedShots = new DeletedShots(options.dataDir);
    const tuning = tuningOf(options);
    this.core = new QueueCore(
      journal,
      service,
      preparer,
      tuning,
      (event) => this.emit('event', event),
      () => this.pump.run(),
    );
    const highest = new HighestShotId(service);
    const reconciler = new Reconciler(this.core, highest, options.owner?.userId ?? options.account?.id);
    this.pump = new QueuePump({
      core: this.core,
      reconciler,
      stages: new Stages(this.core, reconciler, highest, options.account),
      highest,
      service,
      running: options.run ?? true,
      waitForFirstAdd: options.waitForFirstAdd ?? false,
    });
  }

  /**
   * Opens (or creates) the queue in `dataDir` and resumes every unfinished job. Fails with a
   * sentence when another process owns the queue.
   */
  static open(options: UploadQueueOptions): UploadQueue {
    const lock = diskWrite(options.dataDir, () => acquireLock(options.dataDir));
    if (!lock.ok) throw new Error(lock.error.message);
    let journal: Journal;
    try {
      journal = Journal.open(options.dataDir, options.journal);
    } catch (error) {
      lock.value();
      throw error;
    }
    const queue = new UploadQueue(options.service, options.preparer, journal, lock.value, options);
    queue.resume();
    return queue;
  }

  // ---- reading ------------------------------------------------------------------------------

  list(): UploadJob[] {
    return this.core.oldestFirst().map((j) => structuredClone(j));
  }

  /**
   * Each job, oldest first, read in place through `read` (no copy): for views that copy what they
   * keep. A view built every 100 ms of a thousand jobs spent most of its time copying them.
   */
  mapJobs<T>(read: (job: Readonly<UploadJob>) => T): T[] {
    return this.core.oldestFirst().map((job) => read(job));
  }

  get(id: string): UploadJob | undefined {
    const job = this.core.job(id);
    return job ? structuredClone(job) : undefined;
  }

  /** The queue's copy of what the job read, while the job keeps it (until the service has the shot). */
  keptCopyOf(id: string): string | undefined {
    const job = this.core.job(id);
    if (!job || !needsSnapshot(job)) return undefined;
    const copy = this.core.snapshots.pathOf(job.contentHash);
    return existsSync(copy) ? copy : undefined;
  }

  get isPaused(): boolean {
    return this.core.paused;
  }

  /** When the queue next starts something by itself (a retry, a check, the end of a hold), epoch ms. */
  get nextWakeAt(): number | undefined {
    return this.pump.nextWakeAt;
  }

  /** The sentence of a write the disk refused, while it holds the queue paused. */
  get diskFault(): string | undefined {
    return this.core.diskFault;
  }

  /** The daily upload cap holding this account's uploads, with how many jobs wait for it. */
  dailyCapHold(): (DailyCapState & { waiting: number }) | undefined {
    const hold = this.core.dailyCap.active();
    if (!hold) return undefined;
    const waiting = [...this.core.jobs()].filter((j) => isWaiting(j.state) && !j.paused).length;
    return { ...hold, waiting };
  }

  /** The shot a file's content is already on the service as (by any file), when the queue knows it. */
  uploadedAs(contentHash: string): { shotId: number; from?: string } | undefined {
    this.forgetDeleted();
    return onServiceAs(contentHash, this.core.jobs(), this.core.journal.uploaded.get(contentHash));
  }

  /** Resolves when no job can move on by itself: all final, paused, or the queue paused. */
  whenIdle(): Promise<void> {
    return this.pump.whenIdle();
  }

  /** Forgets the content of shots deleted since (by another process, or the window). */
  forgetDeleted(): void {
    for (const shotId of this.deletedShots.news()) this.forgetShot(shotId);
  }

  // ---- changing -----------------------------------------------------------------------------

  async add(requests: NewJob[]): Promise<AddResult[]> {
    const results: AddResult[] = [];
    for (const request of requests) results.push(await addRequest(this.core, this, request, this.options.owner));
    this.pump.firstAddTaken();
    this.pump.run();
    return results;
  }

  pause(): void {
    this.core.paused = true;
    this.core.announce({ type: 'queue', paused: true });
  }

  /**
   * Runs the queue again. After a fault of the disk, everything known is first written down again
   * (the whole journal, replaced at once, off the event loop): no line counts as on the disk until
   * that is done, so nothing goes to the service before it; while the disk still refuses, the
   * queue pauses again with the new sentence.
   */
  resume(): void {
    const core = this.core;
    if (core.diskFault !== undefined && !core.journalClosed) {
      core.diskFault = undefined;
      core.journal.compact().catch((error: unknown) => {
        if (!(error instanceof DiskFaultError)) throw error;
        if (core.diskFault === undefined) core.diskRefused(error);
      });
    }
    core.paused = false;
    core.signInRefused = undefined;
    core.announce({ type: 'queue', paused: false });
    this.pump.run();
  }

  pauseJob(id: string): Result<UploadJob> {
    return this.change(id, pauseJob);
  }

  resumeJob(id: string): Result<UploadJob> {
    return this.change(id, resumeJob);
  }

  /** A failed job starts again; one that failed after the service accepted it goes back to being tracked. */
  retry(id: string): Result<UploadJob> {
    return this.change(id, (job) => {
      if (
        this.core.dailyCap.active() &&
        !isFinal(job.state) &&
        job.state !== 'uploading' &&
        job.state !== 'processing'
      ) {
        // Retrying a job held by the daily cap asks the service again now.
        this.core.dailyCap.release();
        job.lastError = undefined;
        job.retryAt = undefined;
        return undefined;
      }
      return retryJob(job, new Date());
    });
  }

  cancel(id: string): Result<UploadJob> {
    return this.change(id, (job) => {
      const refusal = cancelJob(job);
      if (!refusal) this.core.prepared.delete(job.id);
      return refusal;
    });
  }

  edit(id: string, patch: JobEdit): Result<UploadJob> {
    return this.change(id, (job) => {
      const edited = editJob(job, patch);
      if (!edited.ok) return edited.error;
      if (edited.value.reprepare) this.core.prepared.delete(job.id);
      return undefined;
    });
  }

  /** Removes a final job from the list (the record of uploaded content stays). */
  remove(id: string): Result<UploadJob> {
    const job = this.core.job(id);
    if (!job) return fail('refused', `No job ${id}.`);
    const refusal = removalRefusal(job);
    if (refusal) return failWith(refusal);
    this.core.write(
      () => this.core.journal.forget(id),
      () => this.core.journal.jobs.delete(id),
    );
    this.core.releaseSnapshot(job.contentHash);
    this.core.announce({ type: 'removed', id });
    return ok(job);
  }

  /**
   * The shot was deleted: its content is no longer on the service. The record of it goes, and so
   * do the finished jobs that made it, so the same file may be uploaded again.
   */
  forgetShot(shotId: number): void {
    this.core.forgetUploadedShot(shotId);
    for (const job of [...this.core.jobs()]) if (job.shotId === shotId && isFinal(job.state)) this.remove(job.id);
  }

  /** Removes every final job; returns how many. */
  clearFinished(): number {
    let count = 0;
    for (const job of [...this.core.jobs()]) if (isFinal(job.state) && this.remove(job.id).ok) count++;
    return count;
  }

  /**
   * Stops starting work (no new prepare, no new POST) and waits, at most `boundMs`, for what is in
   * flight: a POST's outcome and the service's processing of each shot it accepted. Resolves with
   * the jobs left unfinished, which stay in the journal for the next run.
   */
  async drain(boundMs: number): Promise<number> {
    const core = this.core;
    core.draining = true;
    this.pump.run();
    const deadline = Date.now() + boundMs;
    const inFlight = () =>
      core.sending.size > 0 ||
      core.busy.size > 0 ||
      [...core.jobs()].some((j) => j.state === 'uploading' || j.state === 'processing');
    while (inFlight() && Date.now() < deadline && !core.closing) await new Promise((r) => setTimeout(r, 50));
    // What the drain finished is told before it returns: a change is announced once its line is on
    // the disk, and whoever counts after the drain (watch's folder lines) must have heard it.
    await new Promise<void>((resolve) => core.afterAnnounced(resolve));
    return [...core.jobs()].filter((j) => !isFinal(j.state) && !j.paused).length;
  }

  /**
   * Stops taking new work, lets the POSTs in flight finish (their outcome is written down),
   * and closes the journal once its last lines are on the disk. Unfinished jobs resume the next
   * time the queue opens.
   */
  async close(): Promise<void> {
    if (this.core.closing) return;
    this.core.closing = true;
    this.pump.stop();
    while (this.core.sending.size > 0) await new Promise((r) => setTimeout(r, 50));
    this.core.journalClosed = true;
    try {
      await this.core.journal.close();
    } finally {
      this.releaseLock();
    }
    this.pump.releaseWaiters();
  }

  /** A command on one job (by id or a unique prefix), applied, written and announced, or refused with its Problem. */
  private change(id: string, apply: (job: UploadJob) => Problem | undefined): Result<UploadJob> {
    // A unique prefix of the id will do, as with git: people type ids from `shotput queue list`.
    const matches = this.core.job(id)
      ? [this.core.job(id)!]
      : [...this.core.jobs()].filter((j) => id !== '' && j.id.startsWith(id));
    if (matches.length > 1) return fail('refused', `${id} matches ${matches.length} jobs; give more of the id.`);
    const job = matches[0];
    if (!job) return fail('refused', `No job ${id} in the queue.`);
    const previous = job.state;
    const refusal = apply(job);
    if (refusal) return failWith(refusal);
    this.core.save(job, previous === job.state ? undefined : previous);
    this.pump.run();
    return ok(structuredClone(job));
  }
}

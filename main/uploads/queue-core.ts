// What the parts of the upload queue share: the journal and the jobs in it, the prepared images,
// which jobs are busy, the daily cap, the tuning, and the one way a job changes (written to the
// journal, and announced once the journal holds it, in order). The queue (queue.ts) orchestrates; the
// stages (stages.ts) prepare and send; the reconciler (reconciler.ts) confirms and finds.
import { assertMove } from './job-machine';
import { DailyCapHold } from './daily-cap';
import { DiskFaultError } from './disk-fault';
import { InOrder } from './in-order';
import { isFinal, isWaiting } from './types';
import type { Journal } from './journal';
import { Snapshots } from './snapshot';
import type { ImagePreparer, PreparedImage, UploadService } from './ports';
import type { JobEvent, JobState, UploadJob } from './types';
import type { Problem } from '../../common/problem';

export interface QueueTuning {
  prepareConcurrency: number;
  uploadConcurrency: number;
  readyAhead: number;
  maxAttempts: number;
  expectedProcessingMs: number;
  processingTimeoutMs: number;
  busyCheckGapMs: number;
  retryBaseMs: number;
}

/** Whether a job may still prepare its image: not once the service has its shot. */
export function needsSnapshot(job: UploadJob): boolean {
  return job.shotId === undefined && job.state !== 'published' && job.state !== 'scheduled';
}

export class QueueCore {
  /** Each job's image once prepared (or handed over with it), until it is sent. */
  readonly prepared = new Map<string, PreparedImage>();
  /** The content of each job as it was read when the job was made. */
  readonly snapshots: Snapshots;
  /** Jobs with a prepare or a POST running right now. */
  readonly busy = new Set<string>();
  /** Jobs between leaving `ready` for an upload and knowing its outcome. */
  readonly sending = new Set<string>();
  /** Set when the service refused a POST for its daily cap: no POST leaves until it ends (also in later runs). */
  readonly dailyCap: DailyCapHold;
  /** Held back by the user as a whole, or by a fault of the disk. */
  paused = false;
  /**
   * The sentence of a write the disk refused. Until the queue is resumed, changes live in memory
   * only (the journal on disk keeps the last state it could write) and nothing is sent.
   */
  diskFault: string | undefined;
  /**
   * The service's refusal of the sign-in (a 401): the queue holds and every job waits as it is
   * (none fails for it, shots in flight stay to be confirmed) until it is resumed with a sign-in
   * the service accepts.
   */
  signInRefused: string | undefined;
  /** Stopping: nothing new is prepared or sent; what the service already has is still confirmed. */
  draining = false;
  closing = false;
  journalClosed = false;
  /** What the queue says, in order, each change once its journal line is on the disk where it must be. */
  private readonly said = new InOrder();

  constructor(
    readonly journal: Journal,
    readonly service: UploadService,
    readonly preparer: ImagePreparer,
    readonly tuning: QueueTuning,
    private readonly emit: (event: JobEvent) => void,
    /** Looks for work to start; set by the queue. */
    readonly pump: () => void,
  ) {
    this.snapshots = new Snapshots(journal.dir);
    this.dailyCap = new DailyCapHold(
      (state) =>
        this.write(
          () => journal.writeCap(state),
          () => (journal.dailyCap = state),
        ),
      journal.dailyCap,
    );
  }

  job(id: string): UploadJob | undefined {
    return this.journal.jobs.get(id);
  }

  jobs(): IterableIterator<UploadJob> {
    return this.journal.jobs.values();
  }

  /** The live jobs, oldest first (not copies: for the engine only). */
  oldestFirst(): UploadJob[] {
    return [...this.jobs()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }

  announce(event: JobEvent): void {
    this.said.add(() => this.emit(event));
  }

  /** Runs `then` once everything announced so far has been said (a wait for the queue to be idle). */
  afterAnnounced(then: () => void): void {
    this.said.add(then);
  }

  /**
   * Resolves true once every line written so far is on the disk; false when the disk refused it:
   * then the queue is paused, as for a refused write.
   */
  async durable(): Promise<boolean> {
    try {
      await this.journal.durable();
      return true;
    } catch (error) {
      if (!(error instanceof DiskFaultError)) throw error;
      if (this.diskFault === undefined) this.diskRefused(error);
      return false;
    }
  }

  /**
   * Moves a job along the state table (job-machine.ts), written and announced. False when the
   * disk refused the write: the move holds in memory only, and the queue is paused.
   */
  transition(job: UploadJob, state: JobState): boolean {
    const previous = job.state;
    assertMove(job, state);
    job.state = state;
    return this.save(job, previous, previous !== state && !needsSnapshot(job));
  }

  /** Lets go of a content's copy once no job may still prepare from it. */
  releaseSnapshot(hash: string): void {
    for (const job of this.jobs()) if (job.contentHash === hash && needsSnapshot(job)) return;
    void this.snapshots.release(hash);
  }

  /**
   * Writes a job down and announces it. `releases`: the job no longer needs its content's copy,
   * which goes once the line saying so is on the disk.
   */
  save(job: UploadJob, previous?: JobState, releases = false): boolean {
    if (this.journalClosed) return false;
    job.updatedAt = new Date().toISOString();
    const written = this.write(
      () => this.journal.writeJob(job),
      () => this.journal.jobs.set(job.id, job),
    );
    // From the moment a job goes to the service, its change is said only once it is on the disk.
    const onDisk = written && !isWaiting(job.state) ? this.durable() : undefined;
    const event: JobEvent = { type: 'job', job: structuredClone(job), previous };
    const hash = job.contentHash;
    this.said.add(() => {
      if (releases) this.releaseSnapshot(hash);
      this.emit(event);
    }, onDisk);
    return written;
  }

  /** Notes content the service now holds (kept in memory too when the disk refuses). */
  recordUploaded(hash: string, shotId: number): void {
    this.write(
      () => this.journal.recordUploaded(hash, shotId),
      () => this.journal.uploaded.set(hash, { shotId, at: new Date().toISOString() }),
    );
  }

  /** The record that content became this shot goes (the shot was deleted). */
  forgetUploadedShot(shotId: number): void {
    for (const [hash, record] of [...this.journal.uploaded]) {
      if (record.shotId !== shotId) continue;
      this.write(
        () => this.journal.forgetUploaded(hash),
        () => this.journal.uploaded.delete(hash),
      );
    }
  }

  /** A journal write, unless a fault of the disk holds the queue: then memory only. */
  write(toDisk: () => void, inMemory: () => void): boolean {
    if (this.diskFault !== undefined) {
      inMemory();
      return false;
    }
    try {
      toDisk();
      return true;
    } catch (error) {
      if (!(error instanceof DiskFaultError)) throw error;
      inMemory();
      this.diskRefused(error);
      return false;
    }
  }

  /** Whether a problem is the service refusing the sign-in; if so the queue holds (said once) and the job only waits. */
  holdsForSignIn(problem: { code: string; message: string } | undefined): boolean {
    if (problem?.code !== 'unauthorized') return false;
    if (this.signInRefused === undefined) {
      this.signInRefused = problem.message;
      this.paused = true;
      this.announce({ type: 'queue', paused: true, signInRefused: problem.message });
    }
    return true;
  }

  /** The disk refused a write: the queue holds what it knows in memory, paused, until resumed. */
  diskRefused(error: DiskFaultError): void {
    this.diskFault = error.message;
    this.paused = true;
    this.announce({ type: 'queue', paused: true, diskFault: error.message });
  }

  /** The job fails for this Problem, its code kept with it; `retryable` when the job knows better than the Problem. */
  fail(job: UploadJob, problem: Problem, retryable = problem.retryable === true): void {
    job.failure = { code: problem.code, message: problem.message, retryable };
    this.transition(job, 'failed');
  }

  /** A transient problem: the job tries again by itself after a backoff. */
  later(job: UploadJob, message: string): void {
    job.lastError = message;
    job.retryAt = new Date(Date.now() + this.backoff(job.attempts + 1)).toISOString();
    this.save(job);
  }

  /**
   * The service answers again after an outage: the jobs waiting out a backoff for it may go now.
   * Their backoff grew with each failed try (up to a minute and more), and the window has just said
   * the uploads go on. Answers whether any job was waiting.
   */
  dueNow(): boolean {
    let any = false;
    for (const job of this.jobs()) {
      if (job.retryAt === undefined || isFinal(job.state)) continue;
      job.retryAt = undefined;
      this.save(job);
      any = true;
    }
    return any;
  }

  backoff(attempt: number): number {
    const base = this.tuning.retryBaseMs * 2 ** Math.max(0, attempt - 1);
    return Math.min(base, 60_000) * (0.75 + Math.random() * 0.5);
  }

  /** Jobs that still wait to be sent (the budget goes to them first). */
  uploadsWaiting(): boolean {
    for (const job of this.journal.jobs.values()) if (isWaiting(job.state) && !job.paused) return true;
    return false;
  }
}

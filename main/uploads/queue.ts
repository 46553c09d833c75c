// The upload queue: jobs move queued → preparing → ready → uploading → processing →
// published | scheduled (or failed / cancelled). Every state change is written to the journal
// and fsynced before the queue acts on it, so a crash at any instant resumes where it stopped:
// a job caught in `uploading` is looked for among the account's shots before it is sent again.
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { hashFile } from './content-hash';
import { fileProblem } from './file-problem';
import { knownRequest } from './known-request';
import { matchContent } from './job-identity';
import { Journal } from './journal';
import type { JournalOptions } from './journal';
import { acquireLock } from './lock';
import { finalStateOf, matchInterruptedUploads, pageCoversIdsAbove } from './matching';
import type { AccountInfo, ImagePreparer, PreparedImage, RemoteShot, ServiceProblem, UploadService } from './ports';
import { checkAgainstAccount, checkImage, checkMetadata, needsAccount } from './validate';
import { DailyCapHold } from './daily-cap';
import type { DailyCapState } from './daily-cap';
import { isFinal } from './types';
import type { JobEdit, JobEvent, JobState, NewJob, UploadJob } from './types';

export interface UploadQueueOptions {
  dataDir: string;
  service: UploadService;
  preparer: ImagePreparer;
  /** Images prepared at the same time (sharp uses threads of its own). */
  prepareConcurrency?: number;
  /** POSTs in flight at the same time; the service client's governor paces them. */
  uploadConcurrency?: number;
  /** Prepared images held in memory ahead of their upload. */
  readyAhead?: number;
  /** POST attempts before a job fails on transient errors. */
  maxAttempts?: number;
  /** First guess of the service's processing time; the first check of a new shot waits this long. */
  expectedProcessingMs?: number;
  /** A shot still missing this long after its 202 ends as failed. */
  processingTimeoutMs?: number;
  /**
   * Least wait between two confirmation requests while other uploads still wait to be sent: the
   * rate budget goes to POSTs first, and one list page later confirms many shots at once.
   */
  busyCheckGapMs?: number;
  /** Base of the backoff for transient failures. */
  retryBaseMs?: number;
  journal?: JournalOptions;
  /** false opens the queue to look at and change it (`shotput queue`) without running any job. */
  run?: boolean;
  /** Who is signed in, when already known: saves a request before scheduling or team checks. */
  account?: AccountInfo;
}

export type AddResult =
  | { status: 'added'; job: UploadJob }
  /**
   * The same request is already in the queue: that job is returned (retried if it had failed, or
   * given the new options when its upload had not started). With `duplicateOf`, another request
   * (another file or other options) is uploading the same content right now.
   */
  | { status: 'existing'; job: UploadJob; duplicateOf?: boolean }
  /** The same content was already uploaded (from `from`, when still listed); pass force to upload it again. */
  | { status: 'skipped'; sourcePath: string; shotId: number; from?: string; message: string }
  | { status: 'error'; sourcePath: string; message: string };

export type ActionResult = { ok: true; job: UploadJob } | { ok: false; message: string };

interface Tracking {
  nextCheckAt: number;
  delayMs: number;
}

const MAX_CHECK_DELAY_MS = 60_000;
const LIST_PAGE_SIZE = 100;
const MAX_LIST_PAGES = 5;

export class UploadQueue extends EventEmitter<{ event: [JobEvent] }> {
  private readonly journal: Journal;
  private readonly releaseLock: () => void;
  private readonly prepared = new Map<string, PreparedImage>();
  /** Jobs with a prepare or a POST running right now. */
  private readonly busy = new Set<string>();
  /** Jobs between leaving `ready` for an upload and knowing its outcome. */
  private readonly sending = new Set<string>();
  private readonly tracking = new Map<string, Tracking>();
  private readonly options: Required<Omit<UploadQueueOptions, 'journal' | 'service' | 'preparer' | 'dataDir' | 'run' | 'account'>>;
  private readonly running: boolean;
  private paused = false;
  private closing = false;
  private journalClosed = false;
  private wasIdle = false;
  private checking = false;
  /** Starts at the opening: a batch's first confirmation waits while its uploads use the budget. */
  private lastCheckAt = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private highestShotId: number | undefined;
  private seeding: Promise<number | undefined> | undefined;
  private account: AccountInfo | undefined;
  /** The longest a shot was seen still processing: a lower bound of the service's processing time. */
  private longestMissMs = 0;
  private idleWaiters: (() => void)[] = [];
  /** Set when the service refused a POST for its daily cap: no POST leaves until it ends. */
  private readonly dailyCap = new DailyCapHold();

  private constructor(
    private readonly service: UploadService,
    private readonly preparer: ImagePreparer,
    journal: Journal,
    releaseLock: () => void,
    options: UploadQueueOptions,
  ) {
    super();
    this.journal = journal;
    this.releaseLock = releaseLock;
    this.running = options.run ?? true;
    this.account = options.account;
    this.options = {
      prepareConcurrency: options.prepareConcurrency ?? 2,
      uploadConcurrency: options.uploadConcurrency ?? 2,
      readyAhead: options.readyAhead ?? 6,
      maxAttempts: options.maxAttempts ?? 5,
      expectedProcessingMs: options.expectedProcessingMs ?? 2_000,
      processingTimeoutMs: options.processingTimeoutMs ?? 10 * 60_000,
      busyCheckGapMs: options.busyCheckGapMs ?? 15_000,
      retryBaseMs: options.retryBaseMs ?? 2_000,
    };
  }

  /**
   * Opens (or creates) the queue in `dataDir` and resumes every unfinished job. Fails with a
   * sentence when another process owns the queue.
   */
  static open(options: UploadQueueOptions): UploadQueue {
    const lock = acquireLock(options.dataDir);
    if (!lock.ok) throw new Error(lock.message);
    let journal: Journal;
    try {
      journal = Journal.open(options.dataDir, options.journal);
    } catch (error) {
      lock.release();
      throw error;
    }
    const queue = new UploadQueue(options.service, options.preparer, journal, lock.release, options);
    queue.resume();
    return queue;
  }

  // ---- reading ------------------------------------------------------------------------------

  list(): UploadJob[] {
    return this.ordered().map((j) => structuredClone(j));
  }

  /** The live jobs, oldest first (not copies: for the engine only). */
  private ordered(): UploadJob[] {
    return [...this.journal.jobs.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  get(id: string): UploadJob | undefined {
    const job = this.journal.jobs.get(id);
    return job ? structuredClone(job) : undefined;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** The daily upload cap holding this account's uploads, with how many jobs wait for it. */
  dailyCapHold(): (DailyCapState & { waiting: number }) | undefined {
    const hold = this.dailyCap.active();
    if (!hold) return undefined;
    const waiting = [...this.journal.jobs.values()].filter((j) => ['queued', 'preparing', 'ready'].includes(j.state) && !j.paused).length;
    return { ...hold, waiting };
  }

  /** Resolves when no job can move on by itself: all final, paused, or the queue paused. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  // ---- changing -----------------------------------------------------------------------------

  async add(requests: NewJob[]): Promise<AddResult[]> {
    const results: AddResult[] = [];
    for (const request of requests) results.push(await this.addOne(request));
    this.pump();
    return results;
  }

  pause(): void {
    this.paused = true;
    this.emitEvent({ type: 'queue', paused: true });
  }

  resume(): void {
    this.paused = false;
    this.emitEvent({ type: 'queue', paused: false });
    this.pump();
  }

  pauseJob(id: string): ActionResult {
    return this.change(id, (job) => {
      if (!['queued', 'preparing', 'ready'].includes(job.state)) return `A job that is ${job.state} cannot be paused.`;
      job.paused = true;
      return undefined;
    });
  }

  resumeJob(id: string): ActionResult {
    return this.change(id, (job) => {
      job.paused = false;
      return undefined;
    });
  }

  /** A failed job starts again; one that failed after the service accepted it goes back to being tracked. */
  retry(id: string): ActionResult {
    return this.change(id, (job) => {
      if (this.dailyCap.active() && !isFinal(job.state) && job.state !== 'uploading' && job.state !== 'processing') {
        // Retrying a job held by the daily cap asks the service again now.
        this.dailyCap.release();
        job.lastError = undefined;
        job.retryAt = undefined;
        return undefined;
      }
      if (job.state !== 'failed' && job.state !== 'cancelled') return `Only failed or cancelled jobs can be retried; this one is ${job.state}.`;
      job.failure = undefined;
      job.lastError = undefined;
      job.retryAt = undefined;
      job.attempts = 0;
      job.paused = false;
      if (job.location && job.shotId) {
        job.state = 'processing';
        job.processingSince = new Date().toISOString();
      } else {
        job.state = 'queued';
      }
      return undefined;
    });
  }

  cancel(id: string): ActionResult {
    return this.change(id, (job) => {
      if (job.state === 'uploading') return 'The upload is being sent; it cannot be cancelled now. Delete the shot once it is published.';
      if (job.state === 'processing' || job.state === 'published' || job.state === 'scheduled')
        return 'The service already has this shot; delete it from your shots instead.';
      if (job.state === 'cancelled') return 'The job is already cancelled.';
      job.state = 'cancelled';
      this.prepared.delete(job.id);
      return undefined;
    });
  }

  edit(id: string, patch: JobEdit): ActionResult {
    return this.change(id, (job) => {
      if (!['queued', 'preparing', 'ready', 'failed'].includes(job.state)) return `The shot is already ${job.state}; edit it from your shots instead.`;
      if (patch.prepare && job.state === 'preparing') return 'The image is being prepared; change its size or fit in a moment.';
      if (patch.metadata) job.metadata = { ...job.metadata, ...patch.metadata };
      if (patch.prepare) {
        job.prepare = { ...job.prepare, ...patch.prepare };
        this.prepared.delete(job.id);
        if (job.state === 'ready') job.state = 'queued';
      }
      if (job.state === 'failed' && job.failure?.retryable === false && !job.shotId) {
        // The edit may have fixed what the service refused: let it go again.
        job.state = 'queued';
        job.failure = undefined;
        job.attempts = 0;
      }
      return undefined;
    });
  }

  /** Removes a final job from the list (the record of uploaded content stays). */
  remove(id: string): ActionResult {
    const job = this.journal.jobs.get(id);
    if (!job) return { ok: false, message: `No job ${id}.` };
    if (!isFinal(job.state)) return { ok: false, message: `The job is ${job.state}; cancel it first.` };
    this.journal.forget(id);
    this.emitEvent({ type: 'removed', id });
    return { ok: true, job };
  }

  /** Removes every final job; returns how many. */
  clearFinished(): number {
    let count = 0;
    for (const job of [...this.journal.jobs.values()]) if (isFinal(job.state) && this.remove(job.id).ok) count++;
    return count;
  }

  /**
   * Stops taking new work, lets the POSTs in flight finish (their outcome is written down),
   * and closes the journal. Unfinished jobs resume the next time the queue opens.
   */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.sending.size > 0) await new Promise((r) => setTimeout(r, 50));
    this.journalClosed = true;
    this.journal.close();
    this.releaseLock();
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  // ---- the engine ---------------------------------------------------------------------------

  private async addOne(request: NewJob): Promise<AddResult> {
    const sourcePath = path.resolve(request.sourcePath);
    let contentHash: string;
    try {
      contentHash = await hashFile(sourcePath);
    } catch (error) {
      return { status: 'error', sourcePath, message: fileProblem(sourcePath, error) };
    }
    if (this.closing) return { status: 'error', sourcePath, message: 'The queue is closing.' };
    if (!request.force) {
      const identity = { sourcePath, contentHash, metadata: request.metadata, prepare: request.prepare };
      const known = knownRequest(matchContent(identity, this.journal.jobs.values(), this.journal.uploaded.get(contentHash)), identity, this);
      if (known) return known;
    }
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
      job.failure = { reason: problems.join(' '), retryable: false };
    }
    this.save(job);
    return { status: 'added', job: structuredClone(job) };
  }

  /** Brings jobs read from the journal back to a state the engine can run. */
  private recover(): void {
    for (const job of [...this.journal.jobs.values()]) {
      // A prepared image lives only in memory: prepare it again.
      if (job.state === 'preparing' || job.state === 'ready') this.transition(job, 'queued');
      if (job.state === 'processing') this.track(job, 0);
      if (job.state === 'uploading') this.trackInterrupted(job);
    }
  }

  private resumed = false;

  private pump(): void {
    if (this.closing || !this.running) return;
    if (!this.resumed) {
      this.resumed = true;
      this.recover();
    }
    const now = Date.now();
    const jobs = this.ordered();
    const inState = (s: JobState) => jobs.filter((j) => j.state === s);
    let wake = Number.POSITIVE_INFINITY;
    const runnable = (j: UploadJob) => !j.paused && !this.paused && !this.busy.has(j.id);

    let preparing = inState('preparing').length;
    let held = preparing + inState('ready').length;
    for (const job of inState('queued')) {
      if (!runnable(job)) continue;
      const due = job.retryAt ? Date.parse(job.retryAt) : 0;
      if (due > now) {
        wake = Math.min(wake, due);
        continue;
      }
      if (preparing >= this.options.prepareConcurrency || held >= this.options.readyAhead) break;
      preparing++;
      held++;
      void this.prepareJob(job.id);
    }

    // Learn the account's highest shot id while the first images are still being prepared.
    if (this.highestShotId === undefined && !this.seeding && !this.paused && jobs.some((j) => ['queued', 'preparing', 'ready'].includes(j.state) && !j.paused))
      void this.knownHighestShotId().then(() => undefined);

    let sending = this.sending.size;
    const capped = this.dailyCap.active(now) !== undefined;
    if (capped) wake = Math.min(wake, this.dailyCap.endsAt() ?? wake);
    for (const job of capped ? [] : inState('ready')) {
      if (!runnable(job) || sending >= this.options.uploadConcurrency) continue;
      const due = job.retryAt ? Date.parse(job.retryAt) : 0;
      if (due > now) {
        wake = Math.min(wake, due);
        continue;
      }
      sending++;
      void this.uploadJob(job.id);
    }

    const check = this.nextCheckDue();
    if (check !== undefined) {
      if (check <= now) void this.runChecks();
      else wake = Math.min(wake, check);
    }

    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (Number.isFinite(wake)) this.timer = setTimeout(() => this.pump(), Math.max(10, wake - now));
    const idle = this.isIdle();
    if (idle) for (const resolve of this.idleWaiters.splice(0)) resolve();
    if (idle && !this.wasIdle) this.emitEvent({ type: 'idle' });
    this.wasIdle = idle;
  }

  private isIdle(): boolean {
    if (this.closing || !this.running) return true;
    if (this.busy.size > 0 || this.checking) return false;
    const capped = this.dailyCap.active() !== undefined;
    for (const job of this.journal.jobs.values()) {
      if (isFinal(job.state)) continue;
      if (job.state === 'uploading' || job.state === 'processing') return false;
      // Under the daily cap, a prepared job (or one that waits for room to be prepared) waits for tomorrow.
      if (capped && (job.state === 'ready' || (job.state === 'queued' && !this.canPrepareMore()))) continue;
      if (!job.paused && !this.paused) return false;
    }
    return true;
  }

  /** Whether the pump would start another prepare now (room in both the workers and the ready buffer). */
  private canPrepareMore(): boolean {
    let preparing = 0;
    let held = 0;
    for (const job of this.journal.jobs.values()) {
      if (job.state === 'preparing') preparing++;
      if (job.state === 'preparing' || job.state === 'ready') held++;
    }
    return preparing < this.options.prepareConcurrency && held < this.options.readyAhead;
  }

  private async prepareJob(id: string): Promise<void> {
    const job = this.journal.jobs.get(id);
    if (!job) return;
    this.busy.add(id);
    this.transition(job, 'preparing');
    try {
      const result = await this.preparer.prepare(job.sourcePath, job.prepare);
      const current = this.journal.jobs.get(id);
      if (this.closing || !current || current.state !== 'preparing') return;
      if (!result.ok) {
        this.fail(current, result.message, result.retryable);
        return;
      }
      const problems = checkImage(result);
      if (problems.length > 0) {
        this.fail(current, problems.join(' '), false);
        return;
      }
      this.prepared.set(id, result);
      current.warnings = result.warnings.length > 0 ? result.warnings : undefined;
      this.transition(current, 'ready');
    } catch (error) {
      const current = this.journal.jobs.get(id);
      if (current && !this.closing) this.fail(current, `Preparing the image failed: ${(error as Error).message}`, false);
    } finally {
      this.busy.delete(id);
      this.pump();
    }
  }

  private async uploadJob(id: string): Promise<void> {
    const job = this.journal.jobs.get(id);
    const image = this.prepared.get(id);
    if (!job) return;
    if (!image) {
      this.transition(job, 'queued');
      return;
    }
    this.busy.add(id);
    this.sending.add(id);
    try {
      const problem = await this.checkAccountRules(job);
      if (problem === 'wait') return;
      if (problem) {
        this.fail(job, problem, false);
        return;
      }
      const after = await this.knownHighestShotId();
      if (after === undefined) {
        this.later(job, 'Could not reach the service; will try again.');
        return;
      }
      if (this.closing || job.state !== 'ready' || job.paused || this.paused) return;
      // Written and fsynced before the request leaves: after a crash this is what lets the
      // queue find the shot instead of sending it twice.
      job.attempts++;
      job.attempt = { startedAt: new Date().toISOString(), afterShotId: after };
      job.lastError = undefined;
      job.retryAt = undefined;
      this.transition(job, 'uploading');
      const ext = image.format === 'jpeg' ? 'jpg' : image.format;
      const result = await this.service.createShot(
        {
          image: { buffer: image.buffer, filename: `${path.parse(job.sourcePath).name}.${ext}`, contentType: `image/${image.format}` },
          title: job.metadata.title,
          description: job.metadata.description,
          tags: job.metadata.tags,
          lowProfile: job.metadata.lowProfile,
          teamId: job.metadata.teamId,
          reboundSourceId: job.metadata.reboundSourceId,
          scheduledFor: job.metadata.scheduledFor,
        },
        (sentBytes, totalBytes) => this.emitEvent({ type: 'progress', id, sentBytes, totalBytes }),
      );
      if (result.ok) {
        this.noteShotId(result.shotId);
        job.location = result.location;
        job.shotId = result.shotId;
        job.processingSince = new Date().toISOString();
        this.prepared.delete(id);
        this.transition(job, 'processing');
        this.track(job, this.options.expectedProcessingMs);
      } else if (result.outcome === 'refused' && result.code === 'daily-cap') {
        // Nothing was created: the job keeps its prepared image and waits with the others.
        this.dailyCap.hold(result.message);
        job.lastError = result.message;
        job.attempts = Math.max(0, job.attempts - 1);
        this.transition(job, 'ready');
      } else if (result.outcome === 'refused') {
        if (result.retryable && job.attempts < this.options.maxAttempts) {
          job.lastError = result.message;
          job.retryAt = new Date(Date.now() + this.backoff(job.attempts)).toISOString();
          this.transition(job, 'ready');
        } else {
          this.prepared.delete(id);
          this.fail(job, result.message, result.retryable);
        }
      } else {
        // The request may have created the shot: stay in `uploading`; the checks look for it.
        job.lastError = result.message;
        this.save(job);
        this.trackInterrupted(job);
      }
    } catch (error) {
      job.lastError = `The upload stopped: ${(error as Error).message}`;
      if (job.state === 'uploading') {
        this.save(job);
        this.trackInterrupted(job);
      } else this.later(job, job.lastError);
    } finally {
      this.busy.delete(id);
      this.sending.delete(id);
      this.pump();
    }
  }

  /** Undefined when the job may go; a sentence when it may not; 'wait' when the account is unknown yet. */
  private async checkAccountRules(job: UploadJob): Promise<string | undefined | 'wait'> {
    if (!needsAccount(job.metadata)) return undefined;
    if (!this.account) {
      const found = await this.service.currentAccount();
      if (!found.ok) {
        this.later(job, `Could not read the account to check scheduling and teams: ${found.message}`);
        return 'wait';
      }
      this.account = found.account;
    }
    const problems = [...checkMetadata(job.metadata), ...checkAgainstAccount(job.metadata, this.account)];
    return problems.length > 0 ? problems.join(' ') : undefined;
  }

  /** The highest shot id the account had: one small request the first time, then kept up to date. */
  private async knownHighestShotId(): Promise<number | undefined> {
    if (this.highestShotId !== undefined) return this.highestShotId;
    // Uploads starting together share the one request.
    this.seeding ??= this.service.listMyShots(1, 1).then((page) => {
      this.seeding = undefined;
      if (!page.ok) return undefined;
      this.noteShotIds(page.shots);
      this.highestShotId ??= 0;
      return this.highestShotId;
    });
    return this.seeding;
  }

  private noteShotId(id: number): void {
    this.highestShotId = Math.max(this.highestShotId ?? 0, id);
  }

  private noteShotIds(shots: RemoteShot[]): void {
    for (const shot of shots) this.noteShotId(shot.id);
  }

  // ---- confirming processing and finding interrupted uploads ---------------------------------

  private track(job: UploadJob, firstDelayMs: number): void {
    this.tracking.set(job.id, { nextCheckAt: Date.now() + firstDelayMs, delayMs: Math.max(firstDelayMs, this.options.expectedProcessingMs) });
  }

  /**
   * An upload whose outcome is unknown is looked for once the service has had time to process
   * it (a shot still processing is not listed yet), never before.
   */
  private trackInterrupted(job: UploadJob): void {
    const started = job.attempt ? Date.parse(job.attempt.startedAt) : 0;
    const wait = this.reconcileWaitMs();
    this.tracking.set(job.id, { nextCheckAt: started + wait, delayMs: wait });
  }

  /** How long after its POST an unknown upload is first looked for. */
  private reconcileWaitMs(): number {
    return Math.max(3 * this.options.expectedProcessingMs, 2 * this.longestMissMs, 1_000);
  }

  /**
   * A shot still being processed is not listed, so one look that misses it proves little. Only
   * after a second look, well past any processing time seen, is the POST taken as lost.
   */
  private surelyLost(job: UploadJob): boolean {
    const started = job.attempt ? Date.parse(job.attempt.startedAt) : 0;
    return Date.now() - started >= 3 * this.reconcileWaitMs();
  }

  private dueAt(job: UploadJob): number {
    return this.tracking.get(job.id)?.nextCheckAt ?? 0;
  }

  private pendingChecks(): { processing: UploadJob[]; interrupted: UploadJob[] } {
    const processing: UploadJob[] = [];
    const interrupted: UploadJob[] = [];
    for (const job of this.journal.jobs.values()) {
      if (job.state === 'processing') processing.push(job);
      else if (job.state === 'uploading' && !this.busy.has(job.id)) interrupted.push(job);
    }
    return { processing, interrupted };
  }

  private nextCheckDue(): number | undefined {
    if (this.checking) return undefined;
    const { processing, interrupted } = this.pendingChecks();
    let confirmDue = Number.POSITIVE_INFINITY;
    for (const job of processing) {
      if (!this.tracking.has(job.id)) this.track(job, 0);
      confirmDue = Math.min(confirmDue, this.dueAt(job));
    }
    // While uploads wait for the rate limit, confirmations are gathered into fewer requests.
    const uploadsWaiting = [...this.journal.jobs.values()].some((j) => ['queued', 'preparing', 'ready'].includes(j.state) && !j.paused);
    // (Uploads held by the daily cap use no budget: confirmations go at once.)
    if (uploadsWaiting && !this.paused && !this.dailyCap.active()) confirmDue = Math.max(confirmDue, this.lastCheckAt + this.options.busyCheckGapMs);
    // An interrupted upload holds its file back until it is found or known lost: not deferred.
    let findDue = Number.POSITIVE_INFINITY;
    for (const job of interrupted) {
      if (!this.tracking.has(job.id)) this.trackInterrupted(job);
      findDue = Math.min(findDue, this.dueAt(job));
    }
    const due = Math.min(confirmDue, findDue);
    return Number.isFinite(due) ? due : undefined;
  }

  private async runChecks(): Promise<void> {
    if (this.checking || this.closing) return;
    this.checking = true;
    this.lastCheckAt = Date.now();
    try {
      const now = Date.now();
      const { processing, interrupted } = this.pendingChecks();
      const dueInterrupted = interrupted.filter((j) => this.dueAt(j) <= now);
      const dueProcessing = processing.filter((j) => this.dueAt(j) <= now);
      if (dueInterrupted.length === 0 && processing.length === 1 && dueProcessing.length === 1 && dueProcessing[0]!.location) {
        await this.checkLocation(dueProcessing[0]!);
      } else if (dueInterrupted.length > 0 || dueProcessing.length > 0) {
        await this.checkByList(processing, dueProcessing, dueInterrupted);
      }
    } finally {
      this.checking = false;
      this.lastCheckAt = Date.now();
      this.pump();
    }
  }

  private async checkLocation(job: UploadJob): Promise<void> {
    const found = await this.service.getShotAt(job.location!);
    if (this.closing) return;
    if (!found.ok) return this.missed(job, found);
    if (!found.found) return this.missed(job);
    this.confirm(job, found.shot);
  }

  private async checkByList(processing: UploadJob[], dueProcessing: UploadJob[], interrupted: UploadJob[]): Promise<void> {
    const lowestAfter = Math.min(...interrupted.map((j) => j.attempt?.afterShotId ?? 0), ...processing.map((j) => (j.shotId ?? 1) - 1));
    const shots: RemoteShot[] = [];
    let complete = false;
    for (let page = 1; page <= MAX_LIST_PAGES; page++) {
      const result = await this.service.listMyShots(page, LIST_PAGE_SIZE);
      if (this.closing) return;
      if (!result.ok) {
        for (const job of dueProcessing) this.missed(job, result);
        for (const job of interrupted) this.backOff(job, result.message);
        return;
      }
      shots.push(...result.shots);
      this.noteShotIds(result.shots);
      if (pageCoversIdsAbove(result.shots, result.hasNext, lowestAfter)) {
        complete = true;
        break;
      }
    }
    const byId = new Map(shots.map((s) => [s.id, s]));
    for (const job of processing) {
      const shot = byId.get(job.shotId!);
      if (shot && finalStateOf(shot)) this.confirm(job, shot);
      else if (dueProcessing.includes(job)) this.missed(job);
    }
    const claimed = new Set<number>();
    for (const job of this.journal.jobs.values()) if (job.shotId) claimed.add(job.shotId);
    const matches = matchInterruptedUploads(interrupted, shots, claimed);
    for (const job of interrupted) {
      const shot = matches.get(job.id);
      if (shot) {
        job.shotId = shot.id;
        job.lastError = undefined;
        job.processingSince = new Date().toISOString();
        if (finalStateOf(shot)) this.confirm(job, shot);
        else {
          this.transition(job, 'processing');
          this.track(job, this.options.expectedProcessingMs);
        }
      } else if (!complete) {
        this.backOff(job, 'Looking for the interrupted upload among more shots.');
      } else if (!this.surelyLost(job)) {
        this.backOff(job, job.lastError ?? 'Looking for the interrupted upload.');
      } else {
        // The service never got it: send it again (the image is prepared again first).
        this.tracking.delete(job.id);
        job.attempt = undefined;
        job.lastError = job.lastError ?? 'The upload was interrupted before the service received it; sending it again.';
        if (job.attempts >= this.options.maxAttempts) this.fail(job, `The upload did not get through after ${job.attempts} attempts: ${job.lastError}`, true);
        else this.transition(job, this.prepared.has(job.id) ? 'ready' : 'queued');
      }
    }
  }

  private missed(job: UploadJob, problem?: ServiceProblem): void {
    const since = job.processingSince ? Date.parse(job.processingSince) : Date.now();
    const waited = Date.now() - since;
    if (!problem) this.longestMissMs = Math.max(this.longestMissMs, waited);
    if (waited > this.options.processingTimeoutMs) {
      this.tracking.delete(job.id);
      this.fail(
        job,
        `The service accepted the shot${job.shotId ? ` (id ${job.shotId})` : ''} but it was still not available after ${describeDuration(this.options.processingTimeoutMs)}. It may still appear: check your shots before uploading it again; retrying keeps waiting for it.`,
        true,
      );
      return;
    }
    this.backOff(job, problem?.message);
  }

  /** The next look at this job waits twice as long as the last one. */
  private backOff(job: UploadJob, message?: string): void {
    const tracking = this.tracking.get(job.id) ?? { nextCheckAt: 0, delayMs: this.options.expectedProcessingMs };
    tracking.delayMs = Math.min(tracking.delayMs * 2, MAX_CHECK_DELAY_MS);
    tracking.nextCheckAt = Date.now() + tracking.delayMs;
    this.tracking.set(job.id, tracking);
    if (message) job.lastError = message;
  }

  private confirm(job: UploadJob, shot: RemoteShot): void {
    const final = finalStateOf(shot);
    if (!final) return this.missed(job);
    this.tracking.delete(job.id);
    job.shotId = shot.id;
    job.publishedAt = final.publishedAt;
    job.scheduledFor = final.scheduledFor;
    job.lastError = undefined;
    this.journal.recordUploaded(job.contentHash, shot.id);
    this.transition(job, final.state);
  }

  // ---- bookkeeping --------------------------------------------------------------------------

  private later(job: UploadJob, message: string): void {
    job.lastError = message;
    job.retryAt = new Date(Date.now() + this.backoff(job.attempts + 1)).toISOString();
    this.save(job);
  }

  private backoff(attempt: number): number {
    const base = this.options.retryBaseMs * 2 ** Math.max(0, attempt - 1);
    return Math.min(base, 60_000) * (0.75 + Math.random() * 0.5);
  }

  private fail(job: UploadJob, reason: string, retryable: boolean): void {
    job.failure = { reason, retryable };
    this.transition(job, 'failed');
  }

  private transition(job: UploadJob, state: JobState): void {
    const previous = job.state;
    job.state = state;
    this.save(job, previous);
  }

  private save(job: UploadJob, previous?: JobState): void {
    if (this.journalClosed) return;
    job.updatedAt = new Date().toISOString();
    this.journal.writeJob(job);
    this.emitEvent({ type: 'job', job: structuredClone(job), previous });
  }

  private change(id: string, apply: (job: UploadJob) => string | undefined): ActionResult {
    // A unique prefix of the id will do, as with git: people type ids from `shotput queue list`.
    const matches = this.journal.jobs.has(id) ? [this.journal.jobs.get(id)!] : [...this.journal.jobs.values()].filter((j) => id !== '' && j.id.startsWith(id));
    if (matches.length > 1) return { ok: false, message: `${id} matches ${matches.length} jobs; give more of the id.` };
    const job = matches[0];
    if (!job) return { ok: false, message: `No job ${id} in the queue.` };
    const previous = job.state;
    const refusal = apply(job);
    if (refusal) return { ok: false, message: refusal };
    this.save(job, previous === job.state ? undefined : previous);
    this.pump();
    return { ok: true, job: structuredClone(job) };
  }

  private emitEvent(event: JobEvent): void {
    this.emit('event', event);
  }
}

function describeDuration(ms: number): string {
  if (ms < 90_000) return `${Math.round(ms / 1000)} seconds`;
  const minutes = Math.round(ms / 60_000);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

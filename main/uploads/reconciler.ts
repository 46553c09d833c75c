// Confirms what the service did with each upload, in as few requests as it can: a shot being
// processed is looked for at its Location (one shot) or in a page of the account's shots (many at
// once), with backoff; an upload whose answer was lost (a crash, a dropped connection) is looked
// for among the shots newer than the id noted before its POST, and sent again only once it is
// surely lost. Nothing is uploaded twice, nothing is lost.
import { finalStateOf, matchInterruptedUploads } from './matching';
import type { HighestShotId } from './highest-shot';
import type { QueueCore } from './queue-core';
import type { Problem } from '../../common/problem';
import type { RemoteShot } from './ports';
import type { UploadJob } from './types';

interface Tracking {
  nextCheckAt: number;
  delayMs: number;
}

const MAX_CHECK_DELAY_MS = 60_000;
const LIST_PAGE_SIZE = 100;

export class Reconciler {
  private readonly tracking = new Map<string, Tracking>();
  /** The longest a shot was seen still processing: a lower bound of the service's processing time. */
  private longestMissMs = 0;
  private running = false;
  /** Starts at the opening: a batch's first confirmation waits while its uploads use the budget. */
  private lastCheckAt = Date.now();

  constructor(
    private readonly core: QueueCore,
    private readonly highest: HighestShotId,
    /** The signed-in account's id, when the queue knows it: a shot of anyone else confirms nothing. */
    private readonly accountId?: number,
  ) {}

  /** A check is talking to the service right now. */
  get checking(): boolean {
    return this.running;
  }

  /** Follows a shot the service accepted; the first look waits `firstDelayMs`. */
  track(job: UploadJob, firstDelayMs: number): void {
    this.tracking.set(job.id, {
      nextCheckAt: Date.now() + firstDelayMs,
      delayMs: Math.max(firstDelayMs, this.core.tuning.expectedProcessingMs),
    });
  }

  /**
   * An upload whose outcome is unknown is looked for once the service has had time to process
   * it (a shot still processing is not listed yet), never before.
   */
  trackInterrupted(job: UploadJob): void {
    const started = job.attempt ? Date.parse(job.attempt.startedAt) : 0;
    const wait = this.reconcileWaitMs();
    this.tracking.set(job.id, { nextCheckAt: started + wait, delayMs: wait });
  }

  /** When the next check is due (epoch ms), or undefined when nothing waits for one. */
  nextDue(): number | undefined {
    if (this.running) return undefined;
    // A refused sign-in holds the checks too: they would only be refused again.
    if (this.core.signInRefused !== undefined) return undefined;
    const { processing, interrupted } = this.pending();
    let confirmDue = Number.POSITIVE_INFINITY;
    for (const job of processing) {
      if (!this.tracking.has(job.id)) this.track(job, 0);
      confirmDue = Math.min(confirmDue, this.dueAt(job));
    }
    // While uploads wait for the rate limit, confirmations are gathered into fewer requests.
    // (Uploads held by the daily cap use no budget: confirmations go at once.)
    if (this.core.uploadsWaiting() && !this.core.paused && !this.core.draining && !this.core.dailyCap.active()) {
      confirmDue = Math.max(confirmDue, this.lastCheckAt + this.core.tuning.busyCheckGapMs);
    }
    // An interrupted upload holds its file back until it is found or known lost: not deferred.
    let findDue = Number.POSITIVE_INFINITY;
    for (const job of interrupted) {
      if (!this.tracking.has(job.id)) this.trackInterrupted(job);
      findDue = Math.min(findDue, this.dueAt(job));
    }
    const due = Math.min(confirmDue, findDue);
    return Number.isFinite(due) ? due : undefined;
  }

  async run(): Promise<void> {
    if (this.running || this.core.closing) return;
    this.running = true;
    this.lastCheckAt = Date.now();
    try {
      const now = Date.now();
      const { processing, interrupted } = this.pending();
      const dueInterrupted = interrupted.filter((j) => this.dueAt(j) <= now);
      const dueProcessing = processing.filter((j) => this.dueAt(j) <= now);
      if (
        dueInterrupted.length === 0 &&
        processing.length === 1 &&
        dueProcessing.length === 1 &&
        dueProcessing[0]!.location
      ) {
        await this.checkLocation(dueProcessing[0]!);
      } else if (dueInterrupted.length > 0 || dueProcessing.length > 0) {
        await this.checkByList(processing, dueProcessing, dueInterrupted);
      }
    } finally {
      this.running = false;
      this.lastCheckAt = Date.now();
      this.core.pump();
    }
  }

  /** How long after its POST an unknown upload is first looked for. */
  private reconcileWaitMs(): number {
    return Math.max(3 * this.core.tuning.expectedProcessingMs, 2 * this.longestMissMs, 1_000);
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

  private pending(): { processing: UploadJob[]; interrupted: UploadJob[] } {
    const processing: UploadJob[] = [];
    const interrupted: UploadJob[] = [];
    for (const job of this.core.jobs()) {
      if (job.state === 'processing') processing.push(job);
      else if (job.state === 'uploading' && !this.core.busy.has(job.id)) interrupted.push(job);
    }
    return { processing, interrupted };
  }

  private async checkLocation(job: UploadJob): Promise<void> {
    const found = await this.core.service.getShotAt(job.location!);
    if (this.core.closing) return;
    if (!found.ok && this.core.holdsForSignIn(found.error)) return;
    if (!found.ok) return this.missed(job, found.error);
    if (!found.value) return this.missed(job);
    this.confirm(job, found.value);
  }

  /**
   * One walk down the account's shots, newest first, confirms every shot in flight it passes and
   * finds interrupted uploads. Pages are read until the lowest id in flight is covered, but for
   * shots being confirmed no further than their own number needs (one page per hundred, and one
   * more for shots the account gained meanwhile): a shot the walk cannot reach is looked up at its
   * Location instead. The cost grows with the shots in flight, never with the account's size.
   */
  private async checkByList(
    processing: UploadJob[],
    dueProcessing: UploadJob[],
    interrupted: UploadJob[],
  ): Promise<void> {
    const pageBudget = Math.ceil(processing.length / LIST_PAGE_SIZE) + 1;
    const findAbove = Math.min(...interrupted.map((j) => j.attempt?.afterShotId ?? 0));
    const confirmAbove = Math.min(...processing.map((j) => (j.shotId ?? 1) - 1));
    const shots: RemoteShot[] = [];
    let complete = false;
    let lowestListed = Number.POSITIVE_INFINITY;
    const covers = (id: number) => complete || lowestListed <= id;
    for (let page = 1; ; page++) {
      const wanted = page <= pageBudget ? Math.min(findAbove, confirmAbove) : findAbove;
      if (!Number.isFinite(wanted) || covers(wanted)) break;
      const result = await this.core.service.listMyShots(page, LIST_PAGE_SIZE);
      if (this.core.closing) return;
      if (!result.ok && this.core.holdsForSignIn(result.error)) return;
      if (!result.ok) {
        for (const job of dueProcessing) this.missed(job, result.error);
        for (const job of interrupted) this.backOff(job, result.error.message);
        return;
      }
      shots.push(...result.value.shots);
      this.highest.noteAll(result.value.shots);
      if (!result.value.hasNext || result.value.shots.length === 0) complete = true;
      for (const shot of result.value.shots) lowestListed = Math.min(lowestListed, shot.id);
    }
    const byId = new Map(shots.map((s) => [s.id, s]));
    const unreached: UploadJob[] = [];
    for (const job of processing) {
      const shot = byId.get(job.shotId!);
      if (shot && finalStateOf(shot)) this.confirm(job, shot);
      else if (!dueProcessing.includes(job)) continue;
      else if (shot || covers((job.shotId ?? 1) - 1) || !job.location) this.missed(job);
      else unreached.push(job);
    }
    const claimed = new Set<number>();
    for (const job of this.core.jobs()) if (job.shotId) claimed.add(job.shotId);
    const matches = matchInterruptedUploads(interrupted, shots, claimed);
    for (const job of interrupted)
      this.settleInterrupted(job, matches.get(job.id), covers(job.attempt?.afterShotId ?? 0));
    // Below what the pages reached: each shot at its own address.
    for (const job of unreached) {
      if (this.core.closing) return;
      await this.checkLocation(job);
    }
  }

  /** An interrupted upload after a look through the shots: found, still looked for, or sent again. */
  private settleInterrupted(job: UploadJob, shot: RemoteShot | undefined, complete: boolean): void {
    if (shot) {
      job.shotId = shot.id;
      job.lastError = undefined;
      job.processingSince = new Date().toISOString();
      if (finalStateOf(shot)) this.confirm(job, shot);
      else {
        this.core.transition(job, 'processing');
        this.track(job, this.core.tuning.expectedProcessingMs);
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
      if (job.attempts >= this.core.tuning.maxAttempts)
        this.core.fail(
          job,
          {
            code: 'upload-failed',
            message: `The upload did not get through after ${job.attempts} attempts: ${job.lastError}`,
          },
          true,
        );
      else this.core.transition(job, this.core.prepared.has(job.id) ? 'ready' : 'queued');
    }
  }

  private missed(job: UploadJob, problem?: Problem): void {
    const since = job.processingSince ? Date.parse(job.processingSince) : Date.now();
    const waited = Date.now() - since;
    if (!problem) this.longestMissMs = Math.max(this.longestMissMs, waited);
    const timeout = this.core.tuning.processingTimeoutMs;
    if (waited > timeout) {
      this.tracking.delete(job.id);
      this.core.fail(
        job,
        {
          code: 'not-confirmed',
          message: `The service accepted the shot${job.shotId ? ` (id ${job.shotId})` : ''} but it was still not available after ${describeDuration(timeout)}. It may still appear: check your shots before uploading it again; retrying keeps waiting for it.`,
        },
        true,
      );
      return;
    }
    this.backOff(job, problem?.message);
  }

  /** The next look at this job waits twice as long as the last one. */
  private backOff(job: UploadJob, message?: string): void {
    const tracking = this.tracking.get(job.id) ?? { nextCheckAt: 0, delayMs: this.core.tuning.expectedProcessingMs };
    tracking.delayMs = Math.min(tracking.delayMs * 2, MAX_CHECK_DELAY_MS);
    tracking.nextCheckAt = Date.now() + tracking.delayMs;
    this.tracking.set(job.id, tracking);
    if (message) job.lastError = message;
  }

  private confirm(job: UploadJob, shot: RemoteShot): void {
    if (shot.ownerId !== undefined && this.accountId !== undefined && shot.ownerId !== this.accountId)
      return this.missed(job, {
        code: 'invalid-response',
        message: `The shot at the address the service gave (id ${shot.id}) belongs to another account; it does not confirm this upload.`,
      });
    const final = finalStateOf(shot);
    if (!final) return this.missed(job);
    this.tracking.delete(job.id);
    job.shotId = shot.id;
    job.publishedAt = final.publishedAt;
    job.scheduledFor = final.scheduledFor;
    if (shot.htmlUrl) job.htmlUrl = shot.htmlUrl;
    job.lastError = undefined;
    this.core.recordUploaded(job.contentHash, shot.id);
    this.core.transition(job, final.state);
  }
}

function describeDuration(ms: number): string {
  if (ms < 90_000) return `${Math.round(ms / 1000)} seconds`;
  const minutes = Math.round(ms / 60_000);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

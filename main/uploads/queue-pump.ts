// The queue's pump: what makes jobs move by themselves. After every change (and at the timer it
// sets for retries, checks and the end of a hold) it starts whatever can start now: prepares,
// uploads, the reconciler's checks. It also knows when the queue is idle and tells those who wait
// for that. The commands people give are in queue.ts; they run the pump after each change.
import { needsSnapshot, type QueueCore } from './queue-core';
import type { HighestShotId } from './highest-shot';
import type { UploadService } from './ports';
import { queueIsIdle } from './queue-idle';
import { queueStarts } from './queue-starts';
import type { Reconciler } from './reconciler';
import type { Stages } from './stages';

export interface PumpParts {
  core: QueueCore;
  reconciler: Reconciler;
  stages: Stages;
  highest: HighestShotId;
  service: UploadService;
  /** False for a queue opened only to read or change jobs (UploadQueueOptions.run). */
  running: boolean;
  /** Nothing runs until the first add() is taken in (UploadQueueOptions.waitForFirstAdd). */
  waitForFirstAdd: boolean;
}

export class QueuePump {
  private waitingForAdd: boolean;
  private wasIdle = false;
  private recovered = false;
  private timer: NodeJS.Timeout | undefined;
  private wakeAt: number | undefined;
  private idleWaiters: (() => void)[] = [];
  /** Stops hearing that the service answers again after an outage (the jobs waiting for it go then). */
  private readonly offAnswers: (() => void) | undefined;

  constructor(private readonly parts: PumpParts) {
    this.waitingForAdd = parts.waitForFirstAdd;
    this.offAnswers = parts.service.onAnswersAgain?.(() => {
      if (!parts.core.closing && parts.core.dueNow()) this.run();
    });
  }

  /** When the pump next starts something by itself (a retry, a check, the end of a hold), epoch ms. */
  get nextWakeAt(): number | undefined {
    return this.wakeAt;
  }

  /** The first add() was taken in: the queue may run (see waitForFirstAdd). */
  firstAddTaken(): void {
    this.waitingForAdd = false;
  }

  /** Resolves when no job can move on by itself: all final, paused, or the queue paused. */
  whenIdle(): Promise<void> {
    // Idle once what was said before is said: a job published is on the disk when this resolves.
    if (this.isIdle()) return new Promise((resolve) => this.parts.core.afterAnnounced(resolve));
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** No more starts: the timer and the subscription go (the queue is closing). */
  stop(): void {
    this.offAnswers?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Lets go of everyone waiting for idle (the queue has closed: nothing will move any more). */
  releaseWaiters(): void {
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /** Starts whatever can start now (prepares, uploads, checks) and sets the timer for the rest. */
  run(): void {
    const { core, stages, reconciler, highest } = this.parts;
    if (core.closing || !this.parts.running || this.waitingForAdd) return;
    if (!this.recovered) {
      this.recovered = true;
      this.recover();
    }
    const now = Date.now();
    const starts = queueStarts(core, now);
    let wake = starts.wake;
    // A start can pause the queue at once (the disk refused its journal line): none after it then.
    for (const id of starts.prepare) if (!core.paused) void stages.prepare(id);

    // Learn the account's highest shot id while the first images are still being prepared.
    if (highest.known === undefined && !highest.asking && !core.paused && core.uploadsWaiting()) void highest.learn();

    for (const id of starts.upload) if (!core.paused) void stages.upload(id);

    const check = reconciler.nextDue();
    if (check !== undefined) {
      if (check <= now) void reconciler.run();
      else wake = Math.min(wake, check);
    }

    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.wakeAt = Number.isFinite(wake) ? wake : undefined;
    if (Number.isFinite(wake)) this.timer = setTimeout(() => this.run(), Math.max(10, wake - now));
    const idle = this.isIdle();
    if (idle) for (const resolve of this.idleWaiters.splice(0)) core.afterAnnounced(resolve);
    if (idle && !this.wasIdle) core.announce({ type: 'idle' });
    this.wasIdle = idle;
  }

  /** Brings jobs read from the journal back to a state the pump can run, once, at its first run. */
  private recover(): void {
    const { core, reconciler } = this.parts;
    // Copies no job needs (a run stopped between publishing and letting go of one) go first.
    core.snapshots.sweep(new Set([...core.jobs()].filter(needsSnapshot).map((j) => j.contentHash)));
    for (const job of [...core.jobs()]) {
      // A prepared image lives only in memory: prepare it again.
      if (job.state === 'preparing' || job.state === 'ready') core.transition(job, 'queued');
      if (job.state === 'processing') reconciler.track(job, 0);
      if (job.state === 'uploading') reconciler.trackInterrupted(job);
    }
  }

  private isIdle(): boolean {
    const { core, reconciler } = this.parts;
    return core.closing || !this.parts.running || queueIsIdle(core, reconciler.checking);
  }
}

// The upload queue of the signed-in account, for the desktop app: opened in the app's data folder
// (one journal per account) when an account becomes active, closed when it goes; drafts become
// jobs; the queue's state, each job's bytes, the rate-limit budget and the end of a batch are
// reported as events the window (and the dock, the taskbar and notifications) can follow.
import { EventEmitter } from 'node:events';
import { fail, failWith, ok } from '../../common/problem';
import { problemOfRequest } from '../service/problem';
import { hashBytes, hashFile, isFinal } from '../uploads/index';
import type { JobEvent, UploadQueueOptions, UploadQueue } from '../uploads/index';
import { openAccountQueue, type OpenQueue } from './account-queue';
import type {
  BatchSpacing,
  EnqueueRequest,
  EnqueueResult,
  Result,
  QueueChange,
  QueueView,
  RateLimitView,
} from '../../common/contract/index';
import type { ActiveAccount } from './desktop-session';
import { isWebAddress } from './account-view';
import { enqueueAnswer } from './queue-view';
import { openQueueView } from './open-queue-view';
import { BatchTracker } from './batch-tracker';
import { JobThumbnails, type Thumbnail } from './job-thumbnails';
import { PICTURE_WAIT_MS } from './draft-picture-requests';
import { TimedWaits } from './timed-waits';
import { QueueRevisions, type UnnumberedView } from './queue-changes';
import type { BatchSummary } from './batch-tracker';
import type { Drafts } from './drafts';
import { itemOfDraft, jobsOfItems, type EnqueueItem } from './enqueue-items';

export interface UploadCenterOptions {
  /** The app's data folder: journals go to uploads/<service>/<user id>/. */
  dataDir: string;
  /** Tuning for tests (a sandbox that processes fast). */
  queueOptions?: Partial<Omit<UploadQueueOptions, 'dataDir' | 'service' | 'preparer'>>;
  /** How long queue changes are gathered before one `queue` event. */
  throttleMs?: number;
  log?: (message: string) => void;
}

interface CenterEvents {
  /** The whole queue, for main's own followers (tray, dock, updater). */
  queue: [QueueView];
  /** What changed since the last revision, for the window. */
  queueChange: [QueueChange];
  progress: [{ id: string; sent: number; total: number }];
  rateLimit: [RateLimitView];
  /** The queue of a new account opened (watched folders attach to it), or closed (undefined). */
  opened: [UploadQueue | undefined];
  /** 0..1 over the jobs of the running batch; -1 when no batch runs. */
  batchProgress: [number];
  batchDone: [BatchSummary];
}

export class UploadCenter extends EventEmitter<CenterEvents> {
  private current: OpenQueue | undefined;
  private readonly progress = new Map<string, { sent: number; total: number }>();
  private queueTimer: NodeJS.Timeout | undefined;
  private budgetTimer: NodeJS.Timeout | undefined;
  private latestBudget: RateLimitView | undefined;
  private readonly batch = new BatchTracker();
  private switching: Promise<void> = Promise.resolve();
  private readonly log: (message: string) => void;
  private readonly revisions = new QueueRevisions();
  // The picture of what the job sends: the queue's copy of it while kept, else the file.
  private readonly thumbnails = new JobThumbnails((id) => {
    const queue = this.current?.queue;
    return queue?.keptCopyOf(id) ?? queue?.get(id)?.sourcePath;
  });

  /**
   * The queue of the account the engine starts in is open, or there is none (the desktop says
   * when). Until then `view()` would answer no queue, and a window that asks after the engine's
   * process restarted would empty its Queue view, to fill it again a moment later.
   */
  settled: Promise<void> = Promise.resolve();
  /** Thumbnail requests waiting for the account's queue to open (see thumbnail()). */
  private readonly untilOpened = new TimedWaits();
  private closing = false;

  constructor(private readonly options: UploadCenterOptions) {
    super();
    this.log = options.log ?? (() => {});
    this.batch.on('progress', (fraction) => this.emit('batchProgress', fraction));
    this.batch.on('done', (summary) => this.emit('batchDone', summary));
  }

  /** The shot a file's content (or these bytes) is already on the service as, when the open queue knows it. */
  async uploadedAs(content: string | Buffer | { hash: string }): Promise<number | undefined> {
    const queue = this.current?.queue;
    if (!queue) return undefined;
    const contentHash = Buffer.isBuffer(content)
      ? hashBytes(content)
      : typeof content === 'string'
        ? await hashFile(content).catch(() => undefined)
        : content.hash;
    return contentHash === undefined ? undefined : queue.uploadedAs(contentHash)?.shotId;
  }

  /**
   * A job's picture for the Queue view (served to the window by main/app). While no queue is open
   * it waits for one (up to PICTURE_WAIT_MS): after the engine's process restarts, the window still
   * lists the last run's jobs, and the account's queue opens only once the service has accepted the
   * saved sign-in. Answered at once, a row asking meanwhile showed a broken picture for good.
   */
  async thumbnail(jobId: string): Promise<Thumbnail | undefined> {
    if (this.current === undefined && !this.closing) await this.untilOpened.wait('queue', PICTURE_WAIT_MS);
    return this.thumbnails.get(jobId);
  }

  /** The queue of the signed-in account, if any. */
  queue(): UploadQueue | undefined {
    return this.current?.queue;
  }

  /** Follows the session: the new account's queue opens, the previous one closes (its POSTs finish first). */
  useAccount(account: ActiveAccount | undefined): Promise<void> {
    this.switching = this.switching
      .then(() => this.switchTo(account))
      .catch((error: unknown) => {
        this.log(`Could not open the upload queue: ${error instanceof Error ? error.message : String(error)}`);
        this.emitQueueNow();
      });
    return this.switching;
  }

  /**
   * The queue as it is now. A change the window has not heard of yet is sent first, so the view's
   * revision is the one the window's next change follows from.
   */
  view(): QueueView {
    return this.publish();
  }

  private unnumberedView(): UnnumberedView {
    return openQueueView(this.current, this.progress);
  }

  /**
   * Drafts become jobs: main takes each draft's file, prepare choice and prepared image itself, and
   * the drafts the queue took (added, or already there) leave the drafts. Those refused stay, with
   * the answer's sentence, for the user to see or upload anyway.
   */
  async enqueueDrafts(
    drafts: Drafts,
    requests: readonly EnqueueRequest[],
    spacing?: BatchSpacing,
  ): Promise<Result<EnqueueResult[]>> {
    const found = drafts.forQueue(requests.map((request) => request.draftId));
    const missing = found.filter((draft) => draft === undefined).length;
    if (missing > 0)
      return fail(
        'unknown-draft',
        `${missing === 1 ? 'A draft is' : `${missing} drafts are`} no longer there; add the files again.`,
      );
    const items = requests.map((request, index) => itemOfDraft(found[index]!, request));
    const results = await this.enqueue(items, spacing);
    // The draft's card picture is the job's: the image exactly as it is sent.
    for (const result of results.ok ? results.value : []) {
      const card = drafts.pictures.latest(result.draftId, 'result');
      if (result.status === 'added' && result.jobId && card) this.thumbnails.remember(result.jobId, card);
    }
    if (results.ok)
      drafts.remove(
        results.value
          .filter((result) => result.status === 'added' || result.status === 'existing')
          .map((result) => result.draftId),
      );
    return results;
  }

  async enqueue(items: readonly EnqueueItem[], spacing?: BatchSpacing): Promise<Result<EnqueueResult[]>> {
    const current = this.current;
    if (!current) return signedOut();
    const { queue } = current;
    const added = await queue.add(jobsOfItems(items, spacing));
    const results = added.map((result, index) => enqueueAnswer(result, items[index]!));
    this.batch.add(results.filter((r) => r.status === 'added' && r.jobId).map((r) => r.jobId!));
    this.emitQueueSoon();
    return ok(results);
  }

  pauseAll(): Result<QueueView> {
    return this.withQueue((queue) => queue.pause());
  }

  resumeAll(): Result<QueueView> {
    return this.withQueue((queue) => queue.resume());
  }

  retry(id: string): Result<QueueView> {
    return this.withQueue((queue) => {
      const result = queue.retry(id);
      if (result.ok) this.batch.add([id]);
      return result;
    });
  }

  /**
   * A job whose file changed after it was queued goes on with what it read; the file as it is now
   * becomes a new job with the same title, fields and framing (forced: it is new content for a
   * request the queue already has).
   */
  async queueNewVersion(id: string): Promise<Result<QueueView>> {
    const queue = this.current?.queue;
    const job = queue?.get(id);
    if (!queue || !job) return fail('not-found', 'This upload is no longer in the queue.');
    const [added] = await queue.add([
      { sourcePath: job.sourcePath, metadata: job.metadata, prepare: job.prepare, origin: 'app', force: true },
    ]);
    if (added?.status === 'error') return fail('refused', added.message);
    if (added?.status === 'added') this.batch.add([added.job.id]);
    this.emitQueueSoon();
    return ok(this.view());
  }

  cancel(id: string): Result<QueueView> {
    return this.withQueue((queue) => queue.cancel(id));
  }

  remove(id: string): Result<QueueView> {
    return this.withQueue((queue) => queue.remove(id));
  }

  /** A shot was deleted: its content may be uploaded again. */
  forgetShot(shotId: number): void {
    this.current?.queue.forgetShot(shotId);
    this.emitQueueSoon();
  }

  clearFinished(): Result<QueueView> {
    return this.withQueue((queue) => void queue.clearFinished());
  }

  /** The web address of a job's shot, asked of the service (only http(s) addresses are given back). */
  async shotAddress(id: string): Promise<Result<string>> {
    const current = this.current;
    const job = current?.queue.get(id);
    if (!current || !job) return fail('not-found', 'This upload is no longer in the queue.');
    if (!job.shotId) return fail('not-created', 'The service has not created this shot yet.');
    let address: string;
    try {
      address = (await current.account.client.getShot(job.shotId)).html_url;
    } catch (error) {
      return failWith(problemOfRequest(error));
    }
    if (!isWebAddress(address)) return fail('no-address', 'The service gave no web address for this shot.');
    return ok(address);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.untilOpened.wakeAll();
    await this.useAccount(undefined);
    if (this.queueTimer) clearTimeout(this.queueTimer);
    if (this.budgetTimer) clearTimeout(this.budgetTimer);
    this.batch.removeAllListeners();
  }

  // ---- inside ----------------------------------------------------------------------------------

  private async switchTo(account: ActiveAccount | undefined): Promise<void> {
    const previous = this.current;
    if (
      previous &&
      account &&
      previous.account.endpoint.id === account.endpoint.id &&
      previous.account.user.id === account.user.id &&
      !previous.signInRefused
    ) {
      previous.account = account; // same account, fresher user
      return;
    }
    if (previous) {
      this.current = undefined;
      previous.unsubscribe();
      this.emit('opened', undefined);
      await previous.queue.close();
      this.progress.clear();
      this.batch.reset();
    }
    if (account) {
      const opened = openAccountQueue(this.options, account, {
        onEvent: (event) => this.onQueueEvent(event),
        onBudget: (view) => this.reportBudget(view),
        onReach: () => this.emitQueueSoon(),
      });
      this.current = opened;
      const { queue } = opened;
      // Jobs left unfinished by the last run count as a batch too.
      this.batch.add(
        queue
          .list()
          .filter((job) => !isFinal(job.state))
          .map((job) => job.id),
      );
      this.emit('opened', queue);
      this.untilOpened.wake('queue');
    }
    this.emitQueueNow();
  }

  private onQueueEvent(event: JobEvent): void {
    if (event.type === 'progress') {
      const entry = { sent: event.sentBytes, total: event.totalBytes };
      this.progress.set(event.id, entry);
      this.emit('progress', { id: event.id, ...entry });
      return;
    }
    if (event.type === 'job') {
      if (event.job.state !== 'uploading') this.progress.delete(event.job.id);
      this.batch.update(event.job.id, event.job.state);
    }
    if (event.type === 'removed') this.batch.forget(event.id);
    if (event.type === 'queue' && event.signInRefused !== undefined && this.current) this.current.signInRefused = true;
    this.emitQueueSoon();
  }

  /** The budget changes at every request: the window hears of it a few times a second at most. */
  private reportBudget(view: RateLimitView): void {
    this.latestBudget = view;
    if (this.budgetTimer) return;
    this.budgetTimer = setTimeout(() => {
      this.budgetTimer = undefined;
      if (this.latestBudget) this.emit('rateLimit', this.latestBudget);
    }, this.options.throttleMs ?? 100);
  }

  /**
   * A command on the signed-in account's queue, answered with the queue as it is now, or with the
   * queue's refusal as it worded it: errors become values here, once.
   */
  private withQueue(command: (queue: UploadQueue) => Result<unknown> | void): Result<QueueView> {
    const queue = this.current?.queue;
    if (!queue) return signedOut();
    const outcome = command(queue);
    if (outcome && !outcome.ok) return failWith(outcome.error);
    return ok(this.view());
  }

  private emitQueueSoon(): void {
    if (this.queueTimer) return;
    this.queueTimer = setTimeout(() => {
      this.queueTimer = undefined;
      this.publish();
    }, this.options.throttleMs ?? 100);
  }

  private emitQueueNow(): void {
    this.publish();
  }

  /** Numbers the queue as it is now, tells the window what changed (if anything), and main's followers the whole. */
  private publish(): QueueView {
    if (this.queueTimer) clearTimeout(this.queueTimer);
    this.queueTimer = undefined;
    const { view, change } = this.revisions.advance(this.unnumberedView());
    if (change) this.emit('queueChange', change);
    this.emit('queue', view);
    return view;
  }
}

function signedOut<T>(): Result<T> {
  return fail('signed-out', 'Sign in to upload: the queue belongs to the signed-in account.');
}

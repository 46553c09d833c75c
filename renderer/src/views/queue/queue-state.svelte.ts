// The queue as main reports it (queue.changed, queue.progress, rateLimit), followed from the first
// time the Queue view opens and kept while the user moves between tabs. The whole queue comes once
// (queue.list); then only what changes, revision by revision; a change that does not follow from the
// revision held means one was missed, and the whole queue is asked for again.
import type {
  JobView,
  QueueChange,
  QueueView,
  RateLimitView,
  DailyCapView,
  OfflineView,
  Result,
} from '../../../../common/contract/index';
import { reachableAgainSentence } from '../../../../common/outage-words';
import { connectOnce } from '../../lib/connect-once';

/** How long "<host> answers again" stays after an outage. */
const BACK_ONLINE_MS = 10_000;
import { failureText } from '../../lib/bridge';
import { applyQueueChange } from './queue-changes';
import { perFrame } from '../../lib/per-frame';

class QueueState {
  available = $state(false);
  /** Raw: a change replaces the jobs it names, and the rows of the others keep their very objects. */
  jobs = $state.raw<JobView[]>([]);
  /** The queue's revision these fields show (-1 before the first answer). */
  private revision = -1;
  /** A queue.list under way: the changes meanwhile are in its answer. */
  private listing = false;
  paused = $state(false);
  rateLimit = $state<RateLimitView | null>(null);
  dailyCap = $state<DailyCapView | null>(null);
  diskFault = $state<string | null>(null);
  signInNeeded = $state<string | null>(null);
  /** The service does not answer: where, and when the next try goes (shown while uploads wait). */
  offline = $state<OfflineView | null>(null);
  /** "<host> answers again; the uploads go on." for a few seconds after an outage. */
  backOnline = $state<string | null>(null);
  private backOnlineTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bytes sent per uploading job. */
  progress = $state<Record<string, { sent: number; total: number }>>({});
  problem = $state<string | undefined>(undefined);
  loaded = $state(false);

  readonly connect = connectOnce(
    (message) => {
      this.problem = message;
    },
    (bridge) => {
      // Applied once per frame: a queue of hundreds moving is one update of the view, not hundreds.
      // Safe to hold for a frame: each change names its revision, and one older than what an
      // answer already showed is let go (follow, apply). Bytes sent carry none: applied as they come.
      bridge.on(
        'queue.changed',
        perFrame((changes) => this.follow(changes, () => this.reload(bridge))),
      );
      bridge.on('queue.progress', ({ id, sent, total }) => {
        this.progress[id] = { sent, total };
      });
      bridge.on('rateLimit', (budget) => {
        this.rateLimit = budget;
      });
      // A restarted engine numbers its changes afresh: the whole queue, as its journal has it.
      bridge.on('engine.restarted', () => this.reload(bridge));
      this.reload(bridge);
    },
  );

  private reload(bridge: { queue: { list(): Promise<Result<QueueView>> } }): void {
    if (this.listing) return;
    this.listing = true;
    void bridge.queue.list().then((result) => {
      this.listing = false;
      if (result.ok) this.apply(result.value);
      else this.problem = failureText(result.error);
    });
  }

  /**
   * The changes of one frame, revision by revision: a change already held is let go, and one that
   * skips a revision asks for the whole queue (what follows it is in that answer).
   */
  private follow(changes: readonly QueueChange[], reload: () => void): void {
    let jobs = this.jobs;
    let last: QueueChange | undefined;
    const changed: JobView[] = [];
    for (const change of changes) {
      if (change.to <= this.revision) continue;
      if (change.from !== this.revision) {
        reload();
        break;
      }
      this.revision = change.to;
      jobs = applyQueueChange(jobs, change);
      changed.push(...change.jobs);
      last = change;
    }
    if (last === undefined) return;
    this.jobs = jobs;
    this.applyFields(last, changed);
  }

  /** Runs an action of the queue; its answer is the new queue, or a sentence saying why not. */
  async act(action: () => Promise<Result<QueueView>>): Promise<void> {
    const result = await action();
    if (result.ok) {
      this.apply(result.value);
      this.problem = undefined;
    } else {
      this.problem = failureText(result.error);
    }
  }

  private apply(view: QueueView): void {
    // An answer older than the changes already applied would take the window back.
    if (view.revision < this.revision) return;
    this.revision = view.revision;
    this.jobs = view.jobs;
    this.applyFields(view, view.jobs);
  }

  /** The queue's small fields, and the bytes sent of the jobs given (every job, or the changed ones). */
  private applyFields(view: Omit<QueueView, 'revision' | 'jobs'>, jobs: readonly JobView[]): void {
    this.available = view.available;
    this.paused = view.paused;
    this.dailyCap = view.dailyCap;
    this.diskFault = view.diskFault;
    this.signInNeeded = view.signInNeeded ?? null;
    this.followOutage(view.offline);
    if (view.rateLimit) this.rateLimit = view.rateLimit;
    for (const job of jobs) if (job.progress) this.progress[job.id] = job.progress;
    const uploading = new Set(this.jobs.filter((job) => job.state === 'uploading').map((job) => job.id));
    for (const id of Object.keys(this.progress)) if (!uploading.has(id)) delete this.progress[id];
    this.loaded = true;
  }

  private followOutage(offline: OfflineView | null | undefined): void {
    const was = this.offline;
    this.offline = offline ?? null;
    if (this.offline) {
      clearTimeout(this.backOnlineTimer);
      this.backOnline = null;
      return;
    }
    if (!was) return;
    this.backOnline = reachableAgainSentence(was.host);
    clearTimeout(this.backOnlineTimer);
    this.backOnlineTimer = setTimeout(() => (this.backOnline = null), BACK_ONLINE_MS);
  }
}

export const queueState = new QueueState();

// The queue as main reports it (queue.changed, queue.progress, rateLimit), followed from the first
// time the Queue view opens and kept while the user moves between tabs.
import type {
  JobView,
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

class QueueState {
  available = $state(false);
  jobs = $state<JobView[]>([]);
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
      bridge.on('queue.changed', (view) => this.apply(view));
      bridge.on('queue.progress', ({ id, sent, total }) => {
        this.progress[id] = { sent, total };
      });
      bridge.on('rateLimit', (budget) => {
        this.rateLimit = budget;
      });
      void bridge.queue.list().then((result) => {
        if (result.ok) this.apply(result.value);
        else this.problem = failureText(result.error);
      });
    },
  );

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
    this.available = view.available;
    this.jobs = view.jobs;
    this.paused = view.paused;
    this.dailyCap = view.dailyCap;
    this.diskFault = view.diskFault;
    this.signInNeeded = view.signInNeeded ?? null;
    this.followOutage(view);
    if (view.rateLimit) this.rateLimit = view.rateLimit;
    const uploading = new Set(view.jobs.filter((job) => job.state === 'uploading').map((job) => job.id));
    for (const job of view.jobs) if (job.progress) this.progress[job.id] = job.progress;
    for (const id of Object.keys(this.progress)) if (!uploading.has(id)) delete this.progress[id];
    this.loaded = true;
  }

  private followOutage(view: QueueView): void {
    const was = this.offline;
    this.offline = view.offline ?? null;
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

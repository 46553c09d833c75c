// The queue as main reports it (queue.changed, queue.progress, rateLimit), followed from the first
// time the Queue view opens and kept while the user moves between tabs.
import type { JobView, QueueView, RateLimitView, DailyCapView, Result } from '../../../../common/contract/index';
import { connectOnce } from '../../lib/connect-once';
import { failureText } from '../../lib/bridge';

class QueueState {
  available = $state(false);
  jobs = $state<JobView[]>([]);
  paused = $state(false);
  rateLimit = $state<RateLimitView | null>(null);
  dailyCap = $state<DailyCapView | null>(null);
  diskFault = $state<string | null>(null);
  signInNeeded = $state<string | null>(null);
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
    if (view.rateLimit) this.rateLimit = view.rateLimit;
    const uploading = new Set(view.jobs.filter((job) => job.state === 'uploading').map((job) => job.id));
    for (const job of view.jobs) if (job.progress) this.progress[job.id] = job.progress;
    for (const id of Object.keys(this.progress)) if (!uploading.has(id)) delete this.progress[id];
    this.loaded = true;
  }
}

export const queueState = new QueueState();

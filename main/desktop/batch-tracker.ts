// A batch is the jobs added since the queue was last idle. Its progress (0..1) drives the dock and
// taskbar bar; when every job of it is final, one summary goes to a system notification.
import { EventEmitter } from 'node:events';
import { FINAL_STATES } from '../../common/job-states';
import type { JobState } from '../../common/job-states';

export interface BatchSummary {
  total: number;
  published: number;
  scheduled: number;
  failed: number;
  cancelled: number;
}

/** How far along each state is; final states count whole. */
const WEIGHT: Record<JobState, number> = {
  queued: 0,
  preparing: 0.1,
  ready: 0.2,
  uploading: 0.4,
  processing: 0.8,
  published: 1,
  scheduled: 1,
  failed: 1,
  cancelled: 1,
};

export class BatchTracker extends EventEmitter<{ progress: [number]; done: [BatchSummary] }> {
  private readonly states = new Map<string, JobState>();
  private lastFraction = -1;

  add(ids: readonly string[]): void {
    let added = false;
    for (const id of ids) {
      if (this.states.has(id) && !FINAL_STATES.has(this.states.get(id)!)) continue;
      this.states.set(id, 'queued');
      added = true;
    }
    if (added) this.report();
  }

  update(id: string, state: JobState): void {
    if (!this.states.has(id) || this.states.get(id) === state) return;
    this.states.set(id, state);
    this.report();
  }

  forget(id: string): void {
    if (this.states.delete(id)) this.report();
  }

  reset(): void {
    this.states.clear();
    this.setFraction(-1);
  }

  get size(): number {
    return this.states.size;
  }

  private report(): void {
    if (this.states.size === 0) {
      this.setFraction(-1);
      return;
    }
    const values = [...this.states.values()];
    if (values.every((state) => FINAL_STATES.has(state))) {
      const count = (state: JobState) => values.filter((s) => s === state).length;
      const summary: BatchSummary = {
        total: values.length,
        published: count('published'),
        scheduled: count('scheduled'),
        failed: count('failed'),
        cancelled: count('cancelled'),
      };
      this.states.clear();
      this.setFraction(-1);
      this.emit('done', summary);
      return;
    }
    this.setFraction(values.reduce((sum, state) => sum + WEIGHT[state], 0) / values.length);
  }

  private setFraction(fraction: number): void {
    const rounded = fraction < 0 ? -1 : Math.round(fraction * 100) / 100;
    if (rounded === this.lastFraction) return;
    this.lastFraction = rounded;
    this.emit('progress', rounded);
  }
}

/** The notification's words for a finished batch. */
export function batchMessage(summary: BatchSummary): { title: string; body: string } {
  const done = summary.published + summary.scheduled;
  const parts: string[] = [];
  if (summary.published > 0) parts.push(`${summary.published} published`);
  if (summary.scheduled > 0) parts.push(`${summary.scheduled} scheduled`);
  if (summary.failed > 0) parts.push(`${summary.failed} failed`);
  if (summary.cancelled > 0) parts.push(`${summary.cancelled} cancelled`);
  const title =
    summary.failed > 0
      ? `${summary.failed} of ${summary.total} ${plural(summary.total, 'upload')} failed`
      : `${done} ${plural(done, 'shot')} uploaded`;
  const body = `${parts.join(', ')}.${summary.failed > 0 ? ' Open the Queue to see why and retry.' : ''}`;
  return { title, body };
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}

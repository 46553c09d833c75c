// The queue as the window hears of it: numbered versions (revisions) and, from one to the next, only
// what changed. A thousand waiting jobs cost nothing to send while one of them uploads: each change
// carries the jobs new or changed (compared field by field with what the window was last told), the
// ids of those gone, and the queue's few small fields.
import type { JobView, QueueChange, QueueView } from '../../common/contract/index';

/** The queue's view before it is numbered. */
export type UnnumberedView = Omit<QueueView, 'revision'>;

/** What changed from `before` to `after`; undefined when nothing did. */
export function queueChange(before: QueueView, after: UnnumberedView, to: number): QueueChange | undefined {
  const old = new Map(before.jobs.map((job) => [job.id, job]));
  const now = new Set(after.jobs.map((job) => job.id));
  const jobs = after.jobs.filter((job) => {
    const was = old.get(job.id);
    return was === undefined || !sameValue(was, job);
  });
  const removed = before.jobs.filter((job) => !now.has(job.id)).map((job) => job.id);
  const order = keepsOrder(before.jobs, after.jobs, old) ? null : after.jobs.map((job) => job.id);
  const { jobs: _all, ...fields } = after;
  const { jobs: _before, revision: _revision, ...fieldsBefore } = before;
  if (jobs.length === 0 && removed.length === 0 && order === null && sameValue(fields, fieldsBefore)) return undefined;
  return { ...fields, from: before.revision, to, jobs, removed, order };
}

/** The jobs that stay keep their order and the new ones come after them: what the window does unasked. */
function keepsOrder(before: readonly JobView[], after: readonly JobView[], old: Map<string, JobView>): boolean {
  const now = new Set(after.map((job) => job.id));
  const expected = [
    ...before.filter((job) => now.has(job.id)).map((job) => job.id),
    ...after.filter((job) => !old.has(job.id)).map((job) => job.id),
  ];
  return expected.every((id, index) => after[index]?.id === id);
}

/** Equal as JSON is: the views are plain data (strings, numbers, booleans, null, arrays, objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The revisions of one queue as the window was told of them: each view is numbered, the same number
 * again when nothing changed, else the next, with the change from the last one. They count on from
 * when the process started (in microseconds): a restarted engine's first change comes after any the
 * window heard from the one before (which made one at most every few milliseconds), so the window
 * asks for the whole queue instead of taking the new numbers for old ones.
 */
export class QueueRevisions {
  private static readonly empty: QueueView = {
    revision: 0,
    available: false,
    jobs: [],
    paused: false,
    rateLimit: null,
    dailyCap: null,
    diskFault: null,
  };

  private last: QueueView;

  constructor(origin = Date.now() * 1000) {
    this.last = { ...QueueRevisions.empty, revision: origin };
  }

  advance(view: UnnumberedView): { view: QueueView; change: QueueChange | undefined } {
    const change = queueChange(this.last, view, this.last.revision + 1);
    if (change === undefined) return { view: { ...view, revision: this.last.revision }, change };
    this.last = { ...view, revision: change.to };
    return { view: this.last, change };
  }
}

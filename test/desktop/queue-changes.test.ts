// The queue reaches the window as changes (issue 36): a changed job is sent, an unchanged one is not,
// gone jobs are named, and the window's copy, changed revision by revision, is the queue main holds.
import { describe, expect, test } from 'vitest';
import type { JobView, QueueView } from '../../common/contract/index';
import { QueueRevisions, queueChange, sameValue, type UnnumberedView } from '../../main/desktop/queue-changes';
import { applyQueueChange } from '../../renderer/src/views/queue/queue-changes';
import { jobView } from '../renderer/job-views';

const job = jobView;

function view(jobs: JobView[], fields: Partial<UnnumberedView> = {}): UnnumberedView {
  return { available: true, jobs, paused: false, rateLimit: null, dailyCap: null, diskFault: null, ...fields };
}

const thousand = Array.from({ length: 1000 }, (_, index) => job(index));

describe('queueChange', () => {
  const before: QueueView = { ...view(thousand), revision: 7 };

  test('sends the one job that changed, whole, and none of the 999 that did not', () => {
    // A copy of every job (new objects, same values), so the comparison is by value, not by object.
    const after = thousand.map((each) => ({ ...each, warnings: [...each.warnings] }));
    after[412] = { ...after[412]!, state: 'uploading', progress: { sent: 10, total: 100 } };
    const change = queueChange(before, view(after), 8);
    expect(change?.jobs).toEqual([after[412]]);
    expect(change).toMatchObject({ from: 7, to: 8, removed: [], order: null });
  });

  test('a change deep inside a job (its failure, its bytes sent) is a change', () => {
    const failed = job(3, 'failed', {
      failure: { code: 'image-too-large-output', message: 'Too big.', retryable: false },
    });
    const first = queueChange(
      { ...view([failed]), revision: 1 },
      view([{ ...failed, failure: { code: 'image-too-large-output', message: 'Too big.', retryable: true } }]),
      2,
    );
    expect(first?.jobs.map((each) => each.id)).toEqual(['job-3']);
    const sending = job(4, 'uploading', { progress: { sent: 1, total: 9 } });
    const second = queueChange(
      { ...view([sending]), revision: 1 },
      view([{ ...sending, progress: { sent: 2, total: 9 } }]),
      2,
    );
    expect(second?.jobs).toHaveLength(1);
  });

  test('names the jobs gone and sends the new ones; says nothing when nothing changed', () => {
    const after = [...thousand.slice(0, 10), ...thousand.slice(11), job(1000), job(1001)];
    const change = queueChange(before, view(after), 8);
    expect(change?.removed).toEqual(['job-10']);
    expect(change?.jobs.map((each) => each.id)).toEqual(['job-1000', 'job-1001']);
    expect(change?.order).toBeNull();
    expect(queueChange(before, view(thousand.map((each) => ({ ...each }))), 8)).toBeUndefined();
  });

  test('a small field of the queue alone is a change, with no job in it', () => {
    const change = queueChange(before, view(thousand, { paused: true }), 8);
    expect(change).toMatchObject({ paused: true, jobs: [], removed: [] });
  });

  test('a new order is sent whole; the old order with new jobs after it is not', () => {
    const swapped = [thousand[1]!, thousand[0]!, ...thousand.slice(2)];
    expect(queueChange(before, view(swapped), 8)?.order?.slice(0, 3)).toEqual(['job-1', 'job-0', 'job-2']);
    const newFirst = [job(5000), ...thousand];
    expect(queueChange(before, view(newFirst), 8)?.order?.[0]).toBe('job-5000');
  });
});

describe('the window follows the changes', () => {
  test('revision by revision, its jobs are the queue main holds, and unchanged jobs keep their objects', () => {
    const revisions = new QueueRevisions(0);
    const first = revisions.advance(view(thousand.slice(0, 300)));
    expect(first.view.revision).toBe(1);
    let windowJobs = first.view.jobs;
    let revision = first.view.revision;
    const steps: JobView[][] = [
      [...thousand.slice(0, 300).map((each, i) => (i === 5 ? { ...each, state: 'preparing' as const } : each))],
      [...thousand.slice(1, 300), job(300), job(301)],
      [job(301), ...thousand.slice(1, 299)],
    ];
    for (const jobs of steps) {
      const kept = windowJobs;
      const { view: numbered, change } = revisions.advance(view(jobs));
      expect(change?.from).toBe(revision);
      windowJobs = applyQueueChange(windowJobs, change!);
      revision = change!.to;
      expect(numbered.revision).toBe(revision);
      expect(sameValue(windowJobs, jobs)).toBe(true);
      const untouched = windowJobs.find((each) => each.id === 'job-200');
      if (untouched) expect(untouched).toBe(kept.find((each) => each.id === 'job-200'));
    }
    // Nothing changed: the same revision, nothing to send.
    const again = revisions.advance(view(steps.at(-1)!.map((each) => ({ ...each }))));
    expect(again.change).toBeUndefined();
    expect(again.view.revision).toBe(revision);
  });

  test('a queue numbered by a process started later comes after every revision of the one before', async () => {
    const before = new QueueRevisions();
    let last = 0;
    // Far more changes than a queue makes between an engine's death and its restart.
    for (let i = 0; i < 200; i++) last = before.advance(view(thousand.slice(0, i + 1))).view.revision;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const restarted = new QueueRevisions().advance(view(thousand.slice(0, 3)));
    // The window at `last` hears a change that neither follows from it nor looks older: it reloads.
    expect(restarted.change!.from).not.toBe(last);
    expect(restarted.change!.to).toBeGreaterThan(last);
  });
});

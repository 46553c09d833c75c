import { describe, expect, it } from 'vitest';
import { BatchTracker, batchMessage } from '../../main/desktop/batch-tracker';
import type { BatchSummary } from '../../main/desktop/batch-tracker';

describe('BatchTracker', () => {
  it('reports progress over the batch’s jobs and one summary when all are final', () => {
    const tracker = new BatchTracker();
    const progress: number[] = [];
    const done: BatchSummary[] = [];
    tracker.on('progress', (value) => progress.push(value));
    tracker.on('done', (summary) => done.push(summary));

    tracker.add(['a', 'b']);
    tracker.update('a', 'uploading');
    tracker.update('a', 'uploading'); // no change, no event
    tracker.update('b', 'processing');
    tracker.update('a', 'published');
    tracker.update('unknown', 'failed'); // not in the batch
    expect(done).toEqual([]);
    tracker.update('b', 'failed');
    expect(progress).toEqual([0, 0.2, 0.6, 0.9, -1]);
    expect(done).toEqual([{ total: 2, published: 1, scheduled: 0, failed: 1, cancelled: 0 }]);
    expect(tracker.size).toBe(0);

    // A retried job starts a new batch.
    tracker.add(['b']);
    tracker.forget('b');
    expect(progress.slice(-2)).toEqual([0, -1]);
    expect(done).toHaveLength(1);
  });

  it('says how a batch ended in a notification’s words', () => {
    expect(batchMessage({ total: 3, published: 1, scheduled: 2, failed: 0, cancelled: 0 })).toEqual({
      title: '3 shots uploaded',
      body: '1 published, 2 scheduled.',
    });
    expect(batchMessage({ total: 1, published: 1, scheduled: 0, failed: 0, cancelled: 0 })).toEqual({
      title: '1 shot uploaded',
      body: '1 published.',
    });
    expect(batchMessage({ total: 4, published: 2, scheduled: 0, failed: 1, cancelled: 1 })).toEqual({
      title: '1 of 4 uploads failed',
      body: '2 published, 1 failed, 1 cancelled. Open the Queue to see why and retry.',
    });
  });
});

// The Queue's first line and counts in a designer's words (issue 36, finding 4): the upload going
// now of how many and the time left, never "985 in progress" while one uploads at a time.
import { describe, expect, test } from 'vitest';
import type { JobState, JobView } from '../../common/contract/index';
import {
  budgetMsPerJob,
  countsByState,
  formatLeft,
  headline,
  measuredMsPerJob,
} from '../../renderer/src/views/queue/queue-summary';
import { MADE_AT, jobView } from './job-views';

const START = MADE_AT;

function job(index: number, state: JobState, updatedMs = START): JobView {
  return jobView(index, state, { updatedAt: new Date(updatedMs).toISOString() });
}

/** A thousand jobs: two published three seconds apart, one uploading, the rest waiting. */
function thousand(): JobView[] {
  return [
    job(0, 'published', START),
    job(1, 'published', START + 3_000),
    job(2, 'uploading'),
    ...Array.from({ length: 997 }, (_, index) => job(index + 3, 'queued')),
  ];
}

describe('the Queue headline', () => {
  test('says which upload of how many goes now and the time left, from the measured pace', () => {
    // 998 to send at 3 s each (slower than a budget of 60 a minute allows: 2 s each): about 50 min.
    expect(headline(thousand(), { limit: 60, remaining: 10, resetAt: null, waiting: 0 }, false)).toBe(
      'Uploading 3 of 1,000 · about 50 min left',
    );
  });

  test('the budget bounds the estimate when the measured pace is faster than it allows', () => {
    // Nothing measured yet; 60 requests a minute at two per upload: 2 s each, 998 left: about 33 min.
    const jobs = thousand().map((entry) =>
      entry.state === 'published' ? { ...entry, state: 'queued' as const } : entry,
    );
    expect(headline(jobs, { limit: 60, remaining: 60, resetAt: null, waiting: 0 }, false)).toBe(
      'Uploading 1 of 1,000 · about 33 min left',
    );
    expect(budgetMsPerJob({ limit: 60, remaining: 0, resetAt: null, waiting: 3 })).toBe(2_000);
    expect(budgetMsPerJob(null)).toBeNull();
  });

  test('paused, finished, failed and empty queues each say so', () => {
    expect(headline(thousand(), null, true)).toBe('Paused at 3 of 1,000.');
    expect(headline([job(0, 'published'), job(1, 'scheduled')], null, false)).toBe('All 2 on the service.');
    expect(headline([job(0, 'published'), job(1, 'failed')], null, false)).toBe('1 of 2 on the service · 1 failed.');
    expect(headline([job(0, 'processing')], null, false)).toBe('All 1 sent · the service is processing 1.');
    expect(headline([], null, false)).toBe('Nothing in the queue.');
    expect(headline([job(0, 'queued')], null, false)).toBe('Uploading 1 of 1 · working out the time left');
  });

  test('counts by state leave out the states with none, waiting covering queued, preparing and ready', () => {
    const jobs = [...thousand(), job(1000, 'preparing'), job(1001, 'failed')];
    expect(countsByState(jobs).map((count) => `${count.count} ${count.label}`)).toEqual([
      '1 uploading',
      '998 waiting',
      '2 published',
      '1 failed',
    ]);
  });

  test('the pace is the spacing of the last jobs that reached the service; times read as people say them', () => {
    expect(measuredMsPerJob(thousand())).toBe(3_000);
    expect(measuredMsPerJob([job(0, 'published')])).toBeNull();
    expect(formatLeft(20_000)).toBe('less than a minute left');
    expect(formatLeft(25 * 60_000)).toBe('about 25 min left');
    expect(formatLeft(125 * 60_000)).toBe('about 2 h 5 min left');
    expect(formatLeft(120 * 60_000)).toBe('about 2 h left');
  });
});

// A job as the window sees it (JobView), for tests of what the window makes of the queue: named by
// its index, waiting unless told otherwise, made at 09:00 on the day these tests were written.
import type { JobState, JobView } from '../../common/contract/index';

export const MADE_AT = Date.parse('2026-11-27T09:00:00Z');

export function jobView(index: number, state: JobState = 'queued', extra: Partial<JobView> = {}): JobView {
  return {
    id: `job-${index}`,
    name: `art-${index}.png`,
    title: `art-${index}`,
    state,
    paused: false,
    failure: null,
    note: null,
    shotId: null,
    publishedAt: null,
    scheduledFor: null,
    warnings: [],
    sourceChanged: false,
    origin: 'app',
    folder: null,
    createdAt: new Date(MADE_AT).toISOString(),
    updatedAt: new Date(MADE_AT).toISOString(),
    progress: null,
    ...extra,
  };
}

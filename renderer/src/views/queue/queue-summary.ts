// The Queue in a designer's words: which upload of how many is going now and about how long the
// rest will take ("Uploading 3 of 1,000 · about 25 min left"), and how many jobs are in each state.
// Worked out from main's queue status (its jobs with their times, and the rate-limit budget the
// service's headers report): pure, so it is tested without a window.
import type { JobState, JobView, RateLimitView } from '../../../../common/contract/index';

/** Requests one upload costs at least: the create, then a look at the shot while the service processes it. */
export const REQUESTS_PER_JOB = 2;
/** The last jobs that reached the service whose pace is measured (older ones say little about now). */
const PACE_SAMPLE = 20;

const number = new Intl.NumberFormat();

export interface StateCount {
  key: 'waiting' | JobState;
  label: string;
  count: number;
}

const COUNT_LABELS: [StateCount['key'], string][] = [
  ['uploading', 'uploading'],
  ['waiting', 'waiting'],
  ['processing', 'processing on the service'],
  ['published', 'published'],
  ['scheduled', 'scheduled'],
  ['failed', 'failed'],
  ['cancelled', 'cancelled'],
];

/** How many jobs are in each state, the states with none left out ("1 uploading · 998 waiting · 1 published"). */
export function countsByState(jobs: readonly JobView[]): StateCount[] {
  const counts = new Map<StateCount['key'], number>();
  for (const job of jobs) {
    const key = job.state === 'queued' || job.state === 'preparing' || job.state === 'ready' ? 'waiting' : job.state;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return COUNT_LABELS.filter(([key]) => (counts.get(key) ?? 0) > 0).map(([key, label]) => ({
    key,
    label,
    count: counts.get(key) ?? 0,
  }));
}

/** The time one upload takes at the pace measured so far: the spacing of the last jobs to reach the service. */
export function measuredMsPerJob(jobs: readonly JobView[]): number | null {
  const reached = jobs
    .filter((job) => job.state === 'processing' || job.state === 'published' || job.state === 'scheduled')
    .map((job) => Date.parse(job.updatedAt))
    .filter((at) => Number.isFinite(at))
    .sort((a, b) => a - b)
    .slice(-PACE_SAMPLE);
  const first = reached[0];
  const last = reached[reached.length - 1];
  if (first === undefined || last === undefined || reached.length < 2 || last <= first) return null;
  return (last - first) / (reached.length - 1);
}

/** The least time one upload can take within the budget: the limit is per minute, each upload costs a few requests. */
export function budgetMsPerJob(budget: RateLimitView | null): number | null {
  if (!budget || budget.limit === null || budget.limit <= 0) return null;
  return (60_000 * REQUESTS_PER_JOB) / budget.limit;
}

/** "less than a minute", "about 25 min", "about 2 h 5 min". */
export function formatLeft(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'less than a minute left';
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest > 0 ? ` ${rest} min` : ''} left`;
}

/** The Queue's first line. */
export function headline(jobs: readonly JobView[], budget: RateLimitView | null, paused: boolean): string {
  const counted = jobs.filter((job) => job.state !== 'cancelled');
  const total = counted.length;
  if (jobs.length === 0) return 'Nothing in the queue.';
  const sent = counted.filter(
    (job) => job.state === 'processing' || job.state === 'published' || job.state === 'scheduled',
  ).length;
  const uploading = counted.filter((job) => job.state === 'uploading').length;
  const toSend = counted.filter(
    (job) => job.state === 'queued' || job.state === 'preparing' || job.state === 'ready' || job.state === 'uploading',
  ).length;
  if (toSend === 0) {
    const failed = counted.filter((job) => job.state === 'failed').length;
    if (total === 0) return 'Nothing in the queue.';
    if (failed === total) return `${number.format(failed)} of ${number.format(total)} failed.`;
    const processing = counted.filter((job) => job.state === 'processing').length;
    if (processing > 0)
      return `All ${number.format(total)} sent · the service is processing ${number.format(processing)}.`;
    return failed > 0
      ? `${number.format(total - failed)} of ${number.format(total)} on the service · ${number.format(failed)} failed.`
      : `All ${number.format(total)} on the service.`;
  }
  const position = `${number.format(Math.min(total, sent + Math.max(1, uploading)))} of ${number.format(total)}`;
  if (paused) return `Paused at ${position}.`;
  const pace = Math.max(measuredMsPerJob(jobs) ?? 0, budgetMsPerJob(budget) ?? 0);
  const left = pace > 0 ? formatLeft(pace * toSend) : 'working out the time left';
  return `Uploading ${position} · ${left}`;
}

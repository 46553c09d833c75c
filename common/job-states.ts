// The states of an upload job, for the queue, the CLI and the window alike: queued → preparing →
// ready → uploading → processing → published | scheduled, or failed or cancelled.

export const JOB_STATES = [
  'queued',
  'preparing',
  'ready',
  'uploading',
  'processing',
  'published',
  'scheduled',
  'failed',
  'cancelled',
] as const;
export type JobState = (typeof JOB_STATES)[number];

/** States a job never leaves on its own. */
export const FINAL_STATES: ReadonlySet<JobState> = new Set<JobState>(['published', 'scheduled', 'failed', 'cancelled']);

export function isFinal(state: JobState): boolean {
  return FINAL_STATES.has(state);
}

/** The job's shot is on the service (published, or scheduled to be). */
export function isOnService(state: JobState): boolean {
  return state === 'published' || state === 'scheduled';
}

/** Not yet sent: the states a job may still be changed, held back or held by the daily cap in. */
export function isWaiting(state: JobState): boolean {
  return state === 'queued' || state === 'preparing' || state === 'ready';
}

// Batch scheduling: "publish one every N hours from T" gives each job of a batch its own time.
import { addWallHours } from './wall-clock';

export interface BatchSchedule {
  /** The first publish time, ISO 8601. */
  start: string;
  /** Hours between two shots; 0 or absent schedules them all at `start`. */
  everyHours?: number;
}

/** Publish times for `count` shots, in order, as ISO 8601 UTC strings. */
export function spreadSchedule(schedule: BatchSchedule, count: number): string[] {
  const start = Date.parse(schedule.start);
  if (Number.isNaN(start))
    throw new Error(`"${schedule.start}" is not a date and time (use ISO 8601, e.g. 2026-12-01T09:00:00Z).`);
  const every = schedule.everyHours ?? 0;
  if (!(every >= 0) || !Number.isFinite(every))
    throw new Error('The spacing between scheduled shots must be zero or more hours.');
  // Counted on the wall clock: one every 24 hours stays at the same local time across daylight saving.
  const first = new Date(start).toISOString();
  return Array.from({ length: count }, (_, i) => (i === 0 ? first : addWallHours(first, i * every)));
}

/** The next free slot after the times already taken (watched folders schedule one file at a time). */
export function nextSlot(schedule: BatchSchedule, taken: readonly string[], now: Date = new Date()): string {
  const every = (schedule.everyHours ?? 0) * 3_600_000;
  let slot = Date.parse(schedule.start);
  const latest = taken
    .map((t) => Date.parse(t))
    .filter((t) => !Number.isNaN(t))
    .reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
  if (Number.isFinite(latest) && latest >= slot)
    slot = Date.parse(addWallHours(new Date(latest).toISOString(), schedule.everyHours ?? 0));
  // A slot in the past would be refused: move forward by whole steps (or to now + one step).
  if (slot <= now.getTime())
    slot = every > 0 ? slot + Math.ceil((now.getTime() - slot + 1) / every) * every : now.getTime() + 60_000;
  return new Date(slot).toISOString();
}

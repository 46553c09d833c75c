// The two behaviours the sandbox can play. "spec" answers as SERVICE-API.md is written; "deployed"
// answers as the public service does today (sources in sandbox/README.md): other field names and
// fewer fields, a 404 body of its own, v1 retired (every v1 call is 401), a daily upload cap.
import { HttpError } from './errors';

export type ProfileName = 'spec' | 'deployed';
export const PROFILE_NAMES: readonly ProfileName[] = ['spec', 'deployed'];

/** The public service's cap per account and day, as its own plugin reports it. */
export const DEPLOYED_DAILY_CAP = 5;

export interface Profile {
  name: ProfileName;
  /** Shots one account may create per day (UTC, on the sandbox clock); null: no cap. */
  dailyCap: number | null;
}

export function makeProfile(name: ProfileName = 'spec', dailyCap?: number | null): Profile {
  return { name, dailyCap: dailyCap !== undefined ? dailyCap : name === 'deployed' ? DEPLOYED_DAILY_CAP : null };
}

export function isProfileName(value: unknown): value is ProfileName {
  return typeof value === 'string' && (PROFILE_NAMES as readonly string[]).includes(value);
}

/** The 404 body: the spec's message, or the deployed service's `{"error":"Not found"}`. */
export function notFoundBody(profile: Profile): Record<string, string> {
  return profile.name === 'deployed' ? { error: 'Not found' } : { message: 'Not found.' };
}

/** The UTC day of a sandbox time, the unit of the daily cap. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Counts created shots per account and day, in the sandbox's state (so a sandbox with a data folder
 * keeps the day's count across restarts); refuses past the cap with the service's 422.
 */
export class DailyUploads {
  /** POSTs refused for the cap since the start (or the last reset), for tests to read from the state. */
  refused = 0;

  constructor(private readonly counts: () => Record<string, number>) {}

  /** Refuses when the cap is already reached; counts nothing (a cheap early answer). */
  check(profile: Profile, userId: number, now: number): void {
    const cap = profile.dailyCap;
    if (cap !== null && (this.counts()[key(userId, now)] ?? 0) >= cap) this.refuse(cap);
  }

  /**
   * Checks and counts one shot at once, with no await between: two requests in flight together
   * can never both take the last place of the day.
   */
  take(profile: Profile, userId: number, now: number): void {
    this.check(profile, userId, now);
    const counts = this.counts();
    const today = dayOf(now);
    // Past days are of no use any more: the state keeps only today's counts.
    for (const k of Object.keys(counts)) if (!k.endsWith(today)) delete counts[k];
    counts[key(userId, now)] = (counts[key(userId, now)] ?? 0) + 1;
  }

  clear(): void {
    this.refused = 0;
  }

  private refuse(cap: number): never {
    this.refused++;
    throw new HttpError(422, 'Validation failed.', [
      { attribute: 'user', message: `reached the daily limit of ${cap} shots` },
    ]);
  }
}

function key(userId: number, now: number): string {
  return `${userId}:${dayOf(now)}`;
}

/** A URL slug of a title, as the deployed service appends to a shot's html_url ("471756-Sasquatch"). */
export function slug(title: string): string {
  const words =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[A-Za-z0-9]+/g) ?? [];
  return words.join('-').slice(0, 60).replace(/-+$/, '');
}

// Publish times as people mean them. A time typed is checked as a calendar date (30 February is a
// mistake, not 2 March); one typed without an offset is a time on this computer's clock, and a
// time the clock skips (the hour lost when daylight saving starts) is moved to the first minute
// that exists, with a sentence saying so. Spacing a batch ("one every 24 hours") counts on the wall
// clock, so a daily shot stays at the same local time across a change of daylight saving.

export type ParsedTime = { ok: true; iso: string; warning?: string } | { ok: false; message: string };

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const EXAMPLE = 'such as 2030-12-01T09:00 (this computer’s time) or 2030-12-01T09:00:00Z';

/** A publish time as typed, checked; a time without an offset is local. */
export function parseTime(text: string): ParsedTime {
  const match = ISO_TIME.exec(text.trim());
  if (!match) return { ok: false, message: `"${text}" is not a date and time ${EXAMPLE}` };
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Math.floor(Number(`0.${fraction || '0'}`) * 1000);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month))
    return { ok: false, message: `${y}-${mo}-${d} is not a date: ${monthName(month)} has no day ${day}` };
  if (hour > 23 || minute > 59 || second > 59)
    return { ok: false, message: `${h}:${mi}:${s} in "${text}" is not a time of day` };
  if (zone) {
    const offset = zone.toUpperCase() === 'Z' ? 0 : offsetMinutes(zone);
    if (offset === undefined) return { ok: false, message: `${zone} in "${text}" is not an offset such as +01:00` };
    const at = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000;
    return { ok: true, iso: new Date(at).toISOString() };
  }
  const local = new Date(year, month - 1, day, hour, minute, second, ms);
  const kept =
    local.getFullYear() === year &&
    local.getMonth() === month - 1 &&
    local.getDate() === day &&
    local.getHours() === hour &&
    local.getMinutes() === minute;
  if (kept) return { ok: true, iso: local.toISOString() };
  // The Date constructor moves a skipped local time forward by the length of the gap.
  const typed = `${y}-${mo}-${d} ${h}:${mi}`;
  return {
    ok: true,
    iso: local.toISOString(),
    warning: `${typed} does not exist on this computer’s clock (it skips that hour when daylight saving starts); ${pad(local.getHours())}:${pad(local.getMinutes())} is used instead.`,
  };
}

/** `hours` after `iso` on the local wall clock: the same local time a day later, whatever the offset does. */
export function addWallHours(iso: string, hours: number): string {
  const start = new Date(iso);
  const minutes = Math.round(hours * 60);
  const moved = new Date(
    start.getFullYear(),
    start.getMonth(),
    start.getDate(),
    start.getHours(),
    start.getMinutes() + minutes,
    start.getSeconds(),
    start.getMilliseconds(),
  );
  return moved.toISOString();
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function monthName(month: number): string {
  return new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
}

function offsetMinutes(zone: string): number | undefined {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m) return undefined;
  const [hours, minutes] = [Number(m[2]), Number(m[3])];
  if (hours > 23 || minutes > 59) return undefined;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

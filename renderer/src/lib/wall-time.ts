// The publish time as the date and time control holds it: a wall-clock time with no time zone
// (@internationalized/date's CalendarDateTime), read from and written to the value every view
// keeps (local-time.ts: "YYYY-MM-DDTHH:mm", local time). Holding the wall time, not an instant,
// is what keeps the field safe across daylight-saving changes: stepping the hour past the night
// the clocks change never skips or repeats a value; the instant is found once, when it is sent
// (isoFromLocal). Imported only by the control's lazy chunk, so the library stays out of the
// first paint.
import { CalendarDateTime, type DateValue } from '@internationalized/date';

const pattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The field's value for a kept "YYYY-MM-DDTHH:mm", or undefined when empty or not a time. */
export function wallTimeOf(text: string): CalendarDateTime | undefined {
  const match = pattern.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59) return undefined;
  const time = new CalendarDateTime(year, month, day, hour, minute);
  // The date is constrained to the calendar (a 31st of April becomes the 30th): such a text is no time.
  return time.month === month && time.day === day ? time : undefined;
}

/** The kept "YYYY-MM-DDTHH:mm" of what the field holds ('' when it is empty). */
export function textOfWallTime(value: DateValue | undefined): string {
  if (value === undefined) return '';
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hour = 'hour' in value ? value.hour : 0;
  const minute = 'minute' in value ? value.minute : 0;
  return `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}T${pad(hour)}:${pad(minute)}`;
}

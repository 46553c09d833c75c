// Times as a designer reads and writes them, in their own locale and time zone: shown as a date and
// time, held as <input type="datetime-local"> holds them (local time, minutes), and sent as the
// service wants them (ISO 8601, UTC).

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO time as a date and time to read ("Nov 25, 2026, 9:00 AM"); the text itself when it is no time. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTime.format(time);
}

const timeOfDay = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** An ISO time as a designer reads "since when": its time of day when it is today, else its date and time. */
export function formatSince(iso: string, now: Date = new Date()): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return time.toDateString() === now.toDateString() ? timeOfDay.format(time) : dateTime.format(time);
}

/** The datetime-local value of an instant (epoch ms or ISO string), in local time. */
export function localInput(at: number | string): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** ISO 8601 (UTC) of a datetime-local value, or undefined when empty or invalid. */
export function isoFromLocal(value: string): string | undefined {
  if (value === '') return undefined;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** Tomorrow at the given local hour, as a datetime-local value. */
export function tomorrowAt(hour: number): string {
  const now = new Date();
  return localInput(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, hour).getTime());
}

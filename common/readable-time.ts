// How every human sentence says a time: in the reader's zone, to the minute (seconds when not
// zero), never with milliseconds. The CLI, the queue's refusals and the window share it.

/** A time as people read it: in their zone, to the minute (seconds when not zero), no milliseconds. */
export function readableTime(iso: string, timeZone?: string): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: when.getUTCSeconds() ? '2-digit' : undefined,
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(when);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const seconds = get('second') ? `:${get('second')}` : '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}${seconds} ${get('timeZoneName')}`;
}

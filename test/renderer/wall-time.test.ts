// The date and time control holds a wall-clock time, read from and written to the "YYYY-MM-DDTHH:mm"
// every view keeps: what is typed comes back as typed, including on the nights the clocks change.
import { CalendarDate } from '@internationalized/date';
import { describe, expect, test } from 'vitest';
import { textOfWallTime, wallTimeOf } from '../../renderer/src/lib/wall-time';

describe('wall time (the date and time control)', () => {
  test('a kept time comes back as it was, on the nights the clocks change as on any other', () => {
    // 02:30 on 29 March 2026 does not exist in Europe/Berlin, 02:30 on 25 October happens twice:
    // the field holds them as typed; the instant is chosen once, when the time is sent.
    for (const text of ['2026-11-28T09:00', '2026-03-29T02:30', '2026-10-25T02:30', '2027-01-01T00:00']) {
      expect(textOfWallTime(wallTimeOf(text))).toBe(text);
    }
  });

  test('stepping the hour across a change of the clocks neither skips nor repeats an hour', () => {
    const night = wallTimeOf('2026-10-25T01:30')!;
    const steps = [1, 2, 3].map((hours) => textOfWallTime(night.add({ hours })));
    expect(steps).toEqual(['2026-10-25T02:30', '2026-10-25T03:30', '2026-10-25T04:30']);
    const spring = wallTimeOf('2026-03-29T01:30')!;
    expect(textOfWallTime(spring.add({ hours: 1 }))).toBe('2026-03-29T02:30');
  });

  test('an empty or impossible text is an empty field, and an empty field is an empty text', () => {
    for (const text of ['', '2026-04-31T10:00', '2026-13-01T10:00', '2026-11-28T24:00', '2026-11-28 09:00', 'soon']) {
      expect(wallTimeOf(text), text).toBeUndefined();
    }
    expect(textOfWallTime(undefined)).toBe('');
    // A date without a time (a field of day granularity) is its midnight.
    expect(textOfWallTime(new CalendarDate(2026, 11, 28))).toBe('2026-11-28T00:00');
  });
});

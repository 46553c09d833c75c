// The batch spacing of the Upload bar: "one every 2 h" keeps to the working hours the user set
// (9 to 18 by default), so nothing is published at 1 AM unless the user turns the hours off.
import { describe, expect, test } from 'vitest';
import { spacedTimes, type BatchSchedule } from '../../renderer/src/lib/batch-schedule';

const base: BatchSchedule = {
  spaced: true,
  everyHours: 2,
  from: '2026-11-28T09:00',
  workingHours: true,
  dayStart: 9,
  dayEnd: 18,
};
const local = (times: Date[]) =>
  times.map(
    (at) => `${at.getDate()} ${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`,
  );

describe('spacedTimes', () => {
  test('one every 2 h from 9 AM stays between 9 and 18, then goes on the next morning', () => {
    expect(local(spacedTimes(7, base))).toEqual([
      '28 09:00',
      '28 11:00',
      '28 13:00',
      '28 15:00',
      '28 17:00',
      '29 09:00',
      '29 11:00',
    ]);
  });

  test('a first time at night moves to the next working morning', () => {
    expect(local(spacedTimes(2, { ...base, from: '2026-11-28T23:30' }))).toEqual(['29 09:00', '29 11:00']);
    expect(local(spacedTimes(1, { ...base, from: '2026-11-28T06:15' }))).toEqual(['28 09:00']);
  });

  test('without working hours, the night is used as asked', () => {
    expect(local(spacedTimes(4, { ...base, from: '2026-11-28T23:00', workingHours: false }))).toEqual([
      '28 23:00',
      '29 01:00',
      '29 03:00',
      '29 05:00',
    ]);
  });

  test('every 0 h gives every draft the same time; nothing for no drafts or no date', () => {
    expect(local(spacedTimes(3, { ...base, everyHours: 0, from: '2026-11-28T10:30' }))).toEqual([
      '28 10:30',
      '28 10:30',
      '28 10:30',
    ]);
    expect(spacedTimes(0, base)).toEqual([]);
    expect(spacedTimes(3, { ...base, from: '' })).toEqual([]);
  });
});

// The window's date and time control (renderer/src/components/date-time-field.svelte) is a group of
// spin buttons, one per part, in the locale's order: a test writes a time into it from the keyboard,
// as a user does, and reads back what it shows.
import { uiTimeoutMs } from '../harness/index';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The control named `name` (its group of segments). */
export function dateTimeField(scope: Locator | Page, name: string): Locator {
  return scope.getByRole('group', { name, exact: true });
}

/** Types a local "YYYY-MM-DDTHH:mm" into the control, part by part, from the keyboard. */
export async function typeDateTime(field: Locator, value: string): Promise<void> {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) throw new Error(`Not a local date and time: ${value}`);
  const [year, month, day, hour, minute] = match.slice(1) as [string, string, string, string, string];
  // The control's chunk loads lazily: its parts are there before the clock's kind is read from them
  // (read too early, a 12-hour clock was taken for a 24-hour one and "13" typed as 3 PM).
  await field.locator('[data-segment="hour"]').waitFor();
  const twelveHours = (await field.locator('[data-segment="dayPeriod"]').count()) > 0;
  const hours = Number(hour);
  const typed: [string, string][] = [
    ['year', year],
    ['month', month],
    ['day', day],
    ['hour', twelveHours ? String(hours % 12 || 12).padStart(2, '0') : hour],
    ['minute', minute],
  ];
  if (twelveHours) typed.push(['dayPeriod', hours < 12 ? 'a' : 'p']);
  const wanted: Record<string, number> = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    // The hour part says its value on the 24-hour clock, whatever it shows.
    hour: hours,
    minute: Number(minute),
    dayPeriod: hours < 12 ? 0 : 12,
  };
  // One part at a time, each confirmed before the next: a part that fills moves the focus on by
  // itself, and a key typed before that move lands would go to the part before.
  for (const [part, keys] of typed) {
    const segment = field.locator(`[data-segment="${part}"]`);
    // Focused again until it holds: a part is not focusable for the moment the field takes to be
    // enabled after its choice (At) is made, longer on a busy machine (vitest's poll gives up after 1 s).
    await expect
      .poll(
        async () => {
          await segment.focus();
          return segment.evaluate((element) => element === document.activeElement);
        },
        { timeout: uiTimeoutMs, interval: 100 },
      )
      .toBe(true);
    await segment.page().keyboard.type(keys);
    // On a 12-hour clock the hour is read on its day period, typed after it: its number is checked now.
    const modulo = part === 'hour' && twelveHours ? 12 : Number.POSITIVE_INFINITY;
    await expect
      .poll(async () => Number(await segment.getAttribute('aria-valuenow')) % modulo, { message: `the ${part} typed` })
      .toBe(wanted[part]! % modulo);
  }
  const hourNow = await field.locator('[data-segment="hour"]').getAttribute('aria-valuenow');
  expect(Number(hourNow), 'the hour with its day period').toBe(hours);
}

/** What the control shows, its parts joined as read ('' for each empty part). */
export async function shownDateTime(field: Locator): Promise<string> {
  return field.evaluate((group) => (group.textContent ?? '').replace(/\s+/g, ' ').trim());
}

/** Whether every part of the control is empty (its AM/PM aside, which always holds one of the two). */
export async function dateTimeIsEmpty(field: Locator): Promise<boolean> {
  return field.evaluate((group) =>
    [...group.querySelectorAll('[role="spinbutton"]:not([data-segment="dayPeriod"])')].every(
      (segment) => segment.getAttribute('aria-valuetext') === 'Empty',
    ),
  );
}

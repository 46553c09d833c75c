// The window's date and time control (renderer/src/components/date-time-field.svelte) is a group of
// spin buttons, one per part, in the locale's order: a test writes a time into it from the keyboard,
// as a user does, and reads back what it shows.
import type { Locator, Page } from 'playwright-core';

/** The control named `name` (its group of segments). */
export function dateTimeField(scope: Locator | Page, name: string): Locator {
  return scope.getByRole('group', { name, exact: true });
}

/** Types a local "YYYY-MM-DDTHH:mm" into the control, part by part, from the keyboard. */
export async function typeDateTime(field: Locator, value: string): Promise<void> {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) throw new Error(`Not a local date and time: ${value}`);
  const [year, month, day, hour, minute] = match.slice(1) as [string, string, string, string, string];
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
  for (const [part, keys] of typed) {
    const segment = field.locator(`[data-segment="${part}"]`);
    await segment.focus();
    await segment.page().keyboard.type(keys);
  }
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

// axe-core on the page as it is now: no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe-core's every rule run on the page, in the page. The window is one frame (asserted here), so
 * axe's own run covers all of it: the default mode of @axe-core/playwright, made for pages with
 * cross-origin frames, opens a blank page for every analysis to merge the frames' results (a
 * renderer started, 0.5 to 0.8 s on these machines) and injects axe's source three times; across the
 * suite's 30-odd analyses that was more than a minute of work for the same rules and results.
 */
export async function axeResults(page: Page): Promise<AxeResults> {
  expect(page.frames(), 'the window is one frame, all of it seen by axe').toHaveLength(1);
  return new AxeBuilder({ page }).setLegacyMode().analyze();
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const result = await axeResults(page);
  const serious = result.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

// Issue 36, findings 4 and 7: every state says why and focus lands on the next thing to do. Signed
// out, the Queue and My shots say what signing in gives and offer it; after signing in focus is on
// Choose files; after Upload all, on the way to the queue; a toast never covers the field being
// worked in (at 800x600 the Undo toast covered Team and Publish); the Queue speaks of the work
// ("Uploading 1 of 3 · …"), counts by state, and keeps the request budget in a disclosure.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test, vi } from 'vitest';
import { dropFiles, expectVisible, launchApp, saveScreenshot, uiTimeoutMs, waitForShell } from './harness/index';
import { photo } from '../images/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { signInAs } from './support/sign-in-as';
import { useSignedInApp } from './support/signed-in-app';
import { attachSystemBrowser } from './support/system-browser';

vi.mock('electron', () => import('./harness/electron-module'));

async function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? null;
  });
}

describe('every state says why', () => {
  test('signed out, the Queue and My shots say what signing in gives; signed in, focus is on Choose files', async () => {
    const launched = await launchApp();
    const browser = await attachSystemBrowser(launched);
    try {
      const { page } = launched;
      await waitForShell(page);
      const nav = page.getByRole('navigation', { name: 'Sections' });
      await nav.getByRole('button', { name: 'Queue' }).click();
      await expectVisible(page.getByTestId('signed-out-why').getByText(/Sign in to see your queue/));
      await expectVisible(page.getByRole('button', { name: 'Use the bundled sandbox' }));
      await expectNoAxeViolations(page);
      await nav.getByRole('button', { name: 'My shots' }).click();
      await expectVisible(page.getByTestId('signed-out-why').getByText(/Sign in to see My shots/));
      await nav.getByRole('button', { name: 'Upload' }).click();
      await signInAs(launched, browser, 'ada', 'Ada Lovelace');
      await expect.poll(() => focusedName(page), { timeout: uiTimeoutMs }).toBe('Choose files…');
    } finally {
      await browser.close();
      await launched.close();
    }
  }, 120_000);

  const app = useSignedInApp();

  test('no toast over the focused field at 800x600; after Upload all focus is on the queue, which speaks of the work', async () => {
    const dir = await app.scratchDir('why');
    const files: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const file = join(dir, `board-${i}.png`);
      await photo(1200, 900).png().toFile(file);
      files.push(file);
    }
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace', {
      env: { SHOTPUT_EXPECTED_PROCESSING_MS: '300' },
    });
    const { page } = launched;
    await page.setViewportSize({ width: 800, height: 600 });
    await dropFiles(page, page.getByTestId('drop-zone'), files);
    await expectVisible(page.getByRole('button', { name: 'Upload all (3)' }));
    const grid = page.getByRole('list', { name: 'Drafts' });
    await grid.getByRole('button', { name: 'Edit board-1.png' }).click();
    const panel = page.getByRole('region', { name: 'Edit board-1.png' });
    for (const field of [panel.getByLabel('Team'), panel.getByRole('radio', { name: 'With the batch' })]) {
      await field.scrollIntoViewIfNeeded();
      await field.focus();
      // A removal from the strip brings the Undo toast; the field being worked in stays clear of it.
      const other = grid.getByRole('button', { name: /^Remove board-[23]\.png$/ }).first();
      await other.evaluate((button: HTMLButtonElement) => button.click());
      await field.focus();
      const toast = page.getByTestId('toast').first();
      await expectVisible(toast);
      await page.waitForTimeout(100);
      const [a, b] = [await field.boundingBox(), await toast.boundingBox()];
      expect(a && b).toBeTruthy();
      const overlap =
        a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
      expect(overlap, `the toast over ${await field.evaluate((element) => element.outerHTML.slice(0, 60))}`).toBe(
        false,
      );
      await toast.getByRole('button', { name: 'Undo' }).click();
    }
    await saveScreenshot(page, 'toast-clear-of-field');
    await panel.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: /^Upload all \(\d\)$/ }).click();
    await expect.poll(() => focusedName(page), { timeout: uiTimeoutMs }).toBe('Open the queue');
    await page.keyboard.press('Enter');
    const summary = page.locator('.queue .summary');
    await expect
      .poll(() => summary.textContent(), { timeout: uiTimeoutMs })
      .toMatch(
        /^(Uploading \d of 3 · (about \d+ min left|less than a minute left|working out the time left)|All 3 (on the service|sent).*)/,
      );
    expect(await page.getByText(/in progress/).count()).toBe(0);
    await expectVisible(page.getByRole('list', { name: 'Jobs by state' }));
    // The budget is folded into a disclosure that says what is left.
    const budget = page.locator('details.budget');
    expect(await budget.evaluate((element: HTMLDetailsElement) => element.open)).toBe(false);
    await budget.locator('summary').click();
    expect(await budget.evaluate((element: HTMLDetailsElement) => element.open)).toBe(true);
    await expect.poll(() => summary.textContent(), { timeout: 90_000 }).toBe('All 3 on the service.');
    await saveScreenshot(page, 'queue-in-words');
    await expectNoAxeViolations(page);
  }, 240_000);
});

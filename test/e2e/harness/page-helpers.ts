// Helpers for tests that drive the app's page. Waits are on what the user would see (roles,
// text), never on fixed sleeps, and are generous: a loaded two-core machine is slow.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { testResultsDir } from './repo-paths';

export const uiTimeoutMs = 30_000;

/** Resolves once the app shell (sidebar and first view) is on screen. */
export async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('app-shell').waitFor({ state: 'visible', timeout: uiTimeoutMs });
}

/** Saves a PNG of the page to test-results/NAME.png and answers with its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(testResultsDir, { recursive: true });
  const path = join(testResultsDir, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  return path;
}

/** Waits until the locator matches one visible element; fails with what was looked for. */
export async function expectVisible(locator: Locator): Promise<void> {
  try {
    await locator.waitFor({ state: 'visible', timeout: uiTimeoutMs });
  } catch (error) {
    throw new Error(`Expected ${locator.toString()} to be visible: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, {
      cause: error,
    });
  }
}

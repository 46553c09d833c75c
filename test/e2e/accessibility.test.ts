// axe-core over the first screen and the Settings view, in the light and the dark theme; then,
// signed in, over every screen.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectVisible, launchApp, uiTimeoutMs, waitForShell, type LaunchedApp } from './harness/index';
import { signInThroughSandbox } from './harness/sandbox-sign-in';
import { axeResults } from './support/axe';

vi.mock('electron', () => import('./harness/electron-module'));

describe('accessibility', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test.each(['light', 'dark'] as const)(
    'the welcome and Settings screens have no axe violations (%s theme)',
    async (colorScheme) => {
      launched = await launchApp({ colorScheme });
      const { page } = launched;
      await waitForShell(page);
      const welcome = await axeResults(page);
      expect(welcome.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      if (colorScheme === 'light') {
        // The check can fail: an unnamed button and a picture without words, planted, are found.
        await page.evaluate(() => {
          const planted = document.createElement('div');
          planted.id = 'planted';
          planted.innerHTML = '<button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
          document.body.append(planted);
        });
        const found = (await axeResults(page)).violations.map((violation) => violation.id);
        expect(found).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
        await page.evaluate(() => document.getElementById('planted')?.remove());
      }

      await page.getByRole('button', { name: 'Settings' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Settings' }));
      const settings = await axeResults(page);
      expect(settings.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    },
    180_000,
  );
});

// Signed in to the bundled sandbox, every screen: Upload, Queue, My shots with the comments panel
// open and the edit dialog, Settings, Popular. The bar: no serious or critical violation.
describe('accessibility, signed in', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  async function seriousViolations(page: Page, where: string): Promise<string[]> {
    const results = await axeResults(page);
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${where}: ${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  }

  test.each(['light', 'dark'] as const)(
    'Upload, Queue, My shots with comments, the shot editor, Settings and Popular (%s theme)',
    async (colorScheme) => {
      launched = await launchApp({ colorScheme });
      const { page } = launched;
      await waitForShell(page);
      await signInThroughSandbox(launched, 'ada');
      const nav = page.getByRole('navigation', { name: 'Sections' });
      const found: string[] = [];

      for (const [tab, heading] of [
        ['Upload', 'Upload'],
        ['Queue', 'Queue'],
        ['Settings', 'Settings'],
      ] as const) {
        await nav.getByRole('button', { name: tab }).click();
        await expectVisible(page.getByRole('heading', { name: heading, level: 1 }));
        found.push(...(await seriousViolations(page, tab)));
      }

      await nav.getByRole('button', { name: 'My shots' }).click();
      await page.getByRole('button', { name: 'Comments on Morning palette' }).click();
      await expectVisible(page.getByTestId('comments-panel').getByTestId('comment').first());
      await expect
        .poll(
          () =>
            page
              .getByTestId('shot-card')
              .locator('img')
              .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
          {
            timeout: uiTimeoutMs,
          },
        )
        .toBe(true);
      found.push(...(await seriousViolations(page, 'My shots with comments')));
      await page.getByRole('button', { name: 'Edit Morning palette' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Edit “Morning palette”' }));
      found.push(...(await seriousViolations(page, 'Shot editor')));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached', timeout: uiTimeoutMs });

      // Popular appears once main has found the application approved.
      await nav.getByRole('button', { name: 'Popular' }).click({ timeout: uiTimeoutMs });
      await expectVisible(page.getByRole('list', { name: 'Popular shots' }));
      found.push(...(await seriousViolations(page, 'Popular')));

      expect(found).toEqual([]);
    },
    240_000,
  );
});

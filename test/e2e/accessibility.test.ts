// axe-core over the first screen and the Settings view, in the light and the dark theme.
import AxeBuilder from '@axe-core/playwright';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectVisible, launchApp, waitForShell, type LaunchedApp } from './harness/index';

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
      const welcome = await new AxeBuilder({ page }).analyze();
      expect(welcome.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

      await page.getByRole('button', { name: 'Settings' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Settings' }));
      const settings = await new AxeBuilder({ page }).analyze();
      expect(settings.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    },
    180_000,
  );
});

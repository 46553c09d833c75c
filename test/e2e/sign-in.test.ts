// Sign-in end to end: the real main process, renderer and preload on the fake Electron, the real
// bundled sandbox, and its real authorize page in a second Chromium tab that plays the system
// browser. The sandbox's redirect to app.shotput://oauth/callback comes back to the app as a
// deep link (second-instance argv, or open-url as on macOS).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectVisible, launchApp, saveScreenshot, uiTimeoutMs, waitForShell, type LaunchedApp } from './harness/index';
import { expectNoAxeViolations } from './support/axe';
import { attachSystemBrowser, type SystemBrowser } from './support/system-browser';

vi.mock('electron', () => import('./harness/electron-module'));

const launchTimeout = 180_000;

describe('sign-in', () => {
  let launched: LaunchedApp | undefined;
  let browser: SystemBrowser | undefined;
  afterEach(async () => {
    await browser?.close();
    await launched?.close();
    launched = undefined;
    browser = undefined;
  });

  test(
    'signs in to the bundled sandbox through its authorize page and the deep link, shows the account, keeps the token encrypted, signs out',
    async () => {
      launched = await launchApp();
      const { page, electron, userDataDir } = launched;
      browser = await attachSystemBrowser(launched);
      await waitForShell(page);
      await expectVisible(page.getByRole('heading', { name: 'Welcome to Shotput' }));
      await saveScreenshot(page, 'sign-in');

      await page.getByRole('button', { name: 'Use the bundled sandbox' }).click();
      // While the browser is open the window says so, and offers to stop waiting.
      await expectVisible(page.getByRole('heading', { name: 'Finish signing in in your browser' }));
      await expectVisible(page.getByRole('button', { name: 'Cancel sign-in' }));
      await expectNoAxeViolations(page);
      const authorize = new URL(browser.opened[0]!);
      expect(authorize.pathname).toBe('/oauth/authorize');
      expect(authorize.searchParams.get('redirect_uri')).toBe('app.shotput://oauth/callback');
      expect(authorize.searchParams.get('scope')).toBe('public upload comment write');

      await browser.authorize({ username: 'ada', decision: 'Allow' });
      const account = page.getByRole('region', { name: 'Account' });
      await expectVisible(account.getByText('Ada Lovelace'));
      await expectVisible(account.getByText('Pro', { exact: true }));
      await expectVisible(account.getByText('Team: Studio'));
      expect(await account.locator('img.avatar').getAttribute('src')).toMatch(/^data:image\/(png|jpeg);base64,/);
      await expectVisible(page.getByRole('heading', { name: 'Upload' }));
      // The deep link came as a second launch's argv; nothing but http(s) went to the browser.
      expect(browser.delivered[0]).toMatch(/^app\.shotput:\/\/oauth\/callback\?code=/);
      expect(electron.shell.openedExternally.every((url) => url.startsWith('http'))).toBe(true);
      // Run from source on Linux there is no .desktop file to register the scheme with (the deb's does).
      expect(electron.app.isDefaultProtocolClient('app.shotput')).toBe(electron.platform !== 'linux');
      expect(electron.app.protocolRegistrations).toEqual([
        { scheme: 'app.shotput', path: expect.any(String), args: [expect.any(String)] },
      ]);

      // The token is sealed with safeStorage inside electron-store: no token or secret in clear.
      const stored = await readFile(join(userDataDir, 'accounts.json'), 'utf8');
      expect(stored).not.toMatch(/accessToken|access_token|Ada Lovelace/);
      const state = await page.evaluate(async () => JSON.stringify(await window.shotput?.auth.state()));
      expect(state).not.toMatch(/token/i);

      await account.getByRole('button', { name: 'Sign out' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Welcome to Shotput' }));
      expect(await readFile(join(userDataDir, 'accounts.json'), 'utf8')).not.toContain('"sandbox"');
      expect(electron.pageErrors).toEqual([]);
    },
    launchTimeout,
  );

  test(
    'says what happened and what to do when access is denied, can be cancelled, and takes the callback through open-url as on macOS',
    async () => {
      launched = await launchApp({ platform: 'darwin' });
      const { page } = launched;
      browser = await attachSystemBrowser(launched);
      await waitForShell(page);

      await page.getByRole('button', { name: 'Use the bundled sandbox' }).click();
      await browser.authorize({ username: 'ben', decision: 'Deny' });
      const alert = page.getByRole('alert').filter({ hasText: 'Sign-in cancelled.' });
      await expectVisible(alert);
      await expectVisible(alert.getByText('You chose not to give Shotput access. Nothing was changed.'));
      await expectVisible(alert.getByText('Sign in again when you are ready.'));

      // Cancel while the browser is open: back to the choices, and the late callback is refused.
      await page.getByRole('button', { name: 'Use the bundled sandbox' }).click();
      await page.getByRole('button', { name: 'Cancel sign-in' }).click();
      await expectVisible(page.getByRole('button', { name: 'Use the bundled sandbox' }));
      await browser.authorize({ username: 'ben', decision: 'Allow' });
      await page.waitForTimeout(500);
      expect(
        await page.evaluate(
          async () => (await window.shotput?.auth.state())?.ok && (await window.shotput?.auth.state()),
        ),
      ).toMatchObject({
        value: { status: 'signed-out' },
      });

      // A sign-in that goes through.
      await page.getByRole('button', { name: 'Use the bundled sandbox' }).click();
      await browser.authorize({ username: 'ben', decision: 'Allow' });
      await expectVisible(page.getByRole('region', { name: 'Account' }).getByText('Ben Okafor'));
    },
    launchTimeout,
  );

  test(
    'offers the real service with client id and secret, and Settings says when Linux keeps sign-ins in basic_text',
    async () => {
      // basic_text is a secret store of Linux only.
      launched = await launchApp({ secretStorage: 'basic_text', platform: 'linux' });
      const { page } = launched;
      browser = await attachSystemBrowser(launched);
      await waitForShell(page);

      await page.getByRole('button', { name: 'Use the real service' }).click();
      await expectVisible(page.getByLabel('Client ID'));
      await expectVisible(page.getByLabel('Client secret'));
      await page.getByRole('button', { name: 'How to register an application' }).click();
      await expect
        .poll(() => browser!.opened, { timeout: uiTimeoutMs })
        .toContain('https://dribbble.com/account/applications/new');

      await page.getByRole('button', { name: 'Use the bundled sandbox' }).click();
      await browser.authorize({ username: 'ada', decision: 'Allow' });
      await expectVisible(page.getByRole('region', { name: 'Account' }).getByText('Ada Lovelace'));
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
      const storage = page.getByTestId('secret-storage');
      await expectVisible(storage.getByText('Your sign-in is not strongly protected on this computer.'));
      await expectVisible(page.getByText('Signed in to Sandbox (on this computer) as'));
      await saveScreenshot(page, 'settings');
      await expectNoAxeViolations(page);
    },
    launchTimeout,
  );
});

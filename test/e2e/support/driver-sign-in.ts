// Signing in to the bundled sandbox on either runtime (harness/app-driver.ts), as a designer does:
// "Use the bundled sandbox" opens the authorize page in the system browser (played by TestBrowser
// here), the designer allows it, and the link back reaches the app the platform's way.
import { expect } from 'vitest';
import { TestBrowser } from '../../auth/browser';
import type { AppDriver } from '../harness/app-driver';
import { expectVisible, uiTimeoutMs } from '../harness/index';

/** Signs `username` (password "sandbox") in from the Welcome screen; resolves when the account shows `name`. */
export async function signInThroughBrowser(driver: AppDriver, username: string, name: string): Promise<void> {
  const { page } = driver;
  await page.getByRole('button', { name: 'Use the bundled sandbox' }).click();
  const authorizeUrl = async () => (await driver.openedExternally()).find((url) => url.includes('/oauth/authorize'));
  await expect.poll(authorizeUrl, { timeout: uiTimeoutMs }).toBeDefined();
  const callback = await new TestBrowser().authorize((await authorizeUrl())!, {
    username,
    password: 'sandbox',
    decision: 'allow',
  });
  await driver.deliverLink(callback);
  await expectVisible(page.getByRole('region', { name: 'Account' }).getByText(name));
}

// The page's CSP lets images in from the bundled sandbox's own address only, and it names that
// address even when the sandbox starts after the page was served (the user switches to it from
// the real service): main serves the page again with the new policy, and the shots' images load.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { contentSecurityPolicyFor } from '../../main/app/content-security-policy';
import { launchApp, uiTimeoutMs, waitForShell, type LaunchedApp } from './harness/index';
import { signInThroughSandbox } from './harness/sandbox-sign-in';

vi.mock('electron', () => import('./harness/electron-module'));

describe('content security policy at run time', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test('no loopback images while no sandbox runs; the sandbox’s exact origin once it starts, with the page served again', async () => {
    launched = await launchApp({
      userDataFiles: { 'session.json': JSON.stringify({ service: 'real', realClientId: null }) },
    });
    const { page, electron } = launched;
    await waitForShell(page);
    const policyOfPage = () =>
      page.evaluate(async () => (await fetch('/index.html')).headers.get('content-security-policy'));
    expect(await policyOfPage()).toBe(contentSecurityPolicyFor(undefined));
    await page.evaluate(() => ((window as unknown as { servedBefore: boolean }).servedBefore = true));

    const { sandboxUrl } = await signInThroughSandbox(launched, 'ada');
    expect(await policyOfPage()).toBe(contentSecurityPolicyFor(sandboxUrl));
    expect(await policyOfPage()).not.toContain('127.0.0.1:*');
    expect(await page.evaluate(() => (window as unknown as { servedBefore?: boolean }).servedBefore)).toBeUndefined();
    // My shots' teasers come from the sandbox's address: they load under the new policy.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'My shots' }).click();
    const teaser = page.getByRole('main').locator(`img[src^="${sandboxUrl}/"]`).first();
    await expect
      .poll(() => teaser.evaluate((image) => (image as HTMLImageElement).naturalWidth).catch(() => 0), {
        timeout: uiTimeoutMs,
      })
      .toBeGreaterThan(0);
    expect(electron.pageErrors.filter((message) => /Content Security Policy/.test(message))).toEqual([]);
  }, 240_000);
});

// The Popular tab: shown for an application the service approved for popular shots (the bundled
// sandbox's own application is), each shot opening in the browser; hidden when it is not approved.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectVisible, launchApp, saveScreenshot, uiTimeoutMs, waitForShell, type LaunchedApp } from './harness/index';
import { signInThroughSandbox } from './harness/sandbox-sign-in';

vi.mock('electron', () => import('./harness/electron-module'));

describe('Popular tab', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test('approved: the tab lists popular shots with their images; a shot opens in the browser', async () => {
    launched = await launchApp();
    const { page, electron } = launched;
    await waitForShell(page);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    expect(await nav.getByRole('button', { name: 'Popular' }).count()).toBe(0);
    const { sandboxUrl } = await signInThroughSandbox(launched, 'ben');

    await nav.getByRole('button', { name: 'Popular' }).click({ timeout: uiTimeoutMs });
    const grid = page.getByRole('list', { name: 'Popular shots' });
    await expectVisible(grid);
    const first = grid.getByRole('listitem').first();
    await expect
      .poll(
        () =>
          grid
            .locator('img')
            .evaluateAll(
              (images) => images.length > 0 && images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
            ),
        {
          timeout: uiTimeoutMs,
        },
      )
      .toBe(true);
    const title = (await first.locator('.title').textContent())?.trim() ?? '';
    await first.getByRole('button').click();
    await expect
      .poll(() => electron.shell.openedExternally.filter((url) => url.startsWith(`${sandboxUrl}/shots/`)).length, {
        timeout: uiTimeoutMs,
      })
      .toBe(1);
    expect(title.length).toBeGreaterThan(0);
    await saveScreenshot(page, 'popular');

    // Opened while the service does not answer: it says the list waits for the service, which the
    // account asks by itself; the list comes when it answers, without a click (as My shots).
    const sandbox = await launched.sandbox();
    const waiting = page.getByTestId('service-wait');
    try {
      await sandbox.control.faults({ reset_rate: 1 });
      await nav.getByRole('button', { name: 'Upload' }).click();
      await nav.getByRole('button', { name: 'Popular' }).click();
      await expectVisible(waiting);
      expect((await waiting.textContent())?.replace(/\s+/g, ' ').trim()).toMatch(
        /^Popular shots show here once the service answers\. Shotput cannot reach it now( \(offline since .+\))?\./,
      );
      await expect.poll(async () => await page.getByTestId('offline-since').count()).toBe(1);
    } finally {
      await sandbox.control.faults({});
    }
    await expectVisible(grid);
    expect(await waiting.count()).toBe(0);
    expect(electron.pageErrors).toEqual([]);
  }, 240_000);

  test('not approved: no Popular tab', async () => {
    launched = await launchApp();
    const { page } = launched;
    await waitForShell(page);
    await signInThroughSandbox(launched, 'ada', {
      beforeAllowing: async (sandbox) => {
        expect(await sandbox.control.applications({ client_id: 'shotput-desktop', approved: false })).toMatchObject({
          approved: false,
        });
      },
    });
    // What main answers the renderer: asked once per account, then remembered.
    const availability = await page.evaluate(() => window.shotput?.popular.availability());
    expect(availability).toEqual({ ok: true, value: { approved: false } });
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await expectVisible(nav.getByRole('button', { name: 'My shots' }));
    expect(await nav.getByRole('button', { name: 'Popular' }).count()).toBe(0);
  }, 240_000);
});

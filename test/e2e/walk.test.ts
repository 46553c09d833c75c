// The walk a designer takes, on either runtime (SHOTPUT_E2E_RUNTIME): here on the Electron double,
// in CI also on the real Electron on macOS, Windows and Linux. Sign in through the bundled
// sandbox's authorize page (the link back delivered the platform's way), choose two images, edit
// one, upload all, see them in My shots, comment on one, open Settings.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { launchDriver, type AppDriver } from './harness/app-driver';
import { expectVisible, waitForShell } from './harness/index';
import { signInThroughBrowser } from './support/driver-sign-in';

vi.mock('electron', () => import('./harness/electron-module'));

describe('the walk', () => {
  let driver: AppDriver | undefined;
  let dir = '';
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  test('sign in, choose images, edit one, upload all, My shots, a comment, Settings', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shotput-walk-'));
    const harbour = join(dir, 'Harbour at dawn.png');
    const orchard = join(dir, 'Orchard.jpg');
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2d6a8f' } })
      .png()
      .toFile(harbour);
    await sharp({ create: { width: 900, height: 700, channels: 3, background: '#8fa23d' } })
      .jpeg()
      .toFile(orchard);
    driver = await launchDriver({ env: { SHOTPUT_EXPECTED_PROCESSING_MS: '300' } });
    const { page } = driver;
    await waitForShell(page);

    // Sign in: the authorize page in "the browser", the link back to the app.
    await signInThroughBrowser(driver, 'ada', 'Ada Lovelace');

    // Two images through the file picker, one of them edited.
    await driver.answerOpenDialog([harbour, orchard]);
    await page.getByRole('button', { name: 'Choose files…' }).click();
    const card = (title: string) => page.getByRole('list', { name: 'Drafts' }).getByRole('article', { name: title });
    await expectVisible(card('Harbour at dawn').getByText(/800×600 PNG/));
    await expectVisible(card('Orchard').getByText(/800×600 JPEG/));
    await card('Orchard').getByRole('button', { name: 'Edit Orchard.jpg' }).click();
    const panel = page.getByRole('region', { name: 'Edit Orchard.jpg' });
    await panel.getByRole('textbox', { name: 'Tags' }).fill('landscape');
    await panel.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await panel.getByRole('radio', { name: 'Now' }).check();
    await panel.getByRole('button', { name: 'Done' }).click();

    // Upload all; both are published.
    await page.getByRole('button', { name: 'Upload all (2)' }).click();
    await page.getByRole('button', { name: 'Open the queue' }).click();
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await expect.poll(() => uploads.getByText(/^(Published|Scheduled)$/).count(), { timeout: 90_000 }).toBe(2);

    // My shots, and a comment on one of them.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'My shots' }).click();
    await page.getByRole('button', { name: 'Comments on Orchard' }).click();
    const comments = page.getByTestId('comments-panel');
    await comments.getByLabel('Write a comment').fill('Shot on the way home.');
    await comments.getByRole('button', { name: 'Post comment' }).click();
    await expectVisible(comments.getByTestId('comment').filter({ hasText: 'Shot on the way home.' }));

    // Settings: the account and the service in use.
    await driver.clickMenu('settings');
    await expectVisible(page.getByRole('heading', { name: 'Settings', level: 1 }));
    await expectVisible(page.getByText('Signed in to Sandbox (on this computer) as'));
  }, 240_000);
});

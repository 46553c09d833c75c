// Watched folders end to end: a folder chosen in Settings (the system folder picker, faked to
// answer a real folder), its defaults, a file saved into it published on the bundled sandbox, the
// same content again skipped and then sent anyway, the tray icon while watching, and off again.
import { copyFile, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test, vi } from 'vitest';
import { expectVisible, saveScreenshot, uiTimeoutMs } from './harness/index';
import { expectNoAxeViolations } from './support/axe';
import { sandboxGet, type SandboxShot } from './support/sign-in-as';
import { useSignedInApp } from './support/signed-in-app';

vi.mock('electron', () => import('./harness/electron-module'));

describe('watched folders', () => {
  const app = useSignedInApp();

  test('a file saved into a watched folder is published with the folder’s defaults; a copy is skipped until sent anyway', async () => {
    const dir = await app.scratchDir('watch');
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace', {
      env: { SHOTPUT_WATCH_STABLE_MS: '200', SHOTPUT_EXPECTED_PROCESSING_MS: '400' },
    });
    const { page, electron } = launched;

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
    electron.dialog.answerOpenDialog([dir]);
    await page.getByRole('button', { name: 'Add a folder…' }).click();
    const folder = page.getByRole('listitem').filter({ hasText: dir });
    await expectVisible(folder.getByText('Watching', { exact: true }));
    expect(electron.dialog.calls.at(-1)?.properties).toContain('openDirectory');
    // The tray icon shows while a folder is watched.
    await expect.poll(() => electron.trays.filter((tray) => !tray.destroyed).length, { timeout: uiTimeoutMs }).toBe(1);

    // The folder's defaults: a tag and the team.
    await folder.getByText('Defaults for shots from this folder').click();
    await folder.getByRole('textbox', { name: 'Tags' }).fill('watched');
    await folder.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await folder.getByLabel('Team').selectOption({ label: 'Studio' });
    await folder.getByRole('button', { name: 'Save defaults' }).click();
    await expectVisible(folder.getByText('Saved. New files in this folder get these defaults.'));
    await expectVisible(folder.getByText('Watching', { exact: true }));

    // An app saves through a partial name and renames when done, as browsers and editors do.
    const partial = join(dir, 'Moodboard.png.part');
    await sharp({ create: { width: 900, height: 700, channels: 3, background: '#5b8def' } })
      .png()
      .toFile(partial);
    await rename(partial, join(dir, 'Moodboard.png'));
    await expect
      .poll(() => folder.getByLabel(/^Counts for/).textContent(), { timeout: 90_000 })
      .toMatch(/1 seen · 1 uploaded · 0 skipped/);

    const shots = await sandboxGet<SandboxShot[]>(launched, 'ada', '/v2/user/shots?per_page=5');
    const moodboard = shots.find((shot) => shot.title === 'Moodboard');
    expect(moodboard).toMatchObject({ tags: ['watched'], team: { id: 4 } });
    expect(moodboard?.published_at).toBeTruthy();

    // The same bytes under another name: skipped, visibly, and sent when asked.
    await copyFile(join(dir, 'Moodboard.png'), join(dir, 'Moodboard copy.png'));
    await expect
      .poll(() => folder.getByLabel(/^Counts for/).textContent(), { timeout: 60_000 })
      .toMatch(/2 seen · 1 uploaded · 1 skipped/);
    await folder.getByText('1 skipped: already uploaded').click();
    await expectVisible(folder.getByText('Moodboard copy.png is already on the service, uploaded from Moodboard.png.'));
    await saveScreenshot(page, 'watch-folder');
    await expectNoAxeViolations(page);
    await folder.getByRole('button', { name: 'Upload Moodboard copy.png anyway' }).click();
    await expect.poll(() => folder.getByLabel(/^Counts for/).textContent(), { timeout: 90_000 }).toMatch(/2 uploaded/);

    // A damaged export (whole to the eye: its end marker is there) is named with why, not only counted.
    const damaged = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#e8590c' } })
      .png()
      .toBuffer();
    damaged.fill(0, 60, damaged.length - 40);
    await writeFile(join(dir, 'Poster final.png'), damaged);
    await expect
      .poll(() => folder.getByLabel(/^Counts for/).textContent(), { timeout: 90_000 })
      .toMatch(/2 uploaded · 1 skipped · 1 failed/);
    await expectVisible(folder.getByText('1 could not be uploaded'));
    await expectVisible(folder.getByRole('listitem').filter({ hasText: /^Poster final\.png: .*damaged/ }));

    // The queue shows where the jobs came from.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Queue' }).click();
    await expectVisible(
      page.getByRole('list', { name: 'Uploads' }).getByText(`Moodboard copy.png · from ${basename(dir)}`),
    );

    // Off: no more watching, no tray icon.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
    await folder.getByLabel('Watch this folder').uncheck();
    await expectVisible(folder.getByText('Off', { exact: true }));
    await expect.poll(() => electron.trays.filter((tray) => !tray.destroyed).length, { timeout: uiTimeoutMs }).toBe(0);
    expect(electron.pageErrors).toEqual([]);
  }, 240_000);
});

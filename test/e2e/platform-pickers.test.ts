// The file pickers on each platform the Electron double plays. Windows and Linux cannot show a
// dialog that picks files and folders at once: asked for both, they show a folder selector, where
// no image can be chosen. So "Choose files…" (and File ▸ Add images…) must ask for files there,
// and folders have a picker of their own; macOS takes both in one dialog. The double returns only
// what the dialog main/app asked for would let the user choose.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { expectVisible, uiTimeoutMs, waitForShell } from './harness/index';
import { PLATFORMS } from './harness/platform-rules';
import { solidPng, useLaunchedApp } from './support/launched-app';
import { signInThroughSandbox } from './harness/sandbox-sign-in';

vi.mock('electron', () => import('./harness/electron-module'));

const png = (path: string, colour: string) => solidPng(path, colour, 640, 480);

describe.each(PLATFORMS)('pickers on %s', (platform) => {
  const app = useLaunchedApp();

  test('Choose files… gives files, Choose a folder… a folder, and so do Add images… and Add a folder… of the menu', async () => {
    const dir = await app.scratchDir(`pickers-${platform}`);
    const first = await png(join(dir, 'first.png'), '#aa3355');
    const second = await png(join(dir, 'second.png'), '#33aa55');
    const album = join(dir, 'album');
    await mkdir(album);
    await png(join(album, 'inside-album.png'), '#3355aa');
    await writeFile(join(dir, 'notes.txt'), 'not an image');
    const launched = await app.launch({ platform });
    const { page, electron } = launched;
    await waitForShell(page);
    await signInThroughSandbox(launched, 'ben');
    const drafts = page.getByRole('list', { name: 'Drafts' }).getByRole('article');
    const mac = platform === 'darwin';

    // The user selects two images, a folder and a text file: what the dialog lets through arrives.
    electron.dialog.answerOpenDialog([first, second, album, join(dir, 'notes.txt')]);
    await page.getByRole('button', { name: 'Choose files…' }).click();
    await expectVisible(page.getByRole('article', { name: 'first' }));
    await expectVisible(page.getByRole('article', { name: 'second' }));
    await expect.poll(() => drafts.count(), { timeout: uiTimeoutMs }).toBe(mac ? 3 : 2);
    expect(electron.dialog.calls.at(-1)).toMatchObject({ selector: mac ? 'files and folders' : 'files', ignored: [] });
    expect(electron.dialog.calls.at(-1)?.properties).toContain('multiSelections');

    // A folder of images through its own picker.
    const more = join(dir, 'more');
    await mkdir(more);
    await png(join(more, 'from-folder.png'), '#aaaa33');
    electron.dialog.answerOpenDialog([more]);
    await page.getByRole('button', { name: 'Choose a folder…' }).click();
    await expectVisible(page.getByRole('article', { name: 'from-folder' }));
    expect(electron.dialog.calls.at(-1)).toMatchObject({ selector: 'folders', returned: [more], ignored: [] });

    // File ▸ Add images… is the same file picker.
    const third = await png(join(dir, 'from-menu.png'), '#55aaaa');
    electron.dialog.answerOpenDialog([third]);
    electron.Menu.click('add-images');
    await expectVisible(page.getByRole('article', { name: 'from-menu' }));
    expect(electron.dialog.calls.at(-1)).toMatchObject({
      selector: mac ? 'files and folders' : 'files',
      returned: [third],
    });

    // File ▸ Add a folder…: the folder to watch, in Settings.
    const watched = join(dir, 'to-watch');
    await mkdir(watched);
    electron.dialog.answerOpenDialog([watched]);
    electron.Menu.click('add-folder');
    await expectVisible(page.getByRole('heading', { name: 'Settings', level: 1 }));
    await expectVisible(page.getByText('to-watch', { exact: true }).first());
    expect(electron.dialog.calls.at(-1)).toMatchObject({
      title: 'Choose a folder to watch',
      selector: 'folders',
      returned: [watched],
      ignored: [],
    });
    expect(electron.pageErrors).toEqual([]);
  }, 240_000);
});

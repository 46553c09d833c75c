// What Shotput does with the desktop around it, on each platform the Electron double plays: files
// opened with Shotput from Finder, Explorer or a file manager (macOS open-file, also before
// ready; the first launch's argv and a second launch's argv elsewhere) become drafts as a drop
// does; sign-in links arrive the platform's way; the link scheme is registered where it can be
// from source; "open at login" exists on macOS and Windows only; the logs folder; the batch's
// progress and notification (none where Linux has no notification server); the tray icon while
// folders are watched, and the way back to a closed window where Linux shows no tray.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { expectVisible, uiTimeoutMs, waitForShell } from './harness/index';
import { PLATFORMS } from './harness/platform-rules';
import { solidPng, useLaunchedApp } from './support/launched-app';
import { repoRoot } from './harness/repo-paths';
import { signInThroughSandbox } from './harness/sandbox-sign-in';

vi.mock('electron', () => import('./harness/electron-module'));

const png = (path: string, colour: string) => solidPng(path, colour, 820, 620);

describe.each(PLATFORMS)('the desktop on %s', (platform) => {
  const mac = platform === 'darwin';
  const app = useLaunchedApp();

  test('files opened from the desktop become drafts, links and login items follow the platform, the batch reports its progress', async () => {
    const dir = await app.scratchDir(`desktop-${platform}`);
    const atLaunch = await png(join(dir, 'opened at launch.png'), '#aa3355');
    const later = await png(join(dir, 'opened later.png'), '#33aa55');
    const note = join(dir, 'note.txt');
    await writeFile(note, 'not an image');
    // Linux here plays a desktop with no notification server.
    const launched = await app.launch({
      platform,
      ...(mac ? { openedAtLaunch: { files: [atLaunch] } } : { args: ['--no-sandbox', atLaunch] }),
      ...(platform === 'linux' ? { desktop: { notifications: false } } : {}),
      env: { SHOTPUT_EXPECTED_PROCESSING_MS: '300' },
    });
    const { page, electron, window, userDataDir } = launched;
    await waitForShell(page);

    // The scheme: macOS from the bundle's Info.plist, Windows with Electron and the app's folder
    // (run from source), Linux only through a packed app's .desktop file.
    expect(electron.app.isDefaultProtocolClient('app.shotput')).toBe(platform !== 'linux');
    if (platform === 'win32') expect(electron.app.protocolRegistrations[0]?.args).toEqual([repoRoot]);

    await signInThroughSandbox(launched, 'ben');
    // The file the app was started with waited for the window, then became a draft.
    await expectVisible(page.getByRole('article', { name: 'opened at launch' }));
    if (mac) expect(electron.app.lastOpenHandled).toBe(true);

    // While running: Open With (macOS) or a second launch with the paths (Windows, Linux).
    electron.app.openFiles([later, note], dir);
    await expectVisible(page.getByRole('article', { name: 'opened later' }));
    await expectVisible(
      page.getByText(
        'note.txt is not an image Shotput can read (PNG, JPEG, GIF, WebP, TIFF, AVIF, SVG, MP4, MOV, WebM, APNG or Lottie).',
      ),
    );
    if (mac) expect(electron.app.lastOpenHandled).toBe(true);

    // The batch: dock or taskbar progress, then a notification where the desktop can show one.
    await page.getByRole('button', { name: 'Upload all (2)' }).click();
    await expectVisible(page.getByText('2 shots added to the queue.'));
    await expect.poll(() => window.progress, { timeout: 90_000 }).toBe(-1);
    expect(window.progressHistory.some((value) => value >= 0)).toBe(true);
    if (platform === 'linux') {
      await page.waitForTimeout(500);
      expect(electron.notifications).toEqual([]);
    } else {
      await expect
        .poll(() => electron.notifications, { timeout: 60_000 })
        .toEqual([{ title: '2 shots uploaded', body: '2 published.' }]);
    }

    // Open at login: a switch on macOS and Windows, a sentence on Linux (Electron has no login items there).
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
    if (platform === 'linux') {
      await expectVisible(page.getByText(/Opening at login is set by your desktop on Linux/));
      expect(electron.app.loginItemCalls).toEqual([]);
    } else {
      await page.getByLabel('Open Shotput when I log in').check();
      await expect.poll(() => electron.app.getLoginItemSettings().openAtLogin, { timeout: uiTimeoutMs }).toBe(true);
    }

    // Show logs: the platform's log folder (macOS ~/Library/Logs/Shotput), the file selected.
    electron.Menu.click('show-logs');
    const logs = mac ? join(userDataDir, 'home', 'Library', 'Logs', 'Shotput') : join(userDataDir, 'logs');
    await expect
      .poll(() => electron.shell.shownInFolder, { timeout: uiTimeoutMs })
      .toEqual([join(logs, 'shotput.log')]);
    // About names the Electron and Chromium it runs on, in a field this platform shows.
    expect(electron.app.aboutPanelText().join('\n')).toMatch(/Electron .+, Chromium .+, Node .+/);
    // The menu was built with the platform's roles only (the double refuses the others).
    expect(electron.Menu.applicationMenu?.items[0]?.label).toBe(mac ? 'Shotput' : '&File');
    expect(electron.pageErrors).toEqual([]);
  }, 240_000);

  test('while a folder is watched the tray leads back to a closed window; with no tray on Linux, starting Shotput again does', async () => {
    const dir = await app.scratchDir(`tray-${platform}`);
    const watched = join(dir, 'watched');
    await mkdir(watched);
    // Linux here plays GNOME as installed: no AppIndicator host, so the tray icon is not shown.
    const launched = await app.launch({ platform, ...(platform === 'linux' ? { desktop: { trayHost: false } } : {}) });
    const { page, electron } = launched;
    await waitForShell(page);
    // Folders are watched for the signed-in account.
    await signInThroughSandbox(launched, 'ben');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
    electron.dialog.answerOpenDialog([watched]);
    await page.getByRole('button', { name: 'Add a folder…' }).click();
    await expect.poll(() => electron.trays.filter((tray) => !tray.destroyed).length, { timeout: uiTimeoutMs }).toBe(1);
    const tray = electron.trays[0]!;
    expect(tray.shown).toBe(platform !== 'linux');

    // The window closes; watching goes on, so the app stays.
    await launched.window.close();
    expect(electron.app.quitRequested).toBe(false);
    if (platform === 'linux') electron.app.launchAgain([]);
    else tray.chooseFromMenu('Open Shotput');
    await expect
      .poll(() => electron.windows.filter((window) => !window.isDestroyed()).length, { timeout: uiTimeoutMs })
      .toBe(1);
    const reopened = electron.windows.find((window) => !window.isDestroyed())!;
    await waitForShell(await reopened.loaded);
    if (platform !== 'linux') {
      // A click on the icon does the same where the platform delivers it (not Linux's AppIndicator).
      expect(() => tray.clickIcon()).not.toThrow();
    }
  }, 240_000);
});

// The application menu, Show logs and the log file end to end: menu items reach the renderer
// through the contract (Settings, Upload all), Help ▸ Show logs and Settings' button open the log
// file's folder, and a log written during a full sign-in (authorize page, code exchange with PKCE)
// and an upload holds none of the secrets that went over the wire.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectVisible, launchApp, saveScreenshot, uiTimeoutMs, waitForShell, type LaunchedApp } from './harness/index';
import { signInThroughSandbox } from './harness/sandbox-sign-in';
import { channelOf, type UpdateView } from '../../common/contract/index';
import { watchSignInSecrets } from '../logging/sign-in-secrets';

vi.mock('electron', () => import('./harness/electron-module'));

const launchTimeout = 240_000;

/** The log file in the platform's log folder (the double answers each platform's). */
async function logText(logsDir: string): Promise<string> {
  return readFile(join(logsDir, 'shotput.log'), 'utf8').catch(() => '');
}

describe('application menu and logs', () => {
  let launched: LaunchedApp | undefined;
  const realFetch = globalThis.fetch;
  afterEach(async () => {
    globalThis.fetch = realFetch;
    await launched?.close();
    launched = undefined;
  });

  test(
    'Settings… and Add a folder… reach the window, About names the version, Show logs opens the log folder',
    async () => {
      launched = await launchApp();
      const { page, electron, userDataDir } = launched;
      await waitForShell(page);
      expect(electron.app.aboutPanelOptions).toMatchObject({
        applicationName: 'Shotput',
        applicationVersion: expect.stringMatching(/^0\.1\.0/),
      });
      expect(electron.app.aboutPanelText().join('\n')).toMatch(/Electron .+, Chromium .+, Node .+/);

      electron.Menu.click('settings');
      await expectVisible(page.getByRole('heading', { name: 'Settings', level: 1 }));
      const updates = page.getByTestId('updates-section');
      await expectVisible(updates.getByTestId('app-version').getByText('Shotput 0.1.0'));
      // Run from source: it says why it does not update itself instead of failing silently.
      await expectVisible(updates.getByTestId('updates-unsupported').getByText(/runs from its source code/));

      await updates.getByRole('button', { name: 'Show logs' }).click();
      electron.Menu.click('show-logs');
      const logFile = join(electron.app.getPath('logs'), 'shotput.log');
      await expect.poll(() => electron.shell.shownInFolder, { timeout: uiTimeoutMs }).toEqual([logFile, logFile]);
      await expect
        .poll(() => logText(electron.app.getPath('logs')), { timeout: uiTimeoutMs })
        .toMatch(/INFO {2}\[main\] Shotput 0\.1\.0 starting/);
      await expectVisible(updates.getByText(logFile));
      await updates.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'settings-updates-and-logs');

      // A downloaded update is offered on every view (main sends this event when the updater is ready).
      const ready: UpdateView = {
        currentVersion: '0.1.0',
        status: 'ready',
        unsupportedReason: null,
        availableVersion: '0.2.0',
        percent: 100,
        lastCheckedAt: Date.now(),
        nextCheckAt: null,
        problem: null,
        restartWhenIdle: false,
      };
      launched.window.webContents.send(channelOf('updates.changed'), ready);
      const banner = page.getByTestId('update-banner');
      await expectVisible(banner.getByText('Shotput 0.2.0 is ready to install.'));
      await expectVisible(updates.getByRole('button', { name: 'Restart to update' }));
      launched.window.webContents.send(channelOf('updates.changed'), { ...ready, restartWhenIdle: true });
      await expectVisible(banner.getByRole('button', { name: 'Restart now anyway' }));
      launched.window.webContents.send(channelOf('updates.changed'), {
        ...ready,
        status: 'unsupported',
        unsupportedReason: 'x',
      });
      await banner.waitFor({ state: 'detached', timeout: uiTimeoutMs });

      // File ▸ Add a folder…: the folder picker, then the folder among the watched ones.
      electron.Menu.click('upload-all'); // signed out: nothing to send, and nothing waits for later
      const folder = join(userDataDir, 'to-watch');
      await mkdir(folder);
      electron.dialog.answerOpenDialog([folder]);
      electron.Menu.click('add-folder');
      await expectVisible(page.getByRole('heading', { name: 'Settings', level: 1 }));
      await expectVisible(page.getByText('to-watch', { exact: true }).first());
      expect(electron.dialog.calls.at(-1)?.title).toBe('Choose a folder to watch');
      await expect
        .poll(() => logText(electron.app.getPath('logs')), { timeout: uiTimeoutMs })
        .toMatch(/INFO {2}\[watch\] watch to-watch: added/);
    },
    launchTimeout,
  );

  test(
    'File ▸ Add images… and Upload all send a draft, and the log of the sign-in and upload holds no secret',
    async () => {
      // Everything sent to the sign-in server, to know which secrets the log must not hold.
      const { secrets, childEnv } = watchSignInSecrets();

      launched = await launchApp({ env: { SHOTPUT_EXPECTED_PROCESSING_MS: '300', ...childEnv } });
      const { page, electron, userDataDir } = launched;
      await waitForShell(page);
      await signInThroughSandbox(launched, 'ben');
      expect([...secrets().keys()].sort()).toEqual(['access_token', 'client_secret', 'code', 'code_verifier']);

      const file = join(userDataDir, 'menu-upload.png');
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7bc0' } })
        .png()
        .toFile(file);
      // File ▸ Add images…: the window asks main's file picker, as its own button does.
      electron.Menu.click('settings');
      await expectVisible(page.getByRole('heading', { name: 'Settings', level: 1 }));
      electron.dialog.answerOpenDialog([file]);
      electron.Menu.click('add-images');
      await expectVisible(page.getByRole('heading', { name: 'Upload', level: 1 }));
      await expectVisible(page.getByRole('button', { name: /Upload all \(1\)/ }));
      const mac = electron.platform === 'darwin';
      expect(electron.dialog.calls.at(-1)).toMatchObject(
        mac
          ? { title: 'Choose images or folders', selector: 'files and folders' }
          : { title: 'Choose images', selector: 'files' },
      );

      electron.Menu.click('upload-all');
      await expect
        .poll(() => logText(electron.app.getPath('logs')), { timeout: 60_000, interval: 250 })
        .toMatch(/\[queue\] job \S+: processing → published \(shot \d+\)/);

      const log = await logText(electron.app.getPath('logs'));
      expect(log).toMatch(/INFO {2}\[main\] menu: upload-all|INFO {2}\[menu\] menu: upload-all/);
      expect(log).toMatch(/\[service\] POST 127\.0\.0\.1:\d+\/oauth\/token 200 in \d+ ms/);
      expect(log).toMatch(/\[service\] POST 127\.0\.0\.1:\d+\/v2\/shots 202 in \d+ ms \(rate limit \d+\/\d+ left\)/);
      expect(log).toMatch(/\[service\] GET 127\.0\.0\.1:\d+\/v2\/user 200/);
      expect(log).toMatch(/\[auth\] signed in to /);
      for (const [name, value] of secrets()) expect(log.includes(value), `the log holds the ${name}`).toBe(false);
      expect(log).not.toMatch(/Bearer (?!\[redacted\])/);
    },
    launchTimeout,
  );
});

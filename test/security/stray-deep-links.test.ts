// Any web page can open app.shotput:// links. One that answers no sign-in the user started is
// written to the log and changes nothing: the window is not brought to the front, whether the link
// comes through open-url (macOS) or a second launch's argv (Windows, Linux). A second launch with
// no link still brings the window forward.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { launchApp, waitForShell, type LaunchedApp } from '../e2e/harness/index';

vi.mock('electron', () => import('../e2e/harness/electron-module'));

async function logText(launched: LaunchedApp): Promise<string> {
  return readFile(join(launched.electron.app.getPath('logs'), 'shotput.log'), 'utf8').catch(() => '');
}

/** What SignIn writes for a link that answers no sign-in it started. */
const STRAY = /Ignored a (shotput link|sign-in callback)/g;

describe('stray app.shotput:// links', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test('through a second launch (Windows, Linux) are logged and do not focus the window; a plain second launch does', async () => {
    launched = await launchApp({ platform: 'linux' });
    const { page, electron, window } = launched;
    await waitForShell(page);
    window.focused = false;

    electron.app.secondInstance([
      '/usr/bin/shotput',
      'app.shotput://oauth/callback?code=stray-code-1234567890&state=not-issued',
    ]);
    electron.app.secondInstance(['/usr/bin/shotput', 'app.shotput://somewhere/else']);
    await expect.poll(async () => (await logText(launched!)).match(STRAY)?.length ?? 0, { timeout: 20_000 }).toBe(2);
    expect(window.focused).toBe(false);
    // The code such a link carried is not written down.
    expect(await logText(launched!)).not.toMatch(/stray-code/);

    electron.app.secondInstance(['/usr/bin/shotput']);
    expect(window.focused).toBe(true);
  }, 180_000);

  test('through open-url (macOS) are logged and do not focus the window', async () => {
    launched = await launchApp({ platform: 'darwin' });
    const { page, electron, window } = launched;
    await waitForShell(page);
    window.focused = false;

    electron.app.openUrl('app.shotput://oauth/callback?code=stray-code-abcdefghij&state=forged');
    electron.app.openUrl('app.shotput://somewhere/else');
    await expect.poll(async () => (await logText(launched!)).match(STRAY)?.length ?? 0, { timeout: 20_000 }).toBe(2);
    expect(window.focused).toBe(false);
    expect(await logText(launched!)).not.toMatch(/stray-code/);
  }, 180_000);
});

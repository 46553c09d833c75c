// Any web page can open app.shotput:// links. One that answers no sign-in the user started is
// written to the log and changes nothing: the window is not brought to the front, whether the link
// comes through open-url (macOS) or a second launch's argv (Windows, Linux). A second launch with
// no link still brings the window forward.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { launchApp, waitForShell, type LaunchedApp } from '../e2e/harness/index';

vi.mock('electron', () => import('../e2e/harness/electron-module'));

async function logText(userDataDir: string): Promise<string> {
  return readFile(join(userDataDir, 'logs', 'shotput.log'), 'utf8').catch(() => '');
}

describe('stray app.shotput:// links', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test('are logged and do not focus the window', async () => {
    launched = await launchApp();
    const { page, electron, window, userDataDir } = launched;
    await waitForShell(page);
    window.focused = false;

    electron.app.openUrl('app.shotput://oauth/callback?code=stray-code-1234567890&state=not-issued');
    electron.app.openUrl('app.shotput://somewhere/else');
    electron.app.secondInstance([
      '/usr/bin/shotput',
      'app.shotput://oauth/callback?code=stray-code-abcdefghij&state=forged',
    ]);
    await expect
      .poll(
        async () => (await logText(userDataDir)).match(/A stray app\.shotput:\/\/ link was ignored/g)?.length ?? 0,
        { timeout: 20_000 },
      )
      .toBe(3);
    expect(window.focused).toBe(false);
    // The codes those links carried are not written down.
    expect(await logText(userDataDir)).not.toMatch(/stray-code/);

    electron.app.secondInstance(['/usr/bin/shotput']);
    expect(window.focused).toBe(true);
  }, 180_000);
});

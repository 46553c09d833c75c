// Opens the app as a user would and checks the first screen: the real renderer, served by the
// real main process code through the app:// protocol, talking to it through the real preload.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectVisible, launchApp, saveScreenshot, waitForShell, type LaunchedApp } from './harness/index';

vi.mock('electron', () => import('./harness/electron-module'));

describe('first screen', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test('shows the shell and the signed-out welcome, and saves a screenshot', async () => {
    launched = await launchApp();
    const { page } = launched;
    await waitForShell(page);

    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const label of ['Upload', 'Queue', 'My shots', 'Settings']) {
      await expectVisible(nav.getByRole('button', { name: label }));
    }
    await expectVisible(page.getByRole('heading', { name: 'Welcome to Shotput' }));
    await expectVisible(page.getByRole('button', { name: 'Use the bundled sandbox' }));
    await expectVisible(page.getByRole('button', { name: 'Use the real service' }));
    // The version comes from main (app.info over IPC), not from the renderer's bundle.
    const { version } = JSON.parse(
      await readFile(join(launched.electron.app.getAppPath(), 'package.json'), 'utf8'),
    ) as { version: string };
    await expectVisible(page.getByText(`Version ${version}`));

    const path = await saveScreenshot(page, 'first-screen');
    expect((await readFile(path)).subarray(1, 4).toString()).toBe('PNG');
    expect(launched.electron.pageErrors).toEqual([]);
  }, 180_000);
});

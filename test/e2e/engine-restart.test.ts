// The engine's process (drafts, images, the queue) killed by the OS in the middle of a batch: main
// starts it again, the window says so in one line and stays usable, and the queue goes on from
// its journal: every file published exactly once, none failed, none sent twice.
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { dropFiles, expectVisible, uiTimeoutMs } from './harness/index';
import { photo } from '../images/fixtures';
import { ENGINE_RESTARTED } from '../../common/engine-words';
import { sandboxGet, type SandboxShot } from './support/sign-in-as';
import { draftsInGrid } from './support/drafts-grid';
import { useSignedInApp } from './support/signed-in-app';
import type { LaunchedApp } from './harness/index';

vi.mock('electron', () => import('./harness/electron-module'));

const COUNT = 12;

function engineProcess(launched: LaunchedApp) {
  const running = launched.electron.utilityProcess.children.filter(
    (child) => child.serviceName === 'Shotput engine' && child.pid !== undefined,
  );
  expect(running).toHaveLength(1);
  return running[0]!;
}

describe('the engine process', () => {
  const app = useSignedInApp();

  test('killed mid-upload, it starts again, the window says so, and every file is published exactly once', async () => {
    const dir = await app.scratchDir('engine-kill');
    const files: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      files.push(join(dir, `board-${i + 1}.png`));
      await photo(900, 700).png().toFile(files[i]!);
    }
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace');
    const { page } = launched;
    const sandbox = await launched.sandbox();
    const hers = async () => (await sandbox.control.state()).users.find((user) => user.username === 'ada')?.shots ?? 0;
    // Her account has shots of its own before the batch: count only what the batch adds.
    const before = await hers();
    const published = async () => (await hers()) - before;

    await dropFiles(page, page.getByTestId('drop-zone'), files);
    await expect.poll(() => draftsInGrid(page), { timeout: uiTimeoutMs }).toBe(COUNT);
    await expectVisible(page.getByRole('button', { name: `Upload all (${COUNT})` }));
    // Each request answered slowly, so the kill lands with some shots sent and others not.
    await sandbox.control.faults({ latency_ms: 400 });
    await page.getByRole('button', { name: `Upload all (${COUNT})` }).click();
    await expectVisible(page.getByText(`${COUNT} shots added to the queue.`));
    await page.getByRole('button', { name: 'Open the queue' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Queue' }));
    await expect.poll(published, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);

    const killedPid = engineProcess(launched).pid!;
    process.kill(killedPid, 'SIGKILL');
    await expectVisible(page.getByTestId('toast').filter({ hasText: ENGINE_RESTARTED }));
    expect(engineProcess(launched).pid).not.toBe(killedPid);
    expect(await published()).toBeLessThan(COUNT);

    await sandbox.control.faults({});
    const boards = async () =>
      (await sandboxGet<SandboxShot[]>(launched, 'ada', '/v2/user/shots?per_page=100'))
        .map((shot) => shot.title)
        .filter((title) => title.startsWith('board-'))
        .sort();
    await expect.poll(boards, { timeout: 120_000 }).toEqual(files.map((_, i) => `board-${i + 1}`).sort());
    // Each once: the service holds as many shots of hers as files were queued, no more.
    expect(await published()).toBe(COUNT);

    // The window follows the new process: the Queue says all of them are on the service, none failed.
    await expectVisible(page.getByText(`All ${COUNT} on the service.`));
    await expect(page.getByText('Failed', { exact: true }).count()).resolves.toBe(0);
  }, 300_000);
});

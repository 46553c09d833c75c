// The engine's process (drafts, images, the queue) killed by the OS in the middle of a batch: main
// starts it again, the window says so in one line and stays usable, and the queue goes on from
// its journal: every file published exactly once, none failed, none sent twice. And the window
// answered while 300 dropped files prepare, however busy the engine is: frozen outright.
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test, vi } from 'vitest';
import { dropFiles, expectVisible, uiTimeoutMs } from './harness/index';
import { photo } from '../images/fixtures';
import { ENGINE_RESTARTED } from '../../common/engine-words';
import { channelOf } from '../../common/contract/index';
import { enginePortChannel, mainRequestNames } from '../../common/window-routes';
import { sandboxGet, type SandboxShot } from './support/sign-in-as';
import { draftsInGrid } from './support/drafts-grid';
import { useSignedInApp } from './support/signed-in-app';
import { engineProcess } from './support/engine-process';

vi.mock('electron', () => import('./harness/electron-module'));

const COUNT = 12;

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
    await expect.poll(published, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(2);

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
    await expect.poll(published, { timeout: 120_000, interval: 250 }).toBeGreaterThanOrEqual(COUNT);
    // Each once (its list read slowly: the service's rate limit is hers too, and the queue's).
    await expect
      .poll(boards, { timeout: 60_000, interval: 1_000 })
      .toEqual(files.map((_, i) => `board-${i + 1}`).sort());
    expect(await published()).toBe(COUNT);

    // The window follows the new process: the Queue says all of them are on the service, none failed.
    await expectVisible(page.getByText(`All ${COUNT} on the service.`));
    await expect(page.getByText('Failed', { exact: true }).count()).resolves.toBe(0);

    // None of the engine's requests passed through main: the window asked main for its port, got
    // a new one unasked after the restart, and sent main only main's own requests.
    const throughMain = new Set(launched.electron.ipcMain.invoked);
    expect([...throughMain].filter((channel) => channel !== enginePortChannel)).toEqual(
      [...throughMain].filter((channel) => mainRequestNames.map(channelOf).includes(channel as never)),
    );
    expect(launched.electron.ipcMain.invoked.filter((channel) => channel === enginePortChannel)).toHaveLength(1);
    expect(throughMain.has(channelOf('drafts.add'))).toBe(false);
  }, 300_000);

  test('while 300 dropped files prepare, main answers the window even with the engine frozen', async () => {
    const dir = await app.scratchDir('engine-busy');
    const files: string[] = [];
    for (let i = 0; i < 300; i++) {
      const file = join(dir, `export-${String(i).padStart(3, '0')}.png`);
      // Flat colour and a mark, as exported boards are: small files (the harness hands the drop's
      // bytes to the page), and 1600x1200 pixels for the engine to decode and prepare.
      const mark = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="200" cy="200" r="${100 + (i % 50) * 2}" fill="white"/></svg>`;
      await sharp({
        create: { width: 1600, height: 1200, channels: 3, background: `hsl(${(i * 37) % 360}, 50%, 45%)` },
      })
        .composite([{ input: Buffer.from(mark), left: 100 + (i % 20) * 50, top: 200 }])
        .png()
        .toFile(file);
      files.push(file);
    }
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace');
    const { page } = launched;
    await dropFiles(page, page.getByTestId('drop-zone'), files);
    await expect.poll(() => draftsInGrid(page), { timeout: uiTimeoutMs }).toBe(300);
    expect(await page.getByRole('button', { name: 'Upload all (300)' }).count()).toBe(0);

    // The engine stops mid-preparation, as a core given to something else would stop it.
    const engine = engineProcess(launched);
    process.kill(engine.pid!, 'SIGSTOP');
    try {
      // Main still answers what it owns, and the window moves between its screens.
      const info = await page.evaluate(() => window.shotput?.app.info());
      expect(info).toMatchObject({ ok: true, value: { name: 'Shotput' } });
      expect(await page.evaluate(() => window.shotput?.settings.get())).toMatchObject({ ok: true });
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Settings', level: 1 }));
      // What the engine answers waits for it: that work is not main's.
      const listed = page.evaluate(() => window.shotput?.drafts.list().then(() => 'answered'));
      const waited = await Promise.race([
        listed,
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 1_000)),
      ]);
      expect(waited).toBe('waiting');
    } finally {
      process.kill(engine.pid!, 'SIGCONT');
    }
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Upload' }).click();
    // Then every draft prepares: as long as 300 images take on a machine shared with other tests.
    await expect
      .poll(() => page.getByRole('button', { name: 'Upload all (300)' }).count(), { timeout: 240_000, interval: 500 })
      .toBe(1);
  }, 300_000);
});

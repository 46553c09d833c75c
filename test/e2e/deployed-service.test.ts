// The desktop app against the bundled sandbox playing the service as deployed
// (SHOTPUT_SANDBOX_PROFILE=deployed): sign-in with a user known by `login`, an upload that meets a
// daily cap of 2 (two published, one waiting with the reason), My shots with a shot deleted
// elsewhere (the card goes, with the reason), and comments said plainly not to be offered.
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  dropFiles,
  expectVisible,
  launchApp,
  saveScreenshot,
  uiTimeoutMs,
  waitForShell,
  type LaunchedApp,
} from './harness/index';
import { sandboxToken, signInThroughSandbox } from './harness/sandbox-sign-in';
import { SandboxApi } from './my-shots-helpers';
import { expectNoAxeViolations } from './support/axe';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';

vi.mock('electron', () => import('./harness/electron-module'));

describe('the desktop app on the service as deployed', () => {
  let launched: LaunchedApp | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test(
    'signs in, uploads up to the daily cap, keeps the rest waiting, shows My shots and says comments are not offered',
    { timeout: 240_000 },
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'shotput-deployed-e2e-'));
      const files = await Promise.all(
        ['#1abc9c', '#e67e22', '#9b59b6'].map(async (colour, i) => {
          const file = join(dir!, `capped-${i + 1}.png`);
          await sharp({ create: { width: 900, height: 700, channels: 3, background: colour } })
            .png()
            .toFile(file);
          return file;
        }),
      );
      launched = await launchApp({
        env: { SHOTPUT_SANDBOX_PROFILE: 'deployed', SHOTPUT_EXPECTED_PROCESSING_MS: '400' },
      });
      const { page } = launched;
      await waitForShell(page);
      const { sandboxUrl } = await signInThroughSandbox(launched, 'ada', {
        beforeAllowing: async (sandbox) => {
          expect(await sandbox.control.profile({ daily_cap: 2 })).toEqual({ profile: 'deployed', daily_cap: 2 });
        },
      });
      const ada = new SandboxApi(sandboxUrl, await sandboxToken(launched, 'ada'));
      const me = await ada.json<Record<string, unknown>>('GET', '/v2/user');
      expect(me).toMatchObject({ login: 'ada', type: 'User' });
      expect(me).not.toHaveProperty('username');
      await expectVisible(page.getByRole('region', { name: 'Account' }).getByText('Ada Lovelace'));

      // Three files, a cap of two: two published, the third waits with the service's reason.
      await dropFiles(page, page.getByTestId('drop-zone'), files);
      await expectVisible(page.getByRole('list', { name: 'Drafts' }).getByRole('article', { name: 'capped-3' }));
      await page.getByRole('button', { name: 'Upload all (3)' }).click();
      await expectVisible(page.getByText('3 shots added to the queue.'));
      await page.getByRole('button', { name: 'Open the queue' }).click();
      const uploads = page.getByRole('list', { name: 'Uploads' });
      await expect.poll(() => uploads.getByText('Published', { exact: true }).count(), { timeout: 90_000 }).toBe(2);
      const banner = page.locator('.daily-cap');
      await expectVisible(banner.getByText('Daily upload limit reached: 1 file waits.'));
      await expectVisible(banner.getByText(/Shotput sends the rest after/));
      await expectVisible(uploads.getByText('Waiting for the daily limit'));
      await expectVisible(uploads.getByText(/reached the daily limit of 2 shots/));
      await saveScreenshot(page, 'queue-daily-cap');
      await expectNoAxeViolations(page);
      expect((await (await launched.sandbox()).control.state()).daily_cap_refusals).toBe(1);

      // My shots: a shot deleted elsewhere leaves the grid with the reason when it is deleted here.
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'My shots' }).click();
      await expectVisible(page.getByRole('button', { name: 'Comments on capped-1' }));
      // The deployed service sends each shot's counts (not in the spec): the card shows them.
      const capped2 = page.getByTestId('shot-card').filter({ hasText: 'capped-2' });
      await expectVisible(capped2.getByRole('img', { name: '0 views, 0 likes, 0 comments' }));
      const listed = await ada.json<{ id: number; title: string }[]>('GET', '/v2/user/shots');
      const doomed = listed.find((shot) => shot.title === 'capped-1')!;
      expect((await ada.request('DELETE', `/v2/shots/${doomed.id}`)).status).toBe(204);
      await page.getByRole('button', { name: 'Delete capped-1' }).click();
      await page.getByRole('button', { name: 'Delete shot' }).click();
      await expectVisible(
        page.getByText(
          `“capped-1” was already gone: Shot ${doomed.id} is not among your shots: it does not exist, or it was deleted.`,
        ),
      );
      await expect
        .poll(() => page.getByRole('button', { name: 'Comments on capped-1' }).count(), { timeout: uiTimeoutMs })
        .toBe(0);

      // Comments: one sentence, and the sign-in stays.
      await page.getByRole('button', { name: 'Comments on capped-2' }).click();
      const panel = page.getByTestId('comments-panel');
      await expectVisible(panel.getByText(/This service does not offer comments: its comments API \(v1\) is retired/));
      // Nothing to retry and nothing to write: no "Try again", no composer.
      expect(await panel.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(await panel.getByLabel('Write a comment').count()).toBe(0);
      await expectVisible(page.getByRole('navigation', { name: 'Sections' }).getByText(/Signed in as/));
      await saveScreenshot(page, 'comments-retired');
    },
  );
});

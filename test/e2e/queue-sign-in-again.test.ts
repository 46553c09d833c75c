// Issue 32, "A sign-in the service no longer accepts pauses the queue, it does not fail it": the
// app's token is revoked on the sandbox while uploads are sent and processed. The Queue shows one
// banner, "Sign in again to continue: N uploads wait.", no job fails for it; after signing in again
// every file is published exactly once, the shots left processing confirmed. And after a relaunch
// while held, the uploads still wait and the window says so until the sign-in.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test, vi } from 'vitest';
import { dropFiles, expectVisible, launchApp, saveScreenshot, uiTimeoutMs, waitForShell } from './harness/index';
import type { LaunchedApp } from './harness/index';
import { photo } from '../images/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { sandboxGet, signInAs, type SandboxShot } from './support/sign-in-as';
import { useSignedInApp } from './support/signed-in-app';
import { attachSystemBrowser, type SystemBrowser } from './support/system-browser';

vi.mock('electron', () => import('./harness/electron-module'));

const waitLine = /^Sign in again to continue: (\d+) uploads? waits?\.$/;

async function makeFiles(dir: string, prefix: string, count: number): Promise<string[]> {
  const files: string[] = [];
  for (let i = 1; i <= count; i++) {
    const file = join(dir, `${prefix}-${i}.png`);
    await photo(1200, 900).png().toFile(file);
    files.push(file);
  }
  return files;
}

/** The app's jobs as main lists them: state per job. */
function jobStates(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const listed = await window.shotput!.queue.list();
    return listed.ok ? listed.value.jobs.map((job) => job.state) : [];
  });
}

/** Drops the files, sends them, opens the Queue, and revokes the app's sign-in once the first shot is on the service. */
async function sendThenRevoke(launched: LaunchedApp, files: string[]): Promise<void> {
  const { page } = launched;
  const sandbox = await launched.sandbox();
  // Slow answers: the revocation comes with uploads still to send as well as shots processing. It
  // comes as soon as the first shot exists, seen through the sandbox's control (no request to wait
  // out), so on a quick machine the batch is not all sent before it.
  const adaShots = async () =>
    (await sandbox.control.state()).users.find((user) => user.username === 'ada')?.shots ?? 0;
  const before = await adaShots();
  await sandbox.control.faults({ latency_ms: 700 });
  await dropFiles(page, page.getByTestId('drop-zone'), files);
  await page.getByRole('button', { name: `Upload all (${files.length})` }).click({ timeout: uiTimeoutMs });
  await expectVisible(page.getByText(`${files.length} shots added to the queue.`));
  await page.getByRole('button', { name: 'Open the queue' }).click();
  await expect.poll(adaShots, { timeout: 60_000, interval: 50 }).toBeGreaterThan(before);
  await sandbox.control.revokeToken({ username: 'ada', client_id: 'shotput-desktop' });
  await sandbox.control.faults({});
}

async function ours(launched: LaunchedApp, prefix: string): Promise<SandboxShot[]> {
  return (await sandboxGet<SandboxShot[]>(launched, 'ada', '/v2/user/shots?per_page=100')).filter((shot) =>
    shot.title.startsWith(`${prefix}-`),
  );
}

/** Signs in again from the banner: the sandbox's authorize page opens once more. */
async function signInAgain(launched: LaunchedApp, browser: SystemBrowser): Promise<void> {
  const { page } = launched;
  await page.getByRole('alert').getByRole('button', { name: 'Sign in again' }).click();
  await browser.authorize({ username: 'ada', decision: 'Allow' });
  await expectVisible(page.getByRole('region', { name: 'Account' }).getByText('Ada Lovelace'));
}

async function publishedOnce(launched: LaunchedApp, prefix: string, count: number): Promise<void> {
  await expect.poll(async () => (await ours(launched, prefix)).length, { timeout: 120_000, interval: 500 }).toBe(count);
  const titles = (await ours(launched, prefix)).map((shot) => shot.title).sort();
  expect(titles).toEqual(Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`).sort());
  await expect
    .poll(() => jobStates(launched.page), { timeout: 60_000 })
    .toEqual(Array.from({ length: count }, () => 'published'));
}

describe('a sign-in the service no longer accepts', () => {
  const app = useSignedInApp();

  test('holds the queue with one banner and no failed job; after signing in again every file is published once', async () => {
    const dir = await app.scratchDir('revoked');
    const files = await makeFiles(dir, 'revoked', 5);
    const { launched, browser } = await app.launchSignedIn('ada', 'Ada Lovelace', {
      env: { SHOTPUT_EXPECTED_PROCESSING_MS: '400' },
    });
    const { page } = launched;
    await sendThenRevoke(launched, files);

    const banner = page.getByRole('alert').getByText(waitLine);
    await expect
      .poll(async () => ((await banner.count()) > 0 ? await banner.textContent() : ''), { timeout: 60_000 })
      .toMatch(waitLine);
    expect(await banner.count()).toBe(1);
    // The count is the uploads still to finish, and none failed for the refused sign-in.
    const states = await jobStates(page);
    expect(states).not.toContain('failed');
    const waiting = states.filter((state) => state !== 'published' && state !== 'scheduled').length;
    expect(Number((await banner.textContent())!.match(waitLine)![1])).toBe(waiting);
    expect(waiting).toBeGreaterThan(0);
    // Resuming would only be refused again: the banner's button is the way on.
    expect(await page.getByRole('button', { name: 'Resume all' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'queue-sign-in-again');

    await signInAgain(launched, browser);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Queue' }).click();
    await publishedOnce(launched, 'revoked', files.length);
    expect(await banner.count()).toBe(0);
  }, 360_000);

  test('after a relaunch while held the uploads still wait and the window says how many; signing in sends each once', async () => {
    const dir = await app.scratchDir('reopen');
    const files = await makeFiles(dir, 'reopen', 4);
    const userDataDir = join(dir, 'data');
    await mkdir(userDataDir);
    const env = { SHOTPUT_EXPECTED_PROCESSING_MS: '400' };
    // The OS keyring keeps its key across launches: the relaunch finds the saved sign-in.
    const keyringKey = randomBytes(32);
    const first = await app.launchSignedIn('ada', 'Ada Lovelace', { env, userDataDir, keyringKey });
    await sendThenRevoke(first.launched, files);
    const banner = first.launched.page.getByRole('alert').getByText(waitLine);
    await expect
      .poll(async () => ((await banner.count()) > 0 ? await banner.textContent() : ''), { timeout: 60_000 })
      .toMatch(waitLine);
    const waiting = Number((await banner.textContent())!.match(waitLine)![1]);
    // Said when the count after the relaunch differs: the jobs as the first launch left them.
    const statesBefore = await jobStates(first.launched.page);
    await first.browser.close();
    await first.launched.close();

    const again = await launchApp({ env, userDataDir, keyringKey });
    const browser = await attachSystemBrowser(again);
    try {
      await waitForShell(again.page);
      // The saved sign-in is refused at start: signed out, with the uploads that wait for the account.
      const told = again.page.getByRole('alert').filter({ hasText: 'You were signed out' });
      // Polled on the alert's whole text, so a failure shows what the window said instead.
      const alerts = () => again.page.getByRole('alert').allTextContents();
      await expect
        .poll(alerts, { timeout: uiTimeoutMs, message: `jobs before the relaunch: ${statesBefore.join(', ')}` })
        .toContainEqual(
          expect.stringContaining(
            `Sign in again to continue: ${waiting} upload${waiting === 1 ? ' waits' : 's wait'}.`,
          ),
        );
      expect(await told.count()).toBe(1);
      await expectNoAxeViolations(again.page);
      await signInAs(again, browser, 'ada', 'Ada Lovelace');
      await again.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Queue' }).click();
      await publishedOnce(again, 'reopen', files.length);
    } finally {
      await browser.close();
      await again.close();
    }
  }, 360_000);
});

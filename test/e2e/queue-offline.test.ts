// Issue 32, "Offline is one sentence": the service stops answering mid-batch (the bundled sandbox
// drops every API connection) and the Queue shows one banner within 15 s, "Cannot reach <host>:
// trying again in N s; nothing is lost.", whose countdown stays true, and the jobs say nothing more
// of it; when the service answers again the banner goes, a note says so, and every file is
// published exactly once.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { dropFiles, expectVisible, saveScreenshot, uiTimeoutMs } from './harness/index';
import { photo } from '../images/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { sandboxGet, type SandboxShot } from './support/sign-in-as';
import { useSignedInApp } from './support/signed-in-app';

vi.mock('electron', () => import('./harness/electron-module'));

const FILES = 6;
const banner = /^Cannot reach 127\.0\.0\.1:\d+: trying again (in (\d+) s|now); nothing is lost\.$/;

describe('the service stops answering mid-batch', () => {
  const app = useSignedInApp();

  test('one banner with the next attempt within 15 s, gone when the service is back, every file once', async () => {
    const dir = await app.scratchDir('offline');
    const files: string[] = [];
    for (let i = 1; i <= FILES; i++) {
      const file = join(dir, `outage-${i}.png`);
      await photo(1200, 900).png().toFile(file);
      files.push(file);
    }
    const { launched, sandboxUrl } = await app.launchSignedIn('ada', 'Ada Lovelace', {
      env: { SHOTPUT_EXPECTED_PROCESSING_MS: '400' },
    });
    const { page } = launched;
    const host = new URL(sandboxUrl).host;
    const sandbox = await launched.sandbox();
    // Slow answers, so the outage comes with uploads still to send as well as shots processing.
    await sandbox.control.faults({ latency_ms: 700 });
    await dropFiles(page, page.getByTestId('drop-zone'), files);
    await page.getByRole('button', { name: `Upload all (${FILES})` }).click({ timeout: uiTimeoutMs });
    await expectVisible(page.getByText(`${FILES} shots added to the queue.`));
    await page.getByRole('button', { name: 'Open the queue' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Queue' }));
    // Mid-batch: the first shot is on the service, the rest are not yet.
    const ours = async () =>
      (await sandboxGet<SandboxShot[]>(launched, 'ada', '/v2/user/shots?per_page=100')).filter((shot) =>
        shot.title.startsWith('outage-'),
      );
    await expect.poll(async () => (await ours()).length, { timeout: 60_000, interval: 200 }).toBeGreaterThan(0);

    await sandbox.control.faults({ reset_rate: 1 });
    const lostAt = Date.now();
    const offline = page.getByTestId('offline-banner');
    const said = async () => ((await offline.isVisible()) ? ((await offline.textContent()) ?? '') : '');
    await expect.poll(said, { timeout: 15_000, interval: 100 }).toMatch(banner);
    expect(Date.now() - lostAt).toBeLessThan(15_000);
    expect((await said()).startsWith(`Cannot reach ${host}:`)).toBe(true);
    // One sentence, not one per job or per request.
    const reachLines = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('main p')]
          .filter((p) => (p as HTMLElement).offsetWidth > 1 && /reach/i.test(p.textContent ?? ''))
          .map((p) => p.textContent),
      );
    expect(await reachLines()).toEqual([expect.stringMatching(banner)]);
    // The account says so too, in every tab (the Queue's banner is there only while uploads wait).
    const mark = page.getByTestId('offline-since');
    await expect.poll(async () => (await mark.textContent())?.trim()).toMatch(/^Offline since \d{1,2}:\d{2}/);
    // The picture's tooltip says the same, for the icons-only sidebar where only its dot shows.
    const tooltip = page.getByRole('region', { name: 'Account' }).locator('[title^="Offline since"]');
    expect(await tooltip.getAttribute('title')).toBe((await mark.textContent())?.trim());
    // The countdown stays true: it shows a time to come and counts down to it (or a try under way).
    await expect.poll(said, { timeout: 30_000, interval: 100 }).toMatch(/trying again in \d+ s/);
    const first = Number((await said()).match(banner)![2]);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(90);
    if (first >= 3) {
      await page.waitForTimeout(2_000);
      const later = (await said()).match(banner)!;
      if (later[2] !== undefined) expect(Number(later[2])).toBeLessThan(first);
    }
    await saveScreenshot(page, 'queue-offline');
    await expectNoAxeViolations(page);
    // Down long enough for several attempts to fail: still the one banner.
    await page.waitForTimeout(8_000);
    expect(await said()).toMatch(banner);
    expect(await reachLines()).toEqual([expect.stringMatching(banner)]);

    // The note after the outage lasts seconds: every status the page shows from now on is noted.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statusesSeen: string[] }).statusesSeen = seen;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[role="status"]')) {
          const text = element.textContent?.trim() ?? '';
          if (text !== '' && !seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await sandbox.control.faults({});
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { statusesSeen: string[] }).statusesSeen), {
        timeout: 120_000,
      })
      .toContain(`${host} answers again; the uploads go on.`);
    await expect.poll(said, { timeout: 120_000, interval: 200 }).toBe('');
    await expect.poll(() => mark.count()).toBe(0);
    await expect.poll(async () => (await ours()).length, { timeout: 120_000, interval: 500 }).toBe(FILES);
    const titles = (await ours()).map((shot) => shot.title).sort();
    expect(titles).toEqual(files.map((_, i) => `outage-${i + 1}`).sort());
    // Nothing failed for the outage: every job is published.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const listed = await window.shotput!.queue.list();
            return listed.ok ? listed.value.jobs.map((job) => job.state) : [];
          }),
        { timeout: 60_000 },
      )
      .toEqual(Array.from({ length: FILES }, () => 'published'));
    // The app's log is no flood either: a failed request at most once per 30 s of the outage
    // (however long the outage lasted: on a busy machine the steps above take longer).
    const log = await readFile(join(launched.userDataDir, 'logs', 'shotput.log'), 'utf8');
    const failures = log.split('\n').filter((line) => /\b(GET|POST) \S+ failed after/.test(line));
    expect(failures.length).toBeGreaterThan(0);
    const times = failures.map((line) => Date.parse(line.slice(0, line.indexOf(' '))));
    expect(times.every(Number.isFinite)).toBe(true);
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    expect(
      gaps.filter((gap) => gap < 29_500),
      `gaps between failure lines: ${gaps.join(', ')} ms in\n${failures.join('\n')}`,
    ).toEqual([]);
  }, 360_000);
});

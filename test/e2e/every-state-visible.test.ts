// Every state visible, in the desktop's words: one way to schedule a batch, with what wins shown on
// each card and nights left alone; pasted images titled by the time of the paste; the version once
// in Settings; the account's name whole; Escape closes the comments panel.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { dropFiles, expectVisible, saveScreenshot, uiTimeoutMs } from './harness/index';
import { photo } from '../images/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { dateTimeField, dateTimeIsEmpty, shownDateTime, typeDateTime } from './support/date-time';
import { sandboxGet, type SandboxShot } from './support/sign-in-as';
import { useSignedInApp } from './support/signed-in-app';

vi.mock('electron', () => import('./harness/electron-module'));

const pad = (n: number) => String(n).padStart(2, '0');
const localInput = (at: Date) =>
  `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;

describe('every state visible', () => {
  const app = useSignedInApp();

  test('one schedule for the batch: spacing keeps to working hours, a draft’s own time wins and each card says so', async () => {
    const dir = await app.scratchDir('schedule');
    const files: string[] = [];
    for (const name of ['a-first', 'b-own-time', 'c-second', 'd-third']) {
      files.push(join(dir, `${name}.png`));
      await photo(800, 600).png().toFile(files.at(-1)!);
    }
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace');
    const { page } = launched;
    await page.setViewportSize({ width: 1100, height: 740 });
    await dropFiles(page, page.getByTestId('drop-zone'), files);
    await expectVisible(page.getByRole('button', { name: 'Upload all (4)' }));
    const card = (name: string) => page.getByRole('list', { name: 'Drafts' }).getByRole('article', { name });

    // One draft gets its own time, in its editor: the day after tomorrow at 8 PM.
    const day = new Date();
    day.setDate(day.getDate() + 2);
    const own = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 20, 0);
    await card('b-own-time').getByRole('button', { name: 'Edit b-own-time.png' }).click();
    const panel = page.getByRole('region', { name: 'Edit b-own-time.png' });
    // Finding 7: the Upload all count holds while a new crop is prepared. Every text the button takes
    // is recorded while the crop is made smaller (the window marks the draft as being prepared at
    // once; main prepares it again and says when it is ready).
    await page.evaluate(() => {
      const seen = { counts: [] as string[], states: [] as string[] };
      (window as unknown as { seen: typeof seen }).seen = seen;
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Upload all'))!;
      new MutationObserver(() => seen.counts.push(button.textContent?.trim() ?? '')).observe(button, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      window.shotput?.on('drafts.changed', ({ changed }) => {
        for (const view of changed) seen.states.push(`${view.name}: ${view.state}`);
      });
    });
    await panel.getByRole('application', { name: /Crop area/ }).focus();
    await page.keyboard.press('-');
    const seen = () =>
      page.evaluate(() => (window as unknown as { seen: { counts: string[]; states: string[] } }).seen);
    await expect.poll(async () => (await seen()).states.at(-1), { timeout: uiTimeoutMs }).toBe('b-own-time.png: ready');
    expect((await seen()).counts.filter((text) => text !== 'Upload all (4)')).toEqual([]);
    await expectVisible(page.getByRole('button', { name: 'Upload all (4)' }));
    // Finding 6: one date and time control, in the app's own format. While "With the batch" or "Now"
    // is chosen it is disabled and empty (no time that will not be used); typed from the keyboard.
    const publishAt = dateTimeField(panel, 'Publish date and time');
    for (const choice of ['With the batch', 'Now'] as const) {
      await panel.getByRole('radio', { name: choice, exact: true }).check();
      await expect.poll(() => publishAt.getAttribute('aria-disabled')).toBe('true');
      expect(await dateTimeIsEmpty(publishAt), `empty with "${choice}"`).toBe(true);
    }
    await panel.getByRole('radio', { name: 'At', exact: true }).check();
    await expect.poll(() => publishAt.getAttribute('aria-disabled')).toBe('false');
    await typeDateTime(publishAt, localInput(own));
    // Each part is a spin button: the arrow keys step it (and the time stays whole).
    const minute = publishAt.locator('[data-segment="minute"]');
    await minute.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => minute.getAttribute('aria-valuenow')).toBe('1');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => minute.getAttribute('aria-valuenow')).toBe('0');
    expect(await minute.getAttribute('role')).toBe('spinbutton');
    await expectNoAxeViolations(page);
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreenshot(page, `publish-time-${colorScheme}`);
    }
    // Empty while "Now" is chosen, and the time is back when "At" is chosen again.
    await panel.getByRole('radio', { name: 'Now', exact: true }).check();
    await expect.poll(() => dateTimeIsEmpty(publishAt)).toBe(true);
    await panel.getByRole('radio', { name: 'At', exact: true }).check();
    await expect.poll(() => dateTimeIsEmpty(publishAt)).toBe(false);
    const hour = await page.evaluate(
      (ms) => new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).format(ms),
      own.getTime(),
    );
    expect(await shownDateTime(publishAt)).toContain(String(own.getFullYear()));
    expect(await shownDateTime(publishAt)).toContain(hour.replace(/\s*[AP]M$/, ''));
    await panel.getByRole('button', { name: 'Done' }).click();

    // The batch: one every 2 h from tomorrow at 2 PM, working hours 9 to 6 (the default).
    const first = new Date(day.getFullYear(), day.getMonth(), day.getDate() - 1, 14, 0);
    await page.getByText('Publish now', { exact: true }).click();
    await page.getByRole('radio', { name: 'One every' }).check();
    await page.getByLabel('Hours between shots').fill('2');
    await typeDateTime(dateTimeField(page, 'First publish time'), localInput(first));
    await saveScreenshot(page, 'batch-schedule');
    // The control sets its styles from script (allowed), never as inline styles the CSP refuses.
    expect(launched.electron.pageErrors.filter((message) => /Content Security Policy/.test(message))).toEqual([]);
    expect(await page.getByRole('checkbox', { name: /Only between/ }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByText(/^One every 2 h/).click();

    // The cards say what will happen, in the locale's own format.
    const format = {
      // Formatted by the page's own Intl, in the window's locale.
      format: (at: Date) =>
        page.evaluate(
          (ms) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(ms),
          at.getTime(),
        ),
    };
    const nextMorning = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9, 0);
    await expectVisible(card('a-first').getByText(`Publishes ${await format.format(first)} (spacing)`));
    await expectVisible(
      card('b-own-time').getByText(`Publishes ${await format.format(own)} (its own choice, not the spacing)`),
    );
    await expectVisible(
      card('c-second').getByText(
        `Publishes ${await format.format(new Date(first.getTime() + 2 * 3600_000))} (spacing)`,
      ),
    );
    // 6 PM ends the working day: the third goes to the next morning, not to the night.
    await expectVisible(card('d-third').getByText(`Publishes ${await format.format(nextMorning)} (spacing)`));

    await page.getByRole('button', { name: 'Upload all (4)' }).click();
    await expectVisible(page.getByText('4 shots added to the queue.'));
    await expect
      .poll(
        async () =>
          (await sandboxGet<SandboxShot[]>(launched, 'ada', '/v2/user/shots?per_page=100')).filter((shot) =>
            /^[a-d]-/.test(shot.title),
          ).length,
        { timeout: 90_000 },
      )
      .toBe(4);
    const shots = new Map(
      (await sandboxGet<SandboxShot[]>(launched, 'ada', '/v2/user/shots?per_page=100')).map((shot) => [
        shot.title,
        shot,
      ]),
    );
    expect(Date.parse(shots.get('b-own-time')!.scheduled_for!)).toBe(own.getTime());
    expect(Date.parse(shots.get('a-first')!.scheduled_for!)).toBe(first.getTime());
    expect(Date.parse(shots.get('d-third')!.scheduled_for!)).toBe(nextMorning.getTime());
  }, 240_000);

  test('a pasted image is titled by the time of the paste; the version shows once in Settings; the name is whole; Escape closes the comments', async () => {
    await app.scratchDir('states');
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace');
    const { page } = launched;
    await page.setViewportSize({ width: 1100, height: 740 });

    // Pasted twice, as browsers and screenshot tools name clipboard images ("image.png").
    for (let i = 0; i < 2; i++) {
      await page.evaluate(async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 500;
        canvas.height = 400;
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
        const transfer = new DataTransfer();
        transfer.items.add(new File([blob], 'image.png', { type: 'image/png' }));
        window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer }));
      });
      await page.waitForTimeout(1100);
    }
    const cards = page.getByRole('list', { name: 'Drafts' }).getByRole('article');
    await expect.poll(() => cards.count(), { timeout: uiTimeoutMs }).toBe(2);
    const titles = await cards.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')));
    for (const title of titles) expect(title).toMatch(/^Pasted image \d{4}-\d\d-\d\d at \d\d\.\d\d\.\d\d$/);
    expect(new Set(titles).size).toBe(2);

    // The account's name is never cut, at the default and the large window.
    for (const width of [1100, 1600]) {
      await page.setViewportSize({ width, height: 900 });
      const name = page.getByText('Ada Lovelace', { exact: true });
      expect(
        await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
        `name whole at ${width}`,
      ).toBe(true);
    }

    // Settings names the version once.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
    await expectVisible(page.getByTestId('app-version'));
    expect(await page.getByText(/0\.1\.0/).count()).toBe(1);

    // Escape closes the comments panel.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'My shots' }).click();
    await page.getByRole('button', { name: 'Comments on Morning palette' }).click();
    const comments = page.getByTestId('comments-panel');
    await expectVisible(comments);
    await page.keyboard.press('Escape');
    await expect.poll(() => comments.count()).toBe(0);
  }, 240_000);
  test('a file dropped again is pointed at, not silently ignored', async () => {
    const dir = await app.scratchDir('again');
    const files = [join(dir, 'moodboard.png'), join(dir, 'logo-final.png')];
    for (const file of files) await photo(800, 600).png().toFile(file);
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace');
    const { page } = launched;
    await page.setViewportSize({ width: 1100, height: 740 });
    await dropFiles(page, page.getByTestId('drop-zone'), files);
    const cards = page.getByRole('list', { name: 'Drafts' }).getByRole('article');
    await expect.poll(() => cards.count(), { timeout: uiTimeoutMs }).toBe(2);
    await dropFiles(page, page.getByTestId('drop-zone'), [files[1]!]);
    await expectVisible(
      page.getByTestId('toast').getByText('“logo-final” is already a draft: it is marked in the grid.'),
    );
    expect(await page.getByRole('article', { name: 'logo-final' }).getAttribute('data-pointed')).toBe('true');
    expect(await cards.count()).toBe(2);
    await expectNoAxeViolations(page);
  }, 120_000);

  test('a draft the queue cannot take is held back with the reason on its card, never as "0 shots added" in red', async () => {
    const dir = await app.scratchDir('held');
    const files = [join(dir, 'kept.png'), join(dir, 'moved-away.png')];
    for (const file of files) await photo(800, 600).png().toFile(file);
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace');
    const { page } = launched;
    await page.setViewportSize({ width: 1100, height: 740 });
    await dropFiles(page, page.getByTestId('drop-zone'), files);
    await expectVisible(page.getByRole('button', { name: 'Upload all (2)' }));
    // The file goes away after its draft was made (moved, or on a drive taken out).
    await rm(files[1]!);
    await page.getByRole('button', { name: 'Upload all (2)' }).click();
    // The one not sent is named by its file, with why (the same words as on its card).
    const said = page.getByText(
      /^1 shot added to the queue\. moved-away\.png was not sent: There is no file moved-away\.png in /,
    );
    await expectVisible(said);
    expect(await said.evaluate((element) => element.closest('.problem') === null)).toBe(true);
    await expectVisible(
      page.getByRole('article', { name: 'moved-away' }).getByText(/^There is no file moved-away\.png in /),
    );
    // Only that one is left, the other is on its way.
    await page.getByRole('button', { name: 'Upload all (1)' }).click();
    const none = page.getByText(/^moved-away\.png was not sent: There is no file moved-away\.png in /);
    await expectVisible(none);
    expect(await page.getByText(/0 shots added/).count()).toBe(0);
    expect(await none.evaluate((element) => element.closest('.problem') === null)).toBe(true);
  }, 120_000);
});

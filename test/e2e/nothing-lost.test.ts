// Nothing a designer does is lost: settings typed for several drafts reach every one of them
// without an Apply button, every removal can be undone, removing many asks first, and the editor
// shows its picture and every field at once, beside the draft being edited, at the default window.
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, test, vi } from 'vitest';
import { dropFiles, expectVisible, saveScreenshot, uiTimeoutMs } from './harness/index';
import { photo } from '../images/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { sandboxGet, type SandboxShot } from './support/sign-in-as';
import { draftsInGrid, scrollGridToEnd } from './support/drafts-grid';
import { useSignedInApp } from './support/signed-in-app';

vi.mock('electron', () => import('./harness/electron-module'));

type Box = { x: number; y: number; width: number; height: number };
async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}
const inside = (inner: Box, outer: { width: number; height: number }) =>
  inner.x >= -1 &&
  inner.y >= -1 &&
  inner.x + inner.width <= outer.width + 1 &&
  inner.y + inner.height <= outer.height + 1;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

async function makeFiles(dir: string, count: number): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = join(dir, `board-${i + 1}.png`);
    await photo(1200, 900).png().toFile(file);
    files.push(file);
  }
  return files;
}

describe('nothing lost', () => {
  const app = useSignedInApp();

  test('settings typed for three selected drafts go up with them, with no Apply button to miss', async () => {
    const dir = await app.scratchDir('bulk');
    const files = await makeFiles(dir, 3);
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace');
    const { page } = launched;
    await page.setViewportSize({ width: 1100, height: 740 });
    await dropFiles(page, page.getByTestId('drop-zone'), files);
    const grid = page.getByRole('list', { name: 'Drafts' });
    await expect.poll(() => grid.getByRole('article').count(), { timeout: uiTimeoutMs }).toBe(3);
    await expectVisible(page.getByRole('button', { name: 'Upload all (3)' }));

    await page.getByLabel('Select all').check();
    const bulk = page.getByRole('region', { name: 'Same settings for the 3 selected drafts' });
    await expectVisible(bulk.getByText('Applies to 3 drafts as you type'));
    await bulk.getByRole('textbox', { name: 'Tags' }).fill('poster');
    await bulk.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await bulk.getByLabel('Team').selectOption({ label: 'Studio' });
    await bulk.getByLabel('Description').fill('Posters for the spring show.');
    // Each card says what it got, at once: its team by name and its tag.
    for (let i = 1; i <= 3; i++)
      await expectVisible(grid.getByRole('article', { name: `board-${i}` }).getByText('Studio · #poster'));
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Upload all (3)' }).click();
    await expectVisible(page.getByText('3 shots added to the queue.'));
    await expect
      .poll(
        async () =>
          (await sandboxGet<SandboxShot[]>(launched, 'ada', '/v2/user/shots?per_page=10')).filter((shot) =>
            shot.title.startsWith('board-'),
          ).length,
        { timeout: 60_000 },
      )
      .toBe(3);
    const shots = (await sandboxGet<SandboxShot[]>(launched, 'ada', '/v2/user/shots?per_page=10')).filter((shot) =>
      shot.title.startsWith('board-'),
    );
    for (const shot of shots)
      expect(shot).toMatchObject({
        tags: ['poster'],
        team: { id: 4 },
        description: expect.stringContaining('Posters for the spring show.'),
      });
  }, 240_000);

  test('removing drafts can be undone with their edits; removing many asks first', async () => {
    const dir = await app.scratchDir('undo');
    const files = await makeFiles(dir, 6);
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace');
    const { page } = launched;
    await page.setViewportSize({ width: 1100, height: 740 });
    await dropFiles(page, page.getByTestId('drop-zone'), files);
    const cards = page.getByRole('list', { name: 'Drafts' }).getByRole('article');
    await expect.poll(() => draftsInGrid(page), { timeout: uiTimeoutMs }).toBe(6);
    const first = cards.filter({ has: page.getByRole('button', { name: 'Edit board-1.png' }) });
    await first.getByLabel('Title of board-1.png').fill('Spring poster');

    // One draft: gone at once, back with its title after Undo.
    await first.getByRole('button', { name: 'Remove board-1.png' }).click();
    // Within expect.poll's own second: the grid draws the change at its next frame, which a click's
    // answer does not wait for (read at once, a busy run saw the frame before it).
    await expect.poll(() => draftsInGrid(page)).toBe(5);
    const toast = page.getByTestId('toast').filter({ hasText: 'Removed “Spring poster”.' });
    await expectVisible(toast);
    // The keyboard on the toast holds it (toast-region.svelte): the axe run below may take longer
    // than the toast's own eight seconds on a busy machine, and this test is not about that timer.
    await toast.getByRole('button', { name: 'Undo' }).focus();
    await expectNoAxeViolations(page);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => draftsInGrid(page)).toBe(6);
    expect(await cards.first().getByLabel('Title of board-1.png').inputValue()).toBe('Spring poster');

    // Six at once: a question first; keeping them keeps them.
    await page.getByLabel('Select all').check();
    await page.getByRole('button', { name: 'Remove selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove 6 drafts?' });
    await expectVisible(dialog);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'remove-many-confirm');
    await dialog.getByRole('button', { name: 'Keep them' }).click();
    expect(await draftsInGrid(page)).toBe(6);
    await page.getByRole('button', { name: 'Remove selected' }).click();
    await dialog.getByRole('button', { name: 'Remove 6 drafts' }).click();
    await expect.poll(() => draftsInGrid(page)).toBe(0);
    const many = page.getByTestId('toast').filter({ hasText: 'Removed 6 drafts.' });
    await expectVisible(many);
    // Held by the keyboard first, as above: a click slowed by a busy run outlasted the toast's 8 s.
    await many.getByRole('button', { name: 'Undo' }).focus();
    await many.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => draftsInGrid(page)).toBe(6);
    await expectVisible(page.getByRole('button', { name: 'Upload all (6)' }));

    // A removal left alone becomes final: main forgets the draft, a new window would not list it.
    await page.getByLabel('Select all').uncheck();
    await scrollGridToEnd(page);
    await cards.last().getByRole('button', { name: 'Remove board-6.png' }).click();
    await page.getByTestId('toast').getByRole('button', { name: 'Dismiss' }).click();
    await expect
      .poll(async () =>
        page.evaluate(async () => {
          const listed = await window.shotput!.drafts.list();
          return listed.ok ? listed.value.length : -1;
        }),
      )
      .toBe(5);
  }, 240_000);

  test('the editor shows crop, framing, title, description, tags, team and schedule at once at 1100x740, beside the edited draft, clear of the Upload bar', async () => {
    const dir = await app.scratchDir('editor');
    const files = await makeFiles(dir, 12);
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace');
    const { page } = launched;
    for (const size of [
      { width: 1100, height: 740 },
      { width: 720, height: 520 },
    ]) {
      await page.setViewportSize(size);
      if ((await page.getByRole('list', { name: 'Drafts' }).getByRole('article').count()) === 0) {
        await dropFiles(page, page.getByTestId('drop-zone'), files);
        await expectVisible(page.getByRole('button', { name: 'Upload all (12)' }));
      }
      // The tenth draft: far down the grid, it must still be in view beside the editor.
      const card = page.getByRole('list', { name: 'Drafts' }).getByRole('article', { name: 'board-10' });
      await card.getByRole('button', { name: 'Edit board-10.png' }).click();
      const panel = page.getByRole('region', { name: 'Edit board-10.png' });
      await expectVisible(panel);
      await expectVisible(panel.getByRole('application', { name: /Crop area/ }));
      // The exact result has arrived: the editor is at its full height.
      await expectVisible(panel.getByRole('heading', { name: 'As it will be sent' }));
      const parts = [
        panel.getByRole('application', { name: /Crop area/ }),
        panel.getByRole('group', { name: 'Framing' }),
        panel.getByLabel('Title', { exact: true }),
        panel.getByLabel('Description'),
        panel.getByRole('textbox', { name: 'Tags' }),
        panel.getByLabel('Team'),
        panel.getByRole('group', { name: 'Publish', exact: true }),
      ];
      const bar = await box(page.locator('.send'));
      expect(inside(bar, size), `${size.width}: Upload bar on screen`).toBe(true);
      expect(inside(await box(card), size), `${size.width}: the edited draft in view`).toBe(true);
      expect(overlaps(await box(page.locator('.side')), bar), `${size.width}: the editor clear of the Upload bar`).toBe(
        false,
      );
      if (size.width === 1100) {
        // All at once, without scrolling anything.
        await saveScreenshot(page, 'editor-two-columns');
        for (const part of parts) expect(inside(await box(part), size), `${part.toString()} on screen`).toBe(true);
        expect(
          await page.locator('.side').evaluate((element) => element.scrollHeight <= element.clientHeight + 1),
          'the editor does not scroll',
        ).toBe(true);
      } else {
        // The minimum window: one scroll (the editor's own), the window itself does not scroll.
        const scrolled = await page.evaluate(
          () =>
            [...document.querySelectorAll('*')].filter(
              (element) =>
                element.scrollHeight > element.clientHeight + 1 &&
                ['auto', 'scroll'].includes(getComputedStyle(element).overflowY) &&
                element.closest('.side'),
            ).length,
        );
        expect(scrolled, 'scroll areas inside the editor').toBeLessThanOrEqual(1);
        expect(
          await page.locator('#content').evaluate((element) => element.scrollHeight <= element.clientHeight + 1),
          'the window does not scroll',
        ).toBe(true);
        for (const part of parts) {
          await part.scrollIntoViewIfNeeded();
          expect(inside(await box(part), size), `${part.toString()} reachable`).toBe(true);
        }
      }
      await expectNoAxeViolations(page);
      await panel.getByRole('button', { name: 'Done' }).click();
    }
  }, 240_000);
});

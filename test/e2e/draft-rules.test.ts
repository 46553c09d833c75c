// Bad input is caught where it is typed, and one bad draft stops alone: a 507-character title
// pasted into a card is counted and marked there, Upload all queues the other drafts and names the
// one to fix in plain words (never an internal request). Files dropped again while their removal's
// Undo shows come back with their edits, instead of nothing happening.
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { dropFiles, expectVisible, uiTimeoutMs } from './harness/index';
import { photo } from '../images/fixtures';
import { draftsInGrid } from './support/drafts-grid';
import { sandboxGet, type SandboxShot } from './support/sign-in-as';
import { useSignedInApp } from './support/signed-in-app';

vi.mock('electron', () => import('./harness/electron-module'));

describe('draft rules', () => {
  const app = useSignedInApp();

  test('a 507-character title is counted on its card, and Upload all queues the other drafts and names it', async () => {
    const dir = await app.scratchDir('rules');
    const files = ['one.png', 'two.png', 'three.png'].map((name) => join(dir, name));
    for (const file of files) await photo(1200, 900).png().toFile(file);
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace', {
      env: { SHOTPUT_EXPECTED_PROCESSING_MS: '400' },
    });
    const { page } = launched;
    await dropFiles(page, page.getByTestId('drop-zone'), files);
    await expect.poll(() => draftsInGrid(page), { timeout: uiTimeoutMs }).toBe(3);
    await expectVisible(page.getByRole('button', { name: 'Upload all (3)' }));

    const long = `A poster ${'x'.repeat(498)}`;
    expect(long).toHaveLength(507);
    const field = page.getByLabel('Title of two.png');
    await field.fill(long);
    // Nothing cut off: the whole title stays, marked, with what to do.
    expect(await field.inputValue()).toHaveLength(507);
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const limit = 'The title has 507 characters; a shot’s title has at most 255. Shorten it by 252.';
    await expectVisible(page.getByText(limit));
    // Near the limit, the counter.
    await page.getByLabel('Title of one.png').fill('y'.repeat(250));
    await expectVisible(page.getByText('250 of 255 characters'));
    await page.getByLabel('Title of one.png').fill('One');

    await page.getByRole('button', { name: 'Upload all (3)' }).click();
    await expectVisible(page.getByText(`2 shots added to the queue. two.png was not sent: ${limit}`));
    await expect.poll(() => draftsInGrid(page), { timeout: uiTimeoutMs }).toBe(1);
    expect(await page.getByText(/request|malformed|queue\.enqueue|Invalid length/).count()).toBe(0);

    // Fixed where it was typed, it goes too.
    await field.fill('Two');
    await page.getByRole('button', { name: 'Upload all (1)' }).click();
    await expectVisible(page.getByText('1 shot added to the queue.'));
    await expect
      .poll(
        async () =>
          (await sandboxGet<SandboxShot[]>(launched, 'ada', '/v2/user/shots'))
            .map((shot) => shot.title)
            // ada's earlier shots (the sandbox's seed) aside; the long title never went.
            .filter((name) => ['One', 'Two', 'three'].includes(name) || name.startsWith('A poster'))
            .sort(),
        // Asked every few seconds: the test's reads share the account's per-minute budget with the app.
        { timeout: 120_000, interval: 4000 },
      )
      .toEqual(['One', 'Two', 'three']);
  }, 300_000);

  test('files dropped again while their removal can be undone come back with their edits', async () => {
    const dir = await app.scratchDir('redrop');
    const files = ['left.png', 'right.png'].map((name) => join(dir, name));
    for (const file of files) await photo(1200, 900).png().toFile(file);
    const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace');
    const { page } = launched;
    await dropFiles(page, page.getByTestId('drop-zone'), files);
    await expect.poll(() => draftsInGrid(page), { timeout: uiTimeoutMs }).toBe(2);
    await page.getByLabel('Title of left.png').fill('Left, edited');
    await page.getByRole('button', { name: 'Remove left.png' }).click();
    await expectVisible(page.getByText('Removed “Left, edited”.'));
    await expect.poll(() => draftsInGrid(page)).toBe(1);

    await dropFiles(page, page.getByTestId('drop-zone'), [files[0]!]);
    await expectVisible(page.getByText('left.png was removed a moment ago: it is back, with everything typed for it.'));
    await expect.poll(() => draftsInGrid(page)).toBe(2);
    expect(await page.getByLabel('Title of left.png').inputValue()).toBe('Left, edited');
    // The Undo toast went with it: its time running out no longer forgets the draft.
    await expect.poll(() => page.getByText('Removed “Left, edited”.').count()).toBe(0);
    await page.waitForTimeout(9000);
    expect(await draftsInGrid(page)).toBe(2);
  }, 240_000);
});

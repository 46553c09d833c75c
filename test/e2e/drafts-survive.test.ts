// The workspace is durable, like the queue: twenty drafts edited in the window (titles, tags, a
// description, a crop, a fit on a background, a schedule, low profile, in the order dropped) come
// back with every edit after main is killed mid-session, after a normal quit, and after a sign-out
// and sign-in of the same account, each time on the same data folder.
//
// The kill: main's code runs in this test process (the harness's Electron double), so it cannot be
// SIGKILLed alone. launched.crash() plays the kill instead: Chromium goes, and main's quit path never
// runs (no before-quit, nothing flushed or closed); the relaunch is a fresh copy of main on the same
// folder, so what it finds is only what was on disk when the window went, as after a SIGKILL. The
// test waits the one second the store promises after the last edit, and no longer, before the kill.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { DraftView } from '../../common/contract/index';
import { dropFiles, expectVisible, launchApp, uiTimeoutMs, waitForShell } from './harness/index';
import type { LaunchedApp } from './harness/index';
import { photo } from '../images/fixtures';
import { dateTimeField, typeDateTime } from './support/date-time';
import { draftsInGrid } from './support/drafts-grid';
import { signInAs } from './support/sign-in-as';
import { attachSystemBrowser, type SystemBrowser } from './support/system-browser';

vi.mock('electron', () => import('./harness/electron-module'));

const COUNT = 20;
const name = (i: number) => `board-${String(i).padStart(2, '0')}.png`;
const title = (i: number) => `Spring poster ${i} – café`;

let launched: LaunchedApp | undefined;
let browser: SystemBrowser | undefined;
const folders: string[] = [];
afterEach(async () => {
  await browser?.close();
  await launched?.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function start(userDataDir: string): Promise<Page> {
  launched = await launchApp({ userDataDir });
  browser = await attachSystemBrowser(launched);
  await waitForShell(launched.page);
  // Wide enough for the twenty cards to share the grid's first row: in this harness the grid has
  // been seen to draw only its first row after a drop (reported; not this test's subject).
  await launched.page.setViewportSize({ width: 5200, height: 1000 });
  return launched.page;
}

/** The grid draws only the rows near its view: scrolled from the top until `target` is drawn. */
async function reveal<T extends Locator>(page: Page, target: T): Promise<T> {
  const grid = page.getByRole('list', { name: 'Drafts' });
  await grid.evaluate((element) => element.scrollTo(0, 0));
  for (let step = 0; step < 60 && (await target.count()) === 0; step++) {
    await grid.evaluate((element) => element.scrollBy(0, element.clientHeight / 3));
    await page.waitForTimeout(50);
  }
  return target;
}

/**
 * The relaunch's sign-in: the saved one when the sandbox still takes it, else the same account signs
 * in again (the drafts are that account's). The bundled sandbox dies with a killed main before it
 * saves the tokens it issued, and the harness's safeStorage seals with a key of its launch.
 */
async function signedInAgain(page: Page): Promise<void> {
  const welcome = page.getByRole('button', { name: 'Use the bundled sandbox' });
  await expectVisible(welcome.or(page.getByRole('region', { name: 'Account' }).getByText('Ada Lovelace')));
  if (await welcome.isVisible()) await signInAs(launched!, browser!, 'ada', 'Ada Lovelace');
}

/** What main holds of the drafts, as the window's bridge answers. */
async function mainDrafts(page: Page): Promise<DraftView[]> {
  return page.evaluate(async () => {
    const bridge = window.shotput;
    if (bridge === undefined) return [];
    const answer = await bridge.drafts.list();
    return answer.ok ? answer.value : [];
  });
}

/** Every edit of the session, on every draft, in the order dropped. */
async function expectEveryEdit(page: Page): Promise<void> {
  await expect.poll(() => draftsInGrid(page), { timeout: uiTimeoutMs }).toBe(COUNT);
  const drafts = await mainDrafts(page);
  expect(drafts.map((draft) => draft.name)).toEqual(Array.from({ length: COUNT }, (_, n) => name(n + 1)));
  drafts.forEach((draft, n) => {
    const i = n + 1;
    expect(draft.words?.title).toBe(title(i));
    expect(draft.words?.tags).toEqual(i === 9 ? ['spring', 'risograph'] : ['spring']);
    expect(draft.words?.description).toBe('For the spring show.');
    expect(draft.words?.lowProfile).toBe(i === 11);
    expect(draft.words?.publish).toBe(i === 7 ? 'at' : 'batch');
  });
  expect(drafts[6]!.words?.at).toBe('2031-05-06T10:15');
  expect(drafts[2]!.prepare.crop?.width).toBeLessThan(800);
  expect(drafts[4]!.prepare).toMatchObject({ fit: 'contain', background: '#336699' });
  // The window shows them: the titles on the cards, the crop's result, the fit in its editor.
  const grid = page.getByRole('list', { name: 'Drafts' });
  for (const i of [1, COUNT]) {
    const field = await reveal(page, grid.getByLabel(`Title of ${name(i)}`));
    await expect.poll(() => field.inputValue(), { timeout: uiTimeoutMs }).toBe(title(i));
  }
  await expectVisible(await reveal(page, grid.getByRole('article', { name: title(3) }).getByText(/400×300 PNG/)));
  await (await reveal(page, grid.getByRole('button', { name: `Edit ${name(5)}` }))).click();
  const panel = page.getByRole('region', { name: `Edit ${name(5)}` });
  await expect
    .poll(() => panel.getByRole('radio', { name: 'Fit the whole image' }).isChecked(), { timeout: uiTimeoutMs })
    .toBe(true);
  await expect.poll(() => panel.getByLabel('Background').inputValue(), { timeout: uiTimeoutMs }).toBe('#336699');
  await panel.getByRole('button', { name: 'Done' }).click();
}

describe('drafts survive', () => {
  test('twenty edited drafts come back with every edit after a kill, a quit, and a sign-out and sign-in', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shotput-e2e-drafts-'));
    const userDataDir = await mkdtemp(join(tmpdir(), 'shotput-e2e-data-'));
    folders.push(dir, userDataDir);
    const files: string[] = [];
    for (let i = 1; i <= COUNT; i++) {
      files.push(join(dir, name(i)));
      await photo(1200, 900).png().toFile(files.at(-1)!);
    }

    let page = await start(userDataDir);
    await signInAs(launched!, browser!, 'ada', 'Ada Lovelace');
    await dropFiles(page, page.getByTestId('drop-zone'), files);
    await expect.poll(() => draftsInGrid(page), { timeout: uiTimeoutMs }).toBe(COUNT);
    const grid = page.getByRole('list', { name: 'Drafts' });

    // The same tag and description on all twenty.
    await page.getByLabel('Select all').check();
    const bulk = page.getByRole('region', { name: `Same settings for the ${COUNT} selected drafts` });
    await bulk.getByRole('textbox', { name: 'Tags' }).fill('spring');
    await bulk.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await bulk.getByLabel('Description').fill('For the spring show.');
    await page.getByLabel('Select all').uncheck();
    // Each its own title, typed on its card.
    for (let i = 1; i <= COUNT; i++) await (await reveal(page, grid.getByLabel(`Title of ${name(i)}`))).fill(title(i));

    const edit = async (i: number, change: (panel: ReturnType<Page['getByRole']>) => Promise<void>) => {
      await (await reveal(page, grid.getByRole('button', { name: `Edit ${name(i)}` }))).click();
      const panel = page.getByRole('region', { name: `Edit ${name(i)}` });
      await change(panel);
      await panel.getByRole('button', { name: 'Done' }).click();
    };
    // A crop made smaller from the keyboard, until the result is 400×300.
    await edit(3, async (panel) => {
      const crop = panel.getByRole('application', { name: /Crop area/ });
      await crop.focus();
      for (let i = 0; i < 7; i++) await crop.press('-');
      await expectVisible(panel.getByText(/^400×300 PNG,/));
    });
    // A fit on a background.
    await edit(5, async (panel) => {
      await panel.getByRole('radio', { name: 'Fit the whole image' }).check();
      await panel.getByLabel('Background').fill('#336699');
    });
    // Its own publish time.
    await edit(7, async (panel) => {
      await panel.getByRole('radio', { name: 'At', exact: true }).check();
      await typeDateTime(dateTimeField(panel, 'Publish date and time'), '2031-05-06T10:15');
    });
    await edit(9, async (panel) => {
      await panel.getByRole('textbox', { name: 'Tags' }).fill('risograph');
      await panel.getByRole('textbox', { name: 'Tags' }).press('Enter');
    });
    await edit(11, async (panel) => {
      await panel.getByLabel('Low profile').check();
    });
    // Saved within a second of the last edit, as promised; then main is killed without a quit.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await browser!.close();
    browser = undefined;
    const killed = launched!.electron;
    await launched!.crash();

    page = await start(userDataDir);
    await signedInAgain(page);
    await expectEveryEdit(page);
    // The killed main runs nothing more: its engine's supervisor started no second engine (or
    // sandbox) on this data folder beside the relaunch's, as it did in the double before.
    expect(killed.utilityProcess.children.filter((child) => child.pid !== undefined)).toEqual([]);

    // A normal quit: nothing is asked, and everything is there at the next start.
    await browser!.close();
    browser = undefined;
    await launched!.close();
    page = await start(userDataDir);
    await signedInAgain(page);
    await expectEveryEdit(page);

    // Signed out, the drafts are put away; the same account's sign-in brings them back.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectVisible(page.getByRole('button', { name: 'Use the bundled sandbox' }));
    expect(await mainDrafts(page)).toEqual([]);
    // A new browser tab for the new sign-in, as a user would open.
    await browser!.close();
    browser = await attachSystemBrowser(launched!);
    await signInAs(launched!, browser, 'ada', 'Ada Lovelace');
    await expectEveryEdit(page);
  }, 600_000);
});

// The files designers really have, at the window sizes they really use: a camera photo, a large
// transparent PNG, a small icon, an animated GIF, an SVG, a phone screenshot, a damaged PNG and a
// text file, dropped at once, then walked at the minimum, default and a large window, in light and
// dark. What is checked is layout fact (nothing of a card outside the card, the editor inside the
// window and beside the drafts, the Upload bar at most a sixth of the height), the keyboard path
// (Enter opens the editor, Escape closes it and focus goes back to Edit), and axe in each state.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { dropFiles, expectVisible, launchApp, saveScreenshot, uiTimeoutMs, waitForShell } from './harness/index';
import { photo } from '../images/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { sandboxGet, type SandboxShot } from './support/sign-in-as';
import { useSignedInApp } from './support/signed-in-app';
import { stepLaps } from './support/step-laps';
import { PHONE, makeBatch } from './support/designers-batch';
import {
  box,
  centreContrast,
  controlsOffScreen,
  focusedName,
  inside,
  outsideCards,
  overlaps,
  unevenRows,
  wholeRows,
} from './support/layout-facts';

vi.mock('electron', () => import('./harness/electron-module'));

const SIZES = [
  { name: 'minimum', width: 720, height: 520 },
  { name: 'small', width: 800, height: 600 },
  { name: 'default', width: 1100, height: 740 },
  { name: 'large', width: 1600, height: 1000 },
] as const;
const TAGS = [
  'branding',
  'identity',
  'logo',
  'typography',
  'poster',
  'print',
  'illustration',
  'ui',
  'mobile',
  'web',
  'colour',
  'grid',
];

describe('the realistic batch at three window sizes', () => {
  const app = useSignedInApp();
  // One batch for both themes' walks (each drops it into an app of its own): the 24-megapixel
  // photo alone takes seconds of sharp to make.
  let batchDir: string;
  let batch: string[];
  beforeAll(async () => {
    batchDir = await mkdtemp(join(tmpdir(), 'shotput-e2e-walk-batch-'));
    batch = await makeBatch(batchDir);
  });
  afterAll(() => rm(batchDir, { recursive: true, force: true }));

  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: drop, edit from the keyboard, the layout holds at ${SIZES.map((size) => `${size.width}x${size.height}`).join(', ')}`, async () => {
      const lap = stepLaps(`the ${theme} walk`);
      const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace', {
        colorScheme: theme,
        // The light walk with the motion most designers see (spinners, transitions), the dark one
        // with reduced motion, as every other test.
        reducedMotion: theme === 'light' ? 'no-preference' : 'reduce',
        env: { SHOTPUT_EXPECTED_PROCESSING_MS: '300' },
      });
      const { page, electron } = launched;
      lap('signed in');
      await page.setViewportSize({ width: 1100, height: 740 });
      await dropFiles(page, page.getByTestId('drop-zone'), batch);

      const grid = page.getByRole('list', { name: 'Drafts' });
      const card = (title: string) => grid.getByRole('article', { name: title, exact: true });
      // Eight drafts (the SVG among them); the text file is named with the list of what is read.
      await expect.poll(() => grid.getByRole('article').count(), { timeout: uiTimeoutMs }).toBe(8);
      await expectVisible(
        page.getByText(
          'notes.txt is not an image Shotput can read (PNG, JPEG, GIF, WebP, TIFF, AVIF, SVG, MP4, MOV, WebM, APNG or Lottie).',
        ),
      );
      await expect.poll(() => page.getByText(/being prepared/).count(), { timeout: 120_000 }).toBe(0);
      lap('prepared');
      await expectVisible(card('wave-pattern').getByText(/800×600 PNG/));
      await expectVisible(card('broken-export').locator('.problem'));
      // The sentence about the text file can be dismissed.
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await expect.poll(() => page.getByText(/notes\.txt is not an image/).count()).toBe(0);
      // The phone screenshot keeps its name as its title, says how much the crop drops, and offers Fit.
      const phone = card('Screenshot 2024-05-02 at 09.41.12');
      await expectVisible(phone.getByText('Much cropped'));
      await expectVisible(phone.getByText('The crop keeps 42% of the 1080x1920 image; choose Fit to show all of it.'));
      await phone.getByRole('button', { name: 'Fit instead' }).click();
      await expect.poll(() => phone.getByText('Much cropped').count(), { timeout: uiTimeoutMs }).toBe(0);
      await expectVisible(phone.getByText(/400×300 PNG|800×600 PNG/));

      // Finding 3: a dark logo on a transparent PNG is seen on the service's light page in either theme.
      const logo = card('dark-logo');
      await expectVisible(logo.getByText(/800×600 PNG/));
      const logoContrast = await centreContrast(await logo.locator('.picture').screenshot());
      expect(logoContrast, `${theme}: the dark logo on its card`).toBeGreaterThan(4.5);

      // Finding 1: after a drop the drop zone folds into the line above the drafts (the view is still
      // the place to drop): two whole rows of art at 1100x740, four in the compact density.
      expect(await page.getByTestId('drop-zone').evaluate((zone) => zone.closest('.top') !== null)).toBe(true);
      expect(await wholeRows(grid), `${theme}: whole rows of cards at 1100x740`).toBeGreaterThanOrEqual(2);
      await page.getByRole('checkbox', { name: 'Compact' }).check();
      expect(await wholeRows(grid), `${theme}: whole compact rows at 1100x740`).toBeGreaterThanOrEqual(4);
      await page.getByRole('checkbox', { name: 'Compact' }).uncheck();

      lap('findings 1 and 3');
      for (const size of SIZES) {
        lap(size.name);
        await page.setViewportSize({ width: size.width, height: size.height });
        await grid.evaluate((element) => element.scrollTo(0, 0));
        // The sidebar gives its room to the work under 900 px: icons only, each still named.
        const nav = await box(page.getByRole('navigation', { name: 'Sections' }));
        if (size.width < 900) expect(nav.width, `${size.name}: sidebar as icons`).toBeLessThanOrEqual(64);
        else expect(nav.width, `${size.name}: sidebar with words`).toBeGreaterThan(150);
        expect(await outsideCards(grid.getByRole('article')), `${size.name}: cards`).toEqual([]);
        const bar = await box(page.locator('.send'));
        expect(bar.height, `${size.name}: Upload bar height`).toBeLessThanOrEqual(size.height / 6);
        expect(inside(bar, size), `${size.name}: Upload bar on screen`).toBe(true);

        // Enter on Edit opens the editor and takes the focus there.
        const edit = phone.getByRole('button', { name: `Edit ${PHONE}` });
        await edit.scrollIntoViewIfNeeded();
        await edit.focus();
        await page.keyboard.press('Enter');
        const panel = page.getByRole('region', { name: `Edit ${PHONE}` });
        await expectVisible(panel);
        // The editor's heading, not the Edit button (both are named "Edit …"): the keys are the editor's now.
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('draft-panel-title');
        expect(await focusedName(page)).toBe(`Edit ${PHONE}`);
        await saveScreenshot(page, `walk-${theme}-${size.name}-editor`);
        // The crop area takes the room the window gives: the 800x600 result at its real size in the
        // large window, and the Actual size (1:1) toggle in every window.
        const canvas = await box(panel.locator('.canvas'));
        const least = { minimum: [220, 165], small: [280, 210], default: [360, 270], large: [800, 600] }[size.name];
        expect(canvas.width, `${size.name}: crop area width`).toBeGreaterThanOrEqual(least[0]!);
        expect(canvas.height, `${size.name}: crop area height`).toBeGreaterThanOrEqual(least[1]!);
        await expectVisible(panel.getByRole('button', { name: 'Actual size (1:1)' }));
        // The draft being edited stays in view beside the editor (the grid becomes a strip).
        expect(inside(await box(phone), size), `${size.name}: the edited draft in view`).toBe(true);
        if (size.name === 'default' || size.name === 'large') {
          // The picture, the title and the tags at once, without scrolling.
          for (const part of [
            panel.locator('.stage'),
            panel.getByLabel('Title', { exact: true }),
            panel.getByRole('textbox', { name: 'Tags' }),
          ]) {
            expect(inside(await box(part), size), `${size.name}: ${part.toString()} on screen`).toBe(true);
          }
        }
        const done = await box(panel.getByRole('button', { name: 'Done' }));
        const panelBox = await box(page.locator('.side'));
        expect(inside(done, size), `${size.name}: Done on screen`).toBe(true);
        expect(inside(panelBox, size), `${size.name}: editor inside the window`).toBe(true);
        expect(overlaps(panelBox, await box(grid)), `${size.name}: editor beside the drafts`).toBe(false);
        expect(
          overlaps(panelBox, await box(page.locator('.send'))),
          `${size.name}: editor clear of the Upload bar`,
        ).toBe(false);
        lap(`${size.name} editor checked`);
        // Every control of the editor is reachable inside the window: scrolled into view, it is on
        // screen. Measured in the page, one control after another (a round trip each took a second
        // per size).
        const unreachable = await controlsOffScreen(panel, size);
        expect(unreachable.checked, `${size.name}: the editor's visible controls`).toBeGreaterThan(10);
        expect(unreachable.found, `${size.name}: editor controls off screen once scrolled to`).toEqual([]);
        lap(`${size.name} controls reached`);
        await panel.evaluate((element) => element.parentElement?.scrollTo(0, 0));
        expect(await outsideCards(grid.getByRole('article')), `${size.name}: cards beside the editor`).toEqual([]);
        await expectNoAxeViolations(page);
        lap(`${size.name} axe`);

        // Escape closes it; focus is back on the Edit button that opened it.
        await page.keyboard.press('Escape');
        await expect.poll(() => panel.count()).toBe(0);
        await expect.poll(() => focusedName(page)).toBe(`Edit ${PHONE}`);
        await saveScreenshot(page, `walk-${theme}-${size.name}-drafts`);
      }

      lap('sizes walked');
      // Finding 2: the strip keeps the edited draft in view and marked, also when the window changes
      // while the editor is open; the result can be seen at its real size.
      const edit = card('dark-logo').getByRole('button', { name: 'Edit dark-logo.png' });
      await edit.scrollIntoViewIfNeeded();
      await edit.click();
      const panel = page.getByRole('region', { name: 'Edit dark-logo.png' });
      await expectVisible(panel.getByText(/800×600 PNG/));
      await panel.getByRole('button', { name: 'Actual size (1:1)' }).click();
      const actual = await box(panel.getByRole('img', { name: /at its real size/ }));
      expect([Math.round(actual.width), Math.round(actual.height)]).toEqual([800, 600]);
      expect(inside(actual, { width: 1600, height: 1000 }), 'the 1:1 result whole in the large window').toBe(true);
      // The crop area shows the transparent art on the light page too (in the dark theme as well).
      await panel.getByRole('button', { name: 'Actual size (1:1)' }).click();
      const stageContrast = await centreContrast(await panel.locator('.stage').screenshot());
      expect(stageContrast, `${theme}: the dark logo in the crop area`).toBeGreaterThan(4.5);
      for (const size of [SIZES[0], SIZES[2]]) {
        await page.setViewportSize({ width: size.width, height: size.height });
        const edited = grid.locator('[aria-current="true"]');
        await expect
          .poll(async () => inside(await box(edited), size), {
            timeout: uiTimeoutMs,
            message: `${size.name}: edited in the strip`,
          })
          .toBe(true);
        expect(await edited.getByRole('article').getAttribute('aria-label')).toBe('dark-logo');
      }
      expect(electron.pageErrors).toEqual([]);
    }, 300_000);
  }

  test('a shot with 12 tags in My shots, and a duplicate in the Upload screen with a link and "Upload anyway"', async () => {
    const dir = await app.scratchDir('walk-tags');
    const file = join(dir, PHONE);
    await photo(1080, 1920).png().toFile(file);
    const { launched, browser, sandboxUrl } = await app.launchSignedIn('ada', 'Ada Lovelace', {
      env: { SHOTPUT_EXPECTED_PROCESSING_MS: '300' },
    });
    const { page } = launched;
    await page.setViewportSize({ width: 1100, height: 740 });
    await dropFiles(page, page.getByTestId('drop-zone'), [file]);
    const grid = page.getByRole('list', { name: 'Drafts' });
    const card = grid.getByRole('article', { name: 'Screenshot 2024-05-02 at 09.41.12' });
    await card.getByRole('button', { name: `Edit ${PHONE}` }).click();
    const panel = page.getByRole('region', { name: `Edit ${PHONE}` });
    const tags = panel.getByRole('textbox', { name: 'Tags' });
    for (const tag of TAGS) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    await expectVisible(panel.getByText('12 of 12 tags'));
    await saveScreenshot(page, 'editor-default-size');
    // The card shows what was set in the editor.
    await expectVisible(card.getByText(/#branding #identity/));
    await panel.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Upload all (1)' }).click();
    await expectVisible(page.getByText('1 shot added to the queue.'));

    // The same file again: held back with a way out, and not counted by "Upload all".
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Queue' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Uploads' }).getByText('Published', { exact: true }).count(), {
        timeout: 90_000,
      })
      .toBe(1);
    // Nothing left in progress: nothing to pause.
    expect(await page.getByRole('button', { name: 'Pause all' }).isDisabled()).toBe(true);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Upload' }).click();
    await dropFiles(page, page.getByTestId('drop-zone'), [file]);
    // Marked as it is dropped, before anything is sent: the shot it became, by its title (no internal
    // number), held back from Upload all, in the card's own colours, not as a failure.
    const title = 'Screenshot 2024-05-02 at 09.41.12';
    const already = card.getByText(`Already on the service as “${title}”: Upload anyway makes a second shot.`);
    await expectVisible(already);
    expect(await already.evaluate((element) => element.closest('.problem') === null)).toBe(true);
    expect(await page.getByText(/0 shots added|not sent/).count()).toBe(0);
    expect(await card.getByText(/\bshot \d+/).count()).toBe(0);
    await expectVisible(page.getByRole('button', { name: 'Upload all (0)' }));
    expect(await page.getByRole('button', { name: 'Upload all (0)' }).isDisabled()).toBe(true);
    const [uploaded] = await sandboxGet<SandboxShot[]>(launched, 'ada', '/v2/user/shots?per_page=1');
    await card.getByRole('button', { name: `Open “${title}”` }).click();
    await expect
      .poll(() => browser.opened.some((url) => url.startsWith(`${sandboxUrl}/shots/${uploaded!.id}`)), {
        timeout: uiTimeoutMs,
      })
      .toBe(true);
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: `Upload ${PHONE} anyway` }).click();
    await expectVisible(page.getByText('1 shot added to the queue.'));
    expect(await grid.getByRole('article').count()).toBe(0);

    // My shots: the card with twelve tags keeps its column's width at every size.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'My shots' }).click();
    const shots = page.getByTestId('shot-card');
    await expect.poll(() => shots.count(), { timeout: uiTimeoutMs }).toBeGreaterThan(0);
    const tagged = shots.filter({ hasText: '#grid' }).first();
    await expectVisible(tagged);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await tagged.scrollIntoViewIfNeeded();
      expect(await outsideCards(shots), `${size.name}: shot cards`).toEqual([]);
      const widths = await shots.evaluateAll((elements) =>
        elements.map((element) => Math.round(element.getBoundingClientRect().width)),
      );
      expect(new Set(widths).size, `${size.name}: every card as wide as its column (${widths.join(', ')})`).toBe(1);
      if (size.name === 'default') await saveScreenshot(page, 'my-shots-12-tags');
    }
    await expectNoAxeViolations(page);
    // Finding 7: the cards of a row are the same height, in My shots and in Popular (where the long
    // title of the shot just uploaded comes first), at every size and in both themes.
    const popular = page.getByRole('list', { name: 'Popular shots' }).getByRole('button');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [section, cards] of [
        ['My shots', shots],
        ['Popular', popular],
      ] as const) {
        await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section }).click();
        await expect.poll(() => cards.count(), { timeout: uiTimeoutMs }).toBeGreaterThan(3);
        for (const size of SIZES) {
          await page.setViewportSize({ width: size.width, height: size.height });
          expect(await unevenRows(cards), `${colorScheme}, ${size.name}: ${section}'s rows`).toEqual([]);
        }
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Settings at the minimum window: every choice of the size menu is readable in full.
    await page.setViewportSize({ width: 720, height: 520 });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
    const size = page.locator('#prepare-size');
    await size.scrollIntoViewIfNeeded();
    const cut = await size.evaluate((select: HTMLSelectElement) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(select).font;
      probe.style.whiteSpace = 'nowrap';
      document.body.append(probe);
      // Room for the text: the box minus padding and the arrow (about 1.5em).
      const style = getComputedStyle(select);
      const room =
        select.clientWidth -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        1.5 * parseFloat(style.fontSize);
      const cutOff = [...select.options].filter((option) => {
        probe.textContent = option.text;
        return probe.getBoundingClientRect().width > room;
      });
      probe.remove();
      return cutOff.map((option) => option.text);
    });
    expect(cut).toEqual([]);
    await expectNoAxeViolations(page);
  }, 300_000);

  test('files dropped on the signed-out Welcome screen are kept as drafts, and said so', async () => {
    const dir = await app.scratchDir('walk-welcome');
    const file = join(dir, 'poster.png');
    await photo(800, 600).png().toFile(file);
    const launched = await launchApp();
    try {
      await waitForShell(launched.page);
      await expectVisible(launched.page.getByRole('heading', { name: 'Welcome to Shotput' }));
      await dropFiles(launched.page, launched.page.locator('main'), [file]);
      await expectVisible(
        launched.page.getByRole('alert').getByText('1 draft waits on the Upload screen: sign in to edit and send it.'),
      );
      await expectNoAxeViolations(launched.page);
    } finally {
      await launched.close();
    }
  }, 120_000);
});

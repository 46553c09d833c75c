// Upload end to end, as ada (a pro, member of the team Studio) on the bundled sandbox: three real
// files dropped on the window (one too small, one animated), given tags, a team and a schedule,
// cropped, sent, and followed through the queue to published and scheduled. Then 200 files at once.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test, vi } from 'vitest';
import { dropFiles, expectVisible, saveScreenshot, uiTimeoutMs } from './harness/index';
import { animatedGif } from '../images/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { dateTimeField, typeDateTime } from './support/date-time';
import { sandboxGet, type SandboxShot } from './support/sign-in-as';
import { draftsInGrid, scrollGridToEnd } from './support/drafts-grid';
import { useSignedInApp } from './support/signed-in-app';

vi.mock('electron', () => import('./harness/electron-module'));

const launchTimeout = 240_000;

/** A poster-like picture, large enough for 800×600. */
const sunsetSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200" viewBox="0 0 1600 1200">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b1055"/><stop offset="0.6" stop-color="#d7385e"/><stop offset="1" stop-color="#fbb454"/></linearGradient></defs>
  <rect width="1600" height="1200" fill="url(#sky)"/>
  <circle cx="800" cy="760" r="230" fill="#ffd56b"/>
  <rect y="820" width="1600" height="380" fill="#1b1335"/>
  <text x="800" y="300" font-family="sans-serif" font-size="150" font-weight="700" fill="#fff" text-anchor="middle">SUNSET</text>
</svg>`;

/** An icon far smaller than 400×300: it has to be enlarged. */
const iconSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150" viewBox="0 0 200 150">
  <rect width="200" height="150" fill="#e8f1ff"/>
  <rect x="60" y="30" width="80" height="90" rx="18" fill="#3a7bc0"/>
  <circle cx="100" cy="75" r="22" fill="#fff"/>
</svg>`;

describe('upload', () => {
  const app = useSignedInApp();

  test(
    'three dropped files become drafts with warnings, get tags, a team, a crop and a schedule, and go through the queue to published and scheduled',
    async () => {
      const dir = await app.scratchDir('upload');
      const poster = join(dir, 'sunset-poster.png');
      const icon = join(dir, 'tiny_icon.jpg');
      const spinner = join(dir, 'loading spinner.gif');
      await sharp(Buffer.from(sunsetSvg)).png().toFile(poster);
      await sharp(Buffer.from(iconSvg)).jpeg().toFile(icon);
      await writeFile(spinner, await animatedGif(480, 360, [80, 80, 80, 80]));

      const { launched, browser, sandboxUrl } = await app.launchSignedIn('ada', 'Ada Lovelace', {
        env: { SHOTPUT_EXPECTED_PROCESSING_MS: '400' },
      });
      const { page, electron, window } = launched;
      await expectVisible(page.getByRole('heading', { name: 'Upload' }));

      await dropFiles(page, page.getByTestId('drop-zone'), [poster, icon, spinner]);
      const drafts = page.getByRole('list', { name: 'Drafts' });
      const card = (name: string) => drafts.getByRole('article', { name });
      // Titles are the file names without extension, as written; previews and warnings follow as main makes them.
      await expectVisible(card('sunset-poster'));
      await expectVisible(card('tiny_icon'));
      await expectVisible(card('loading spinner'));
      await expectVisible(card('tiny_icon').getByText('Enlarged'));
      await expectVisible(card('tiny_icon').getByText(/400×300 JPEG/));
      await expectVisible(card('loading spinner').getByText(/GIF · \d+ KB · animated/));
      await expectVisible(card('sunset-poster').getByText(/800×600 PNG/));

      // The same tags, team and publish time for all three.
      await page.getByLabel('Select all').check();
      const bulk = page.getByRole('region', { name: /Same settings for the 3 selected drafts/ });
      for (const tag of ['ui', 'sandbox']) {
        await bulk.getByRole('textbox', { name: 'Tags' }).fill(tag);
        await bulk.getByRole('textbox', { name: 'Tags' }).press('Enter');
      }
      await bulk.getByLabel('Team').selectOption({ label: 'Studio' });
      // One publish time for the batch: Schedule, in the Upload bar (every 0 h: all at once).
      const when = new Date(Date.now() + 2 * 24 * 3600_000);
      const local = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}T10:30`;
      await page.getByText('Publish now', { exact: true }).click();
      await page.getByRole('radio', { name: 'One every' }).check();
      await page.getByLabel('Hours between shots').fill('0');
      await typeDateTime(dateTimeField(page, 'First publish time'), local);
      await page.getByText(/^One every 0 h/).click();
      // Applied as made: the cards already carry it.
      await expectVisible(bulk.getByText('Applies to 3 drafts as you type'));
      await expectVisible(card('sunset-poster').getByText(/Studio · #ui #sandbox/));
      await page.getByLabel('Select all').uncheck();

      // The poster: a crop made smaller from the keyboard until it is under 800 pixels wide → 400×300;
      // and at most 12 tags: the 13th is refused with a message.
      await card('sunset-poster').getByRole('button', { name: 'Edit sunset-poster.png' }).click();
      const panel = page.getByRole('region', { name: 'Edit sunset-poster.png' });
      await expectVisible(panel.getByText(/^800×600 PNG,/));
      const crop = panel.getByRole('application', { name: /Crop area/ });
      await crop.focus();
      for (let i = 0; i < 7; i++) await crop.press('-');
      await expectVisible(panel.getByText(/^400×300 PNG,/));
      const tags = panel.getByRole('textbox', { name: 'Tags' });
      for (let i = 3; i <= 12; i++) {
        await tags.fill(`tag${i}`);
        await tags.press('Enter');
      }
      await expectVisible(panel.getByText('12 of 12 tags'));
      await tags.fill('thirteenth');
      await tags.press('Enter');
      await expectVisible(panel.getByText('A shot has at most 12 tags: remove one to add “thirteenth”.'));
      await tags.fill('');
      await page.locator('#content').evaluate((element) => element.scrollTo(0, 0));
      await panel.evaluate((element) => element.parentElement?.scrollTo(0, 0));
      await saveScreenshot(page, 'upload');
      await expectNoAxeViolations(page);
      await panel.getByRole('button', { name: 'Done' }).click();

      // The icon is published at once instead.
      await card('tiny_icon').getByRole('button', { name: 'Edit tiny_icon.jpg' }).click();
      await page.getByRole('region', { name: 'Edit tiny_icon.jpg' }).getByRole('radio', { name: 'Now' }).check();
      await page.getByRole('region', { name: 'Edit tiny_icon.jpg' }).getByRole('button', { name: 'Done' }).click();

      await page.getByRole('button', { name: 'Upload all (3)' }).click();
      await expectVisible(page.getByText('3 shots added to the queue.'));
      expect(await drafts.count()).toBe(0);

      await page.getByRole('button', { name: 'Open the queue' }).click();
      const uploads = page.getByRole('list', { name: 'Uploads' });
      await expectVisible(page.getByRole('heading', { name: 'Queue' }));
      await expect.poll(() => uploads.getByText('Published', { exact: true }).count(), { timeout: 90_000 }).toBe(1);
      await expect.poll(() => uploads.getByText('Scheduled', { exact: true }).count(), { timeout: 90_000 }).toBe(2);
      await expectVisible(page.getByRole('status', { name: 'Rate limit' }).getByText(/of 60/));
      // Each job shows its picture: the draft's card, the image as it was sent (4:3, as main served it).
      await expect
        .poll(() =>
          uploads.locator('img.thumb').evaluateAll((images) =>
            images.map((image) => {
              const { naturalWidth, naturalHeight, complete } = image as HTMLImageElement;
              return complete && naturalWidth > 0 ? naturalWidth / naturalHeight : 0;
            }),
          ),
        )
        .toEqual([4 / 3, 4 / 3, 4 / 3]);
      await saveScreenshot(page, 'queue');
      await expectNoAxeViolations(page);

      // What the service has: tags, team, schedule, sizes.
      const shots = await sandboxGet<SandboxShot[]>(launched, 'ada', '/v2/user/shots?per_page=10');
      const byTitle = new Map(shots.map((shot) => [shot.title, shot]));
      expect(byTitle.get('tiny_icon')).toMatchObject({ tags: ['ui', 'sandbox'], team: { id: 4 }, width: 400 });
      expect(byTitle.get('tiny_icon')?.published_at).toBeTruthy();
      expect(byTitle.get('sunset-poster')?.tags).toEqual([
        'ui',
        'sandbox',
        ...Array.from({ length: 10 }, (_, i) => `tag${i + 3}`),
      ]);
      expect(byTitle.get('sunset-poster')).toMatchObject({ team: { id: 4 }, width: 400 });
      expect(Date.parse(byTitle.get('sunset-poster')!.scheduled_for!)).toBe(new Date(local).getTime());
      expect(byTitle.get('loading spinner')).toMatchObject({
        animated: true,
        scheduled_for: expect.any(String),
        team: { id: 4 },
      });

      // The dock showed the batch's progress and cleared it; a notification said how it ended.
      expect(window.progressHistory.some((value) => value > 0 && value < 1)).toBe(true);
      expect(window.progress).toBe(-1);
      expect(electron.notifications).toContainEqual({ title: '3 shots uploaded', body: '1 published, 2 scheduled.' });

      // The published shot opens in the system browser.
      await uploads.getByRole('button', { name: 'Open tiny_icon in the browser' }).click();
      const shotUrl = `${sandboxUrl}/shots/${byTitle.get('tiny_icon')!.id}`;
      await expect
        .poll(() => browser.opened.some((url) => url.startsWith(shotUrl)), { timeout: uiTimeoutMs })
        .toBe(true);
      expect(electron.pageErrors).toEqual([]);
    },
    launchTimeout,
  );

  test(
    '200 files dropped at once: every one in the grid, previews fill in, the window keeps answering; no scheduling for ben; picker and paste',
    async () => {
      const dir = await app.scratchDir('many');
      const files: string[] = [];
      for (let i = 0; i < 200; i++) {
        const file = join(dir, `frame-${String(i).padStart(3, '0')}.png`);
        const hue = (i * 37) % 360;
        await sharp({ create: { width: 160, height: 120, channels: 3, background: `hsl(${hue}, 60%, 50%)` } })
          .png()
          .toFile(file);
        files.push(file);
      }
      const { launched } = await app.launchSignedIn('ben', 'Ben Okafor');
      const { page } = launched;

      const drafts = page.getByRole('list', { name: 'Drafts' }).getByRole('article');
      const started = Date.now();
      await dropFiles(page, page.getByTestId('drop-zone'), files);
      await expect.poll(() => draftsInGrid(page), { timeout: 10_000, interval: 25 }).toBe(200);
      const gridMs = Date.now() - started;
      // Printed, not asserted: the bounds on time are held by the volume run (bulk-drop-volume.test.ts),
      // on purpose and on a quiet machine, not by a test that shares two cores with the whole suite.
      console.log(`200 files: every draft in the grid ${gridMs} ms after the drop`);

      // While main makes the previews the window answers at once.
      let slowest = 0;
      const loading = page.getByText(/200 drafts, \d+ being prepared/);
      while ((await loading.count()) > 0) {
        const asked = Date.now();
        await page.evaluate(() => document.querySelectorAll('article').length);
        slowest = Math.max(slowest, Date.now() - asked);
        await page.waitForTimeout(100);
      }
      console.log(`200 files: slowest answer of the window while previews were made ${slowest} ms`);
      // A window that stopped answering, not a speed target (that is the volume run's).
      expect(slowest).toBeLessThan(5000);
      await expectVisible(page.getByRole('button', { name: 'Upload all (200)' }));
      // Every one was enlarged (160x120 to 400x300): the first cards and, scrolled to, the last.
      expect(await drafts.first().getByText('Enlarged').count()).toBe(1);
      await scrollGridToEnd(page);
      await expectVisible(page.getByRole('article', { name: 'frame-199' }).getByText('Enlarged'));
      await page.getByRole('list', { name: 'Drafts' }).evaluate((grid) => grid.scrollTo(0, 0));

      // ben is not pro and on no team: scheduling is offered nowhere, and the window says why.
      // A click just after a scroll reaches the card: pressed on Edit, the grid scrolled a pixel (as a
      // fling settling does), released before the scroll has settled. virtua turns the rows' pointer
      // events off while the list scrolls, and the click went to the grid (CI lost it under load).
      const edit = drafts.first().getByRole('button', { name: 'Edit frame-000.png' });
      await expectVisible(edit);
      const button = (await edit.boundingBox())!;
      await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
      await page.mouse.down();
      await page.getByRole('list', { name: 'Drafts' }).evaluate(
        (grid) =>
          new Promise((resolve) => {
            grid.addEventListener('scroll', () => requestAnimationFrame(resolve), { once: true });
            grid.scrollBy(0, 1);
          }),
      );
      await page.mouse.up();
      const panel = page.getByRole('region', { name: 'Edit frame-000.png' });
      await expectVisible(panel);
      expect(await panel.getByRole('radio', { name: 'At', exact: true }).isDisabled()).toBe(true);
      await expectVisible(
        panel.getByText('Scheduling is for pro accounts, teams and team members; this account publishes at once.'),
      );
      await page.getByText('Publish now', { exact: true }).click();
      expect(await page.getByRole('radio', { name: 'One every' }).isDisabled()).toBe(true);
      await page.getByText('Publish now', { exact: true }).click();
      expect(await panel.getByLabel('Team').locator('option').allTextContents()).toEqual(['No team']);
      await panel.getByRole('button', { name: 'Done' }).click();

      // The file picker and an image pasted from the clipboard add drafts too.
      const picked = join(dir, 'picked.jpg');
      await sharp({ create: { width: 1024, height: 768, channels: 3, background: '#884422' } })
        .jpeg()
        .toFile(picked);
      launched.electron.dialog.answerOpenDialog([picked]);
      await page.getByRole('button', { name: 'Choose files…' }).click();
      await expect.poll(() => draftsInGrid(page), { timeout: uiTimeoutMs }).toBe(201);
      await expectVisible(page.getByRole('article', { name: 'picked' }).getByText(/800×600 JPEG/));
      const clip = (
        await sharp({ create: { width: 500, height: 500, channels: 4, background: '#2266aaff' } })
          .png()
          .toBuffer()
      ).toString('base64');
      await page.evaluate((base64) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], 'clipboard.png', { type: 'image/png' }));
        window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer }));
      }, clip);
      await expect.poll(() => draftsInGrid(page), { timeout: uiTimeoutMs }).toBe(202);
      await expectVisible(page.getByRole('article', { name: 'clipboard' }).getByText(/400×300 PNG/));
    },
    launchTimeout,
  );
});

// Issue 36, the Queue at volume: a thousand jobs in the desktop's queue, put there the way a designer
// does it (a watched folder of a thousand exports, taken while the queue is paused so they all stay
// waiting), the Queue opened at the default window (1100x740). Measured in the page: the time to its
// first rows, its DOM nodes (at most 500), the gaps between frames while the list is flung from top
// to bottom and back (95th percentile at most 17 ms: a frame at 60 Hz), and then every row on screen
// with its name and its picture (or the picture's frame at its size while it comes): never a blank
// row. 200 jobs run always (the frame gaps printed, not bounded); 1,000 on purpose, its frame gaps
// bounded (SHOTPUT_VOLUME=1; SHOTPUT_QUEUE_COUNTS=200,1000; SHOTPUT_QUEUE_FLING_PX the fling's speed).
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test, vi } from 'vitest';
import { expectVisible, saveScreenshot, uiTimeoutMs } from './harness/index';
import { domNodes, flingQueue, restingFrames, visibleRows } from './support/queue-scroll';
import { useSignedInApp } from './support/signed-in-app';

vi.mock('electron', () => import('./harness/electron-module'));

const VOLUME = process.env['SHOTPUT_VOLUME'] === '1';
/** Pixels a frame while flung (1500: about 17 rows a frame, 90,000 px/s at 60 Hz). */
const FLING_PX = Number(process.env['SHOTPUT_QUEUE_FLING_PX'] ?? '1500');
const COUNTS = (process.env['SHOTPUT_QUEUE_COUNTS'] ?? (VOLUME ? '200,1000' : '200')).split(',').map(Number);

/** `count` small exports, each of its own colour (so each is its own content, not a copy). */
async function exports(dir: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const background = { r: (i * 67) % 256, g: 60 + Math.floor(i / 256) * 45, b: (i * 29) % 256 };
    await sharp({ create: { width: 160, height: 120, channels: 3, background } })
      .png()
      .toFile(join(dir, `export-${String(i).padStart(4, '0')}.png`));
  }
}

describe('the Queue at volume', () => {
  const app = useSignedInApp();

  for (const count of COUNTS) {
    test(`${count} jobs at 1100x740: DOM nodes, frame gaps while flung, no blank row after`, async () => {
      const dir = await app.scratchDir(`queue-${count}`);
      await exports(dir, count);
      const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace', {
        env: { SHOTPUT_WATCH_STABLE_MS: '100' },
      });
      const { page, electron } = launched;
      await page.setViewportSize({ width: 1100, height: 740 });
      // Paused first, so every job of the folder stays waiting while the list is measured.
      const paused = await page.evaluate(async () => (await window.shotput!.queue.pauseAll()).ok);
      expect(paused).toBe(true);

      const nav = page.getByRole('navigation', { name: 'Sections' });
      await nav.getByRole('button', { name: 'Settings' }).click();
      electron.dialog.answerOpenDialog([dir]);
      const takenFrom = Date.now();
      await page.getByRole('button', { name: 'Add a folder…' }).click();
      const jobsInQueue = () =>
        page.evaluate(async () => {
          const listed = await window.shotput!.queue.list();
          return listed.ok ? listed.value.jobs.length : -1;
        });
      await expect.poll(jobsInQueue, { timeout: 300_000, interval: 500 }).toBe(count);
      const takenMs = Date.now() - takenFrom;

      // The time to the first rows, taken in the page from the click on Queue.
      await page.evaluate(() => {
        const marks = { clicked: 0, firstRow: 0 };
        Object.assign(window, { queueMarks: marks });
        const button = [...document.querySelectorAll('nav button')].find((b) => b.textContent?.trim() === 'Queue');
        button?.addEventListener('click', () => (marks.clicked = performance.now()), { capture: true });
        new MutationObserver((_, observer) => {
          if (marks.clicked && document.querySelector('[aria-label="Uploads"] [role="listitem"] .file')) {
            marks.firstRow = performance.now();
            observer.disconnect();
          }
        }).observe(document.body, { childList: true, subtree: true });
      });
      await nav.getByRole('button', { name: 'Queue' }).click();
      const list = page.getByRole('list', { name: 'Uploads' });
      await expectVisible(list.getByRole('listitem').first());
      await expect.poll(() => page.getByText(`${count.toLocaleString('en-US')} waiting`).count()).toBeGreaterThan(0);
      const marks = await page.evaluate(() => (window as unknown as { queueMarks: Record<string, number> }).queueMarks);
      const firstRowsMs = Math.round(marks['firstRow']! - marks['clicked']!);

      const nodes = await domNodes(page);
      expect(nodes, 'DOM nodes with the Queue open').toBeLessThanOrEqual(500);
      // The same page at rest first: what this machine gives while the page does nothing.
      const resting = await restingFrames(page, 120);
      // Flung down to the last job and back to the newest.
      const fling = await flingQueue(page, FLING_PX);
      const after = await visibleRows(page);
      expect(after.length, 'rows on screen after the fling').toBeGreaterThan(4);
      for (const row of after) {
        expect(row.name, 'a row on screen has its file name').toMatch(/^export-\d{4}\.png · from /);
        expect(row.picture || row.placeholder, `${row.name}: its picture, or the picture's frame (${row.seen})`).toBe(
          true,
        );
      }
      const picturesAtOnce = after.filter((row) => row.picture).length;
      // And the pictures themselves follow within moments, not after those of every row flung past.
      const settledFrom = Date.now();
      await expect
        .poll(async () => (await visibleRows(page)).every((row) => row.picture), { timeout: uiTimeoutMs, interval: 50 })
        .toBe(true);
      const picturesMs = Date.now() - settledFrom;
      // Straight to the middle of the list: rows never drawn before show their frames at once, then their pictures.
      await list.evaluate((element) => (element.scrollTop = element.scrollHeight / 2));
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const middle = await visibleRows(page);
      for (const row of middle) {
        expect(row.name, 'a row on screen has its file name').toMatch(/^export-\d{4}\.png · from /);
        expect(row.picture || row.placeholder, `${row.name}: its picture, or the picture's frame (${row.seen})`).toBe(
          true,
        );
      }
      const middleFrom = Date.now();
      await expect
        .poll(async () => (await visibleRows(page)).every((row) => row.picture), { timeout: uiTimeoutMs, interval: 50 })
        .toBe(true);
      const middleMs = Date.now() - middleFrom;
      const nodesAfter = await domNodes(page);
      expect(nodesAfter, 'DOM nodes after the fling').toBeLessThanOrEqual(500);
      await saveScreenshot(page, `queue-volume-${count}`);
      console.log(
        `Queue of ${count} jobs: taken from the folder in ${(takenMs / 1000).toFixed(1)} s, first rows ${firstRowsMs} ms, ${nodes} DOM nodes (${nodesAfter} after the fling), ` +
          `flung at ${FLING_PX} px a frame: frame gap p95 ${fling.p95.toFixed(1)} ms (max ${fling.max.toFixed(0)}, ${fling.frames} frames; at rest p95 ${resting.p95.toFixed(1)}, max ${resting.max.toFixed(0)}), ` +
          `${picturesAtOnce}/${after.length} pictures at once after the fling, all in ${picturesMs} ms; in the middle all in ${middleMs} ms`,
      );
      // The bound is the issue's, for the thousand, run on purpose on a machine that is not shared: on
      // a busy one a frame waits for a core whatever the page does (the README has the figures).
      if (VOLUME && count >= 1000) expect(fling.p95, 'frame gap while flung, 95th percentile').toBeLessThanOrEqual(17);
      expect(electron.pageErrors).toEqual([]);
    }, 600_000);
  }
});

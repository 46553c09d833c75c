// The motion editor end to end, as ada on the bundled sandbox, with ffmpeg hidden from main so
// only the window's Worker decodes: an H.264 MP4 made by ffmpeg is dropped, opened in the editor,
// trimmed from the keyboard, and the live estimate changes before the clip is prepared again; the
// upload lands in the sandbox as an animated 800x600 GIF within 8 MB holding exactly the trimmed
// frames. A longer clip shows its progress on the card, and Cancel stops it, keeping the draft.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, test, vi } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { dropFiles, expectVisible, saveScreenshot } from './harness/index';
import { axeResults } from './support/axe';
import { publishedShotImage } from './support/sign-in-as';
import { useSignedInApp } from './support/signed-in-app';
import { stepLaps } from './support/step-laps';

vi.mock('electron', () => import('./harness/electron-module'));

const run = promisify(execFile);
const launchTimeout = 420_000;
const MAX_SHOT_BYTES = 8 * 1024 * 1024;

/** ffmpeg's busy test pattern as an H.264 MP4 at 30 fps. */
async function clip(file: string, seconds: number): Promise<void> {
  const source = ['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30`, '-t', String(seconds)];
  await run('ffmpeg', ['-v', 'error', '-y', ...source, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file]);
}

/**
 * Presses `key` on the focused slider `times` times, as a designer tapping or holding it. The keys go
 * straight to the page: a locator's press finds, scrolls to and focuses the slider again each time,
 * four round trips that under load outlasted the trim's settling time between two presses, so a
 * trim was estimated and prepared at every step and cancelled by the next.
 */
async function press(slider: Locator, key: string, times: number): Promise<void> {
  await slider.focus();
  for (let i = 0; i < times; i++) await slider.page().keyboard.press(key);
}

/** A trim handle moved to `frame` in one input event, as a drag that ends there. */
async function dropHandleAt(slider: Locator, frame: number): Promise<void> {
  await slider.evaluate((input: HTMLInputElement, value) => {
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, frame);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axeResults(page);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

describe('the motion editor', () => {
  const app = useSignedInApp();

  test(
    'a dropped MP4 is trimmed from the keyboard, the estimate follows, and the sandbox holds exactly the trimmed frames',
    async () => {
      const dir = await app.scratchDir('motion-editor');
      const video = join(dir, 'onboarding flow.mp4');
      await clip(video, 2);
      const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace', {
        env: { SHOTPUT_EXPECTED_PROCESSING_MS: '400', SHOTPUT_FFMPEG: join(dir, 'no-ffmpeg-here') },
      });
      const { page } = launched;
      await page.setViewportSize({ width: 1100, height: 740 });
      await dropFiles(page, page.getByTestId('drop-zone'), [video]);
      const card = page.getByRole('list', { name: 'Drafts' }).getByRole('article', { name: 'onboarding flow' });
      // The editor opens as soon as the window has said what the clip is, while it is prepared.
      const edit = card.getByRole('button', { name: 'Edit onboarding flow.mp4' });
      await expect.poll(() => edit.isEnabled(), { timeout: 120_000, interval: 250 }).toBe(true);
      await edit.click();
      const panel = page.getByRole('region', { name: 'Edit onboarding flow.mp4' });
      const trim = panel.getByRole('region', { name: 'Trim' });
      await expectVisible(trim);
      const estimate = trim.getByText(/^About [\d.]+ (MB|KB) at 800×600, 30 fps$/);
      await expect.poll(() => estimate.count(), { timeout: 120_000, interval: 250 }).toBe(1);
      const whole = await estimate.textContent();
      await expectVisible(trim.getByText('0.00 s to 2.00 s: 2.00 s of 2.00 s, 60 frames'));
      // The strip of frames along the track, decoded by the window.
      await expect.poll(() => trim.locator('img').count(), { timeout: 120_000, interval: 250 }).toBe(10);

      // Frames 15 to 45 of 60: 0.5 s to 1.5 s, thirty frames, chosen from the keyboard. The
      // preparation of the whole clip under way stops for the trimmed one.
      await press(trim.getByRole('slider', { name: 'Start of the shot' }), 'ArrowRight', 15);
      await press(trim.getByRole('slider', { name: 'End of the shot' }), 'ArrowLeft', 15);
      await expectVisible(trim.getByText('0.50 s to 1.50 s: 1.00 s of 2.00 s, 30 frames'));
      expect(await trim.getByRole('slider', { name: 'Start of the shot' }).getAttribute('aria-valuetext')).toBe(
        '0.50 s',
      );
      await expect
        .poll(async () => (await estimate.count()) === 1 && (await estimate.textContent()) !== whole, {
          timeout: 120_000,
          interval: 250,
        })
        .toBe(true);
      const trimmed = await estimate.textContent();
      const sentLine = panel.getByText(/^800×600 GIF, [\d.]+ (MB|KB)$/);
      await expect.poll(() => sentLine.count(), { timeout: 240_000, interval: 250 }).toBe(1);
      console.log(
        `motion editor: estimate ${whole} for 2 s, ${trimmed} for the 1 s trim; sent as ${await sentLine.textContent()}`,
      );

      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, 'motion-editor-light');
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, 'motion-editor-dark');
      await page.emulateMedia({ colorScheme: 'light' });

      await panel.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: /^Upload all/ }).click();
      await expectVisible(page.getByText(/added to the queue/));
      const { shot, image } = await publishedShotImage(launched, 'ada', 'onboarding flow', 120_000);
      expect(shot).toMatchObject({ animated: true });
      console.log(`motion editor: the sandbox holds ${image.length} bytes`);
      const meta = await sharp(image, { pages: -1 }).metadata();
      expect(meta).toMatchObject({ format: 'gif', width: 800, pageHeight: 600, pages: 30 });
      expect(meta.delay!.reduce((a, b) => a + b, 0)).toBe(1000);
      expect(image.length).toBeLessThanOrEqual(MAX_SHOT_BYTES);
      expect(launched.electron.pageErrors).toEqual([]);
    },
    launchTimeout,
  );

  test(
    'a long clip shows its progress on the card, and Cancel stops it and keeps the draft',
    async () => {
      const dir = await app.scratchDir('motion-cancel');
      const video = join(dir, 'long capture.mp4');
      await clip(video, 5);
      const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace', {
        env: { SHOTPUT_FFMPEG: join(dir, 'no-ffmpeg-here') },
      });
      const { page } = launched;
      await dropFiles(page, page.getByTestId('drop-zone'), [video]);
      const card = page.getByRole('list', { name: 'Drafts' }).getByRole('article', { name: 'long capture' });
      await expectVisible(card.getByRole('progressbar', { name: 'Preparing long capture.mp4' }));
      await expect.poll(() => card.getByText(/^Preparing… \d+%$/).count(), { timeout: 120_000, interval: 100 }).toBe(1);
      await card.getByRole('button', { name: 'Cancel preparing long capture.mp4' }).click();
      await expectVisible(
        card.getByText('Preparing long capture.mp4 was cancelled; change its framing or trim to prepare it again.'),
      );
      expect(await card.getByRole('progressbar').count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Edit long capture.mp4' }).isEnabled()).toBe(true);
      expect(launched.electron.pageErrors).toEqual([]);
    },
    launchTimeout,
  );

  test(
    'Cancel in the editor stops the trimmed clip and puts back the last prepared trim and image',
    async () => {
      const lap = stepLaps('motion editor Cancel');
      const dir = await app.scratchDir('motion-revert');
      const video = join(dir, 'hover states.mp4');
      await clip(video, 2);
      const { launched } = await app.launchSignedIn('ada', 'Ada Lovelace', {
        env: { SHOTPUT_FFMPEG: join(dir, 'no-ffmpeg-here') },
      });
      lap('signed in');
      const { page } = launched;
      await page.setViewportSize({ width: 1100, height: 740 });
      await dropFiles(page, page.getByTestId('drop-zone'), [video]);
      const card = page.getByRole('list', { name: 'Drafts' }).getByRole('article', { name: 'hover states' });
      await expect.poll(() => card.getByText(/800×600 GIF/).count(), { timeout: 240_000, interval: 250 }).toBe(1);
      lap('clip prepared');
      await card.getByRole('button', { name: 'Edit hover states.mp4' }).click();
      const panel = page.getByRole('region', { name: 'Edit hover states.mp4' });
      const trim = panel.getByRole('region', { name: 'Trim' });
      const sentLine = panel.getByText(/^800×600 GIF, [\d.]+ (MB|KB)$/);
      await expect.poll(() => sentLine.count(), { timeout: 120_000, interval: 250 }).toBe(1);
      const prepared = await sentLine.textContent();
      await expectVisible(trim.getByText('0.00 s to 2.00 s: 2.00 s of 2.00 s, 60 frames'));
      lap('editor open');

      // The engine is held still (SIGSTOP) from before the handle is let go until the Cancel is
      // pressed: a one-second trim can be prepared before a click lands on a busy machine (or
      // between its Cancel showing and a hold begun then), and a Cancel that finds nothing to
      // cancel tests nothing. The trim's request waits for the engine in its port meanwhile.
      const engine = launched.electron.utilityProcess.children.find(
        (child) => child.serviceName === 'Shotput engine' && child.pid !== undefined,
      )!;
      const held = async (act: () => Promise<void>): Promise<void> => {
        process.kill(engine.pid!, 'SIGSTOP');
        try {
          await act();
        } finally {
          process.kill(engine.pid!, 'SIGCONT');
        }
      };
      // The handle is let go at 1 s in one move, as a drag ends (the keyboard trim has its own test
      // above). With thirty arrow presses, each pause over the trim's settling time (400 ms) started
      // a preparation: on a loaded machine the presses took up to 290 s, and a trim prepared on the
      // way became the last prepared image that Cancel rightly went back to.
      const cancel = trim.getByRole('button', { name: 'Cancel preparing hover states.mp4' });
      await held(async () => {
        await dropHandleAt(trim.getByRole('slider', { name: 'End of the shot' }), 30);
        await expectVisible(trim.getByText('0.00 s to 1.00 s: 1.00 s of 2.00 s, 30 frames'));
        await expectVisible(cancel);
        lap('trim preparing');
        await cancel.click();
      });
      lap('first Cancel clicked');
      await expectVisible(trim.getByText('0.00 s to 2.00 s: 2.00 s of 2.00 s, 60 frames'));
      expect(await trim.getByRole('slider', { name: 'End of the shot' }).getAttribute('aria-valuetext')).toBe('2.00 s');
      // The last prepared GIF is back as it was, without a new encode.
      await expect.poll(() => sentLine.count(), { timeout: 30_000, interval: 250 }).toBe(1);
      expect(await sentLine.textContent()).toBe(prepared);
      expect(await trim.getByRole('button', { name: 'Cancel preparing hover states.mp4' }).count()).toBe(0);
      lap('first Cancel put back');

      // Cancel pressed while a trim is still settling (a handle just let go): that trim is dropped,
      // not sent behind the Cancel and prepared while the editor shows the trim it went back to.
      // The engine is held still so the Cancel's answer comes after the settling time has passed
      // (and, as above, so the preparation it cancels is still under way when it is pressed).
      const end = trim.getByRole('slider', { name: 'End of the shot' });
      await held(async () => {
        await dropHandleAt(end, 30);
        await expectVisible(cancel);
        lap('second trim preparing');
        await press(end, 'ArrowRight', 15);
        await cancel.click();
        await page.waitForTimeout(1_000);
      });
      lap('second Cancel clicked');
      await expectVisible(trim.getByText('0.00 s to 2.00 s: 2.00 s of 2.00 s, 60 frames'));
      // Nothing is prepared after the Cancel: the draft is its last prepared image.
      await page.waitForTimeout(1_000);
      expect(await cancel.count()).toBe(0);
      expect(await sentLine.textContent()).toBe(prepared);
      expect(launched.electron.pageErrors).toEqual([]);
    },
    launchTimeout,
  );
});

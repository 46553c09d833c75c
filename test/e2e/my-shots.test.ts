// My shots end to end: the real renderer and main process, signed in to the bundled sandbox
// through its authorize page; the user's shots with their teaser images (allowed by the CSP),
// editing (title, description, tags, team, low profile, reschedule) and deleting with confirmation.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectVisible, launchApp, saveScreenshot, uiTimeoutMs, waitForShell, type LaunchedApp } from './harness/index';
import { sandboxToken, signInThroughSandbox } from './harness/sandbox-sign-in';
import { SandboxApi } from './my-shots-helpers';
import { dateTimeField, typeDateTime } from './support/date-time';

vi.mock('electron', () => import('./harness/electron-module'));

interface ServiceShot {
  id: number;
  title: string;
  description: string | null;
  tags: string[];
  team?: { login: string } | null;
  low_profile: boolean;
  published_at?: string | null;
  scheduled_for?: string | null;
}

describe('My shots', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test('lists the shots with their images, edits one, reschedules a scheduled one and deletes one', async () => {
    launched = await launchApp({ settings: { lastTab: 'upload' } });
    const { page } = launched;
    await waitForShell(page);
    const { sandboxUrl } = await signInThroughSandbox(launched, 'ada');
    const ada = new SandboxApi(sandboxUrl, await sandboxToken(launched, 'ada'));
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    inTwoDays.setSeconds(0, 0);
    const scheduledId = await ada.createShot({
      title: 'Autumn palette',
      scheduledFor: inTwoDays.toISOString(),
      colour: { r: 210, g: 120, b: 60 },
    });

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'My shots' }).click();
    await expectVisible(page.getByRole('heading', { name: 'My shots', level: 1 }));
    const cards = page.getByTestId('shot-card');
    await expectVisible(cards.filter({ hasText: 'Autumn palette' }));
    const shotsOnService = await ada.json<ServiceShot[]>('GET', '/v2/user/shots?per_page=100');
    await expect.poll(() => cards.count(), { timeout: uiTimeoutMs }).toBe(shotsOnService.length);

    // The teasers come from the service's own address: the CSP lets them load.
    await expect
      .poll(
        () =>
          cards
            .locator('img')
            .evaluateAll((images) =>
              images.every(
                (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
              ),
            ),
        {
          timeout: uiTimeoutMs,
        },
      )
      .toBe(true);
    await expectVisible(cards.filter({ hasText: 'Autumn palette' }).getByText('Scheduled'));

    // Edit a published shot: every field the service lets us change.
    const target = shotsOnService.find((shot) => shot.published_at && shot.id !== scheduledId)!;
    await page.getByRole('button', { name: `Edit ${target.title}` }).click();
    const editor = page.getByRole('dialog', { name: `Edit “${target.title}”` });
    await expectVisible(editor);
    await editor.getByLabel('Title').fill('Palette, final');
    await editor.getByLabel('Description').fill('Six colours for the spring campaign.');
    const tagField = editor.getByRole('textbox', { name: 'Tags' });
    for (const tag of ['colour', 'spring']) {
      await tagField.fill(tag);
      await tagField.press('Enter');
    }
    await expectVisible(editor.getByRole('button', { name: 'Remove tag spring' }));
    await editor.getByLabel('Team').selectOption({ label: 'Studio' });
    await editor.getByLabel('Low profile').check();
    await expectVisible(editor.getByText('Published shots keep their publish time.'));
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.waitFor({ state: 'detached', timeout: uiTimeoutMs });
    const edited = cards.filter({ hasText: 'Palette, final' });
    await expectVisible(edited.getByText('Low profile'));
    await expectVisible(edited.getByText('Studio'));
    const onService = await ada.json<ServiceShot>('GET', `/v2/shots/${target.id}`);
    expect(onService).toMatchObject({ title: 'Palette, final', low_profile: true, team: { login: 'studio' } });
    expect(onService.tags).toEqual(expect.arrayContaining([...target.tags, 'colour', 'spring']));
    expect(onService.description).toContain('Six colours for the spring campaign.');

    // Reschedule the scheduled one, a day later.
    await page.getByRole('button', { name: 'Edit Autumn palette' }).click();
    const rescheduler = page.getByRole('dialog', { name: 'Edit “Autumn palette”' });
    const later = new Date(inTwoDays.getTime() + 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await typeDateTime(
      dateTimeField(rescheduler, 'Publish at'),
      `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T${pad(later.getHours())}:${pad(later.getMinutes())}`,
    );
    await rescheduler.getByRole('button', { name: 'Save changes' }).click();
    await rescheduler.waitFor({ state: 'detached', timeout: uiTimeoutMs });
    const rescheduled = await ada.json<ServiceShot>('GET', `/v2/shots/${scheduledId}`);
    expect(Date.parse(rescheduled.scheduled_for!)).toBe(later.getTime());
    expect(rescheduled.published_at ?? null).toBeNull();
    await saveScreenshot(page, 'my-shots');

    // Keyboard: Enter on a card's Edit opens the dialog with focus inside; Escape closes it and
    // focus goes back to the button that opened it.
    const editButton = page.getByRole('button', { name: 'Edit Palette, final' });
    await editButton.focus();
    await page.keyboard.press('Enter');
    const keyboardEditor = page.getByRole('dialog', { name: 'Edit “Palette, final”' });
    await expectVisible(keyboardEditor);
    await expect
      .poll(() => keyboardEditor.evaluate((dialog) => dialog.contains(document.activeElement)), {
        timeout: uiTimeoutMs,
      })
      .toBe(true);
    await page.keyboard.press('Escape');
    await keyboardEditor.waitFor({ state: 'detached', timeout: uiTimeoutMs });
    await expect
      .poll(() => editButton.evaluate((button) => button === document.activeElement), { timeout: uiTimeoutMs })
      .toBe(true);

    // Delete, with a confirmation that can be declined.
    await page.getByRole('button', { name: 'Delete Autumn palette' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this shot?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached', timeout: uiTimeoutMs });
    expect((await ada.request('GET', `/v2/shots/${scheduledId}`)).status).toBe(200);
    await page.getByRole('button', { name: 'Delete Autumn palette' }).click();
    await confirm.getByRole('button', { name: 'Delete shot' }).click();
    await confirm.waitFor({ state: 'detached', timeout: uiTimeoutMs });
    await expectVisible(page.getByRole('status').filter({ hasText: 'Deleted “Autumn palette”.' }));
    await expect.poll(() => cards.filter({ hasText: 'Autumn palette' }).count(), { timeout: uiTimeoutMs }).toBe(0);
    expect((await ada.request('GET', `/v2/shots/${scheduledId}`)).status).toBe(404);

    // No script errors and no CSP reports at all: nothing hostile was on these pages.
    expect(launched.electron.pageErrors).toEqual([]);
  }, 240_000);

  test('while the service does not answer it says the list waits for it, and loads by itself when it answers', async () => {
    launched = await launchApp({ settings: { lastTab: 'upload' } });
    const { page } = launched;
    await waitForShell(page);
    const { sandboxUrl } = await signInThroughSandbox(launched, 'ada');
    const ada = new SandboxApi(sandboxUrl, await sandboxToken(launched, 'ada'));
    await ada.createShot({ title: 'Night market', colour: { r: 40, g: 60, b: 120 } });
    const sandbox = await launched.sandbox();
    const sections = page.getByRole('navigation', { name: 'Sections' });
    const waiting = page.getByTestId('service-wait');
    const loadingLine = page.getByText('Loading your shots…');
    try {
      await sandbox.control.faults({ reset_rate: 1 });
      await sections.getByRole('button', { name: 'My shots' }).click();
      // The first list fails after its tries: the view says it waits for the service, with when.
      await expectVisible(waiting);
      await expect
        .poll(async () => (await waiting.textContent())?.replace(/\s+/g, ' ').trim())
        .toMatch(
          /^Your shots show here once the service answers\. Shotput cannot reach it now \(offline since .+\)\. This list loads by itself as soon as it answers\. Try now$/,
        );
      expect(await page.getByText('Your shots could not be loaded.').count()).toBe(0);
      await saveScreenshot(page, 'my-shots-offline');
      await page.emulateMedia({ colorScheme: 'dark' });
      await saveScreenshot(page, 'my-shots-offline-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      // Opened again while the account is known offline: the same words at once, no "Loading…" for the tries' seconds.
      await sections.getByRole('button', { name: 'Upload' }).click();
      await sections.getByRole('button', { name: 'My shots' }).click();
      await expectVisible(waiting);
      expect(await loadingLine.count()).toBe(0);
    } finally {
      await sandbox.control.faults({});
    }
    // Nothing clicked: the account asks the service by itself, and the list follows its answer.
    await expectVisible(page.getByTestId('shot-card').filter({ hasText: 'Night market' }));
    expect(await waiting.count()).toBe(0);

    // The comments of a shot opened in another outage: the same words, and they come by themselves.
    const panel = page.getByTestId('comments-panel');
    try {
      await sandbox.control.faults({ reset_rate: 1 });
      await page.getByRole('button', { name: 'Comments on Night market' }).click();
      await expectVisible(panel.getByTestId('service-wait'));
      expect((await panel.getByTestId('service-wait').textContent())?.replace(/\s+/g, ' ').trim()).toMatch(
        /^Comments show here once the service answers\. Shotput cannot reach it now( \(offline since .+\))?\./,
      );
      await saveScreenshot(page, 'comments-offline');
      await page.emulateMedia({ colorScheme: 'dark' });
      await saveScreenshot(page, 'comments-offline-dark');
      await page.emulateMedia({ colorScheme: 'light' });
    } finally {
      await sandbox.control.faults({});
    }
    // The computer's network comes back (the window's `online` event): the account asks at once.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expectVisible(panel.getByText('No comments yet. Write the first one below.'));
    expect(launched.electron.pageErrors).toEqual([]);
  }, 240_000);
});

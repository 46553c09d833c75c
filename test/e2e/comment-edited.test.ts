// A comment changed after it was written says "edited"; the others do not.
import { describe, expect, test, vi } from 'vitest';
import { expectVisible } from './harness/index';
import { sandboxToken } from './harness/sandbox-sign-in';
import { SandboxApi } from './my-shots-helpers';
import { expectNoAxeViolations } from './support/axe';
import { useSignedInApp } from './support/signed-in-app';

vi.mock('electron', () => import('./harness/electron-module'));

describe('comments', () => {
  const app = useSignedInApp();

  test('an edited comment says so; the others do not', async () => {
    await app.scratchDir('edited');
    const { launched, sandboxUrl } = await app.launchSignedIn('ada', 'Ada Lovelace');
    const { page } = launched;
    const ada = new SandboxApi(sandboxUrl, await sandboxToken(launched, 'ada'));
    const shots = await ada.json<{ id: number; title: string }[]>('GET', '/v2/user/shots');
    const shot = shots.find((candidate) => candidate.title === 'Morning palette')!;
    const made = await ada.json<{ id: number }>('POST', `/v1/shots/${shot.id}/comments`, { body: 'First take' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await ada.json('PUT', `/v1/shots/${shot.id}/comments/${made.id}`, { body: 'Second take' });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'My shots' }).click();
    await page.getByRole('button', { name: 'Comments on Morning palette' }).click();
    const panel = page.getByTestId('comments-panel');
    const edited = panel.getByRole('listitem').filter({ hasText: 'Second take' });
    await expectVisible(edited.getByText('edited', { exact: true }));
    const others = panel.getByRole('listitem').filter({ hasNotText: 'Second take' });
    expect(await others.count()).toBeGreaterThan(0);
    expect(await others.getByText('edited', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
  }, 120_000);
});

// The comments panel end to end, signed in to the bundled sandbox as ada: reading (author, time,
// likes, sanitized body with mention links that open in the browser), writing, editing, liking,
// seeing who liked, unliking and deleting a comment; the "no comments" state.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectVisible, launchApp, saveScreenshot, uiTimeoutMs, waitForShell, type LaunchedApp } from './harness/index';
import { sandboxToken, signInThroughSandbox } from './harness/sandbox-sign-in';
import { SandboxApi } from './my-shots-helpers';

vi.mock('electron', () => import('./harness/electron-module'));

interface ServiceComment {
  id: number;
  body: string;
  likes_count: number;
  user: { username: string };
}

describe('comments panel', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test('reads, writes, edits, likes, lists likers, unlikes and deletes a comment', async () => {
    launched = await launchApp();
    const { page, electron } = launched;
    await waitForShell(page);
    const { sandboxUrl } = await signInThroughSandbox(launched, 'ada');
    const ada = new SandboxApi(sandboxUrl, await sandboxToken(launched, 'ada'));
    const quietId = await ada.createShot({ title: 'Quiet corner', colour: { r: 70, g: 150, b: 130 } });

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'My shots' }).click();
    await page.getByRole('button', { name: 'Comments on Quiet corner' }).click();
    const panel = page.getByTestId('comments-panel');
    await expectVisible(panel.getByText('No comments yet. Write the first one below.'));

    // The seeded shot with comments by ben and cleo.
    await page.getByRole('button', { name: 'Comments on Morning palette' }).click();
    await expectVisible(panel.getByText('Quiet corner').or(panel.getByText('Morning palette')).first());
    const comments = panel.getByTestId('comment');
    const fromBen = comments.filter({ hasText: 'Lovely colours' });
    await expectVisible(fromBen);
    await expectVisible(fromBen.getByRole('button', { name: 'Ben' }).or(fromBen.getByRole('button', { name: /Ben/ })));
    await expectVisible(fromBen.getByRole('button', { name: '2 likes' }));
    await expectVisible(fromBen.getByRole('button', { name: '♥ Liked', pressed: true }));
    await expectVisible(fromBen.locator('time'));
    // Nobody but the author may edit: no Edit on ben's comment.
    expect(await fromBen.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    // A mention is a link that opens in the system browser; the window stays where it is.
    const urlBefore = page.url();
    await fromBen.getByRole('link', { name: '@ada' }).click();
    await expect
      .poll(() => electron.shell.openedExternally.filter((url) => url === `${sandboxUrl}/ada`).length, {
        timeout: uiTimeoutMs,
      })
      .toBe(1);
    expect(page.url()).toBe(urlBefore);

    // Write.
    await panel.getByLabel('Write a comment').fill('Thanks, both of you!');
    await panel.getByRole('button', { name: 'Post comment' }).click();
    const mine = comments.filter({ hasText: 'Thanks, both of you!' });
    await expectVisible(mine);
    await expect.poll(() => panel.getByLabel('Write a comment').inputValue(), { timeout: uiTimeoutMs }).toBe('');
    const listed = await ada.json<ServiceComment[]>(
      'GET',
      `/v1/shots/${await shotIdByTitle(ada, 'Morning palette')}/comments?per_page=100`,
    );
    const created = listed.find((comment) => comment.body.includes('Thanks, both of you!'))!;
    expect(created.user.username).toBe('ada');

    // Edit.
    await mine.getByRole('button', { name: 'Edit' }).click();
    // While editing, the comment shows a field instead of its text.
    const editing = comments.filter({ has: page.getByLabel('Edit your comment') });
    await editing.getByLabel('Edit your comment').fill('Thanks, everyone!');
    await editing.getByRole('button', { name: 'Save' }).click();
    const edited = comments.filter({ hasText: 'Thanks, everyone!' });
    await expectVisible(edited);
    const shotId = await shotIdByTitle(ada, 'Morning palette');
    expect((await ada.json<ServiceComment>('GET', `/v1/shots/${shotId}/comments/${created.id}`)).body).toContain(
      'Thanks, everyone!',
    );

    // Like, and see who liked.
    await edited.getByRole('button', { name: '♡ Like' }).click();
    await expectVisible(edited.getByRole('button', { name: '♥ Liked', pressed: true }));
    await edited.getByRole('button', { name: '1 like' }).click();
    await expectVisible(edited.getByRole('list', { name: 'People who liked this comment' }).getByText('Ada Lovelace'));
    expect((await ada.request('GET', `/v1/shots/${shotId}/comments/${created.id}/like`)).status).toBe(200);
    await saveScreenshot(page, 'comments');

    // Unlike.
    await edited.getByRole('button', { name: '♥ Liked' }).click();
    await expectVisible(edited.getByRole('button', { name: '♡ Like', pressed: false }));
    await expectVisible(edited.getByRole('button', { name: '0 likes' }));
    expect((await ada.request('GET', `/v1/shots/${shotId}/comments/${created.id}/like`)).status).toBe(404);

    // Delete, after a confirmation.
    await edited.getByRole('button', { name: 'Delete' }).click();
    await edited.getByRole('button', { name: 'Delete comment' }).click();
    await expect
      .poll(() => comments.filter({ hasText: 'Thanks, everyone!' }).count(), { timeout: uiTimeoutMs })
      .toBe(0);
    expect((await ada.request('GET', `/v1/shots/${shotId}/comments/${created.id}`)).status).toBe(404);

    await panel.getByRole('button', { name: 'Close comments' }).click();
    await panel.waitFor({ state: 'detached', timeout: uiTimeoutMs });
    expect(quietId).toBeGreaterThan(0);
    // No script errors and no CSP reports at all: nothing hostile was on these pages.
    expect(electron.pageErrors).toEqual([]);
  }, 240_000);

  test('a sign-in without the comment permission says so before and after trying, with how to fix it', async () => {
    launched = await launchApp();
    const { page, electron } = launched;
    await waitForShell(page);
    await signInThroughSandbox(launched, 'ben', { scopes: ['public', 'upload', 'write'] });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'My shots' }).click();
    await page.getByRole('button', { name: 'Comments on Landing page' }).click();
    const panel = page.getByTestId('comments-panel');
    // Reading still works.
    await expectVisible(panel.getByTestId('comment').first());
    await expectVisible(panel.getByText('This sign-in does not include the “comment” permission', { exact: false }));
    await panel.getByLabel('Write a comment').fill('Can I comment?');
    await panel.getByRole('button', { name: 'Post comment' }).click();
    await expectVisible(
      panel.getByRole('alert').filter({
        hasText:
          'The service refused to post the comment: this sign-in does not include the “comment” permission (write comments). Sign out, then sign in again and allow it when the service asks.',
      }),
    );
    // Nothing was posted; the draft is kept for after signing in again.
    expect(await panel.getByLabel('Write a comment').inputValue()).toBe('Can I comment?');
    expect(await panel.getByTestId('comment').filter({ hasText: 'Can I comment?' }).count()).toBe(0);
    await saveScreenshot(page, 'comments-missing-scope');
    expect(electron.pageErrors).toEqual([]);
  }, 240_000);
});

async function shotIdByTitle(api: SandboxApi, title: string): Promise<number> {
  const shots = await api.json<{ id: number; title: string }[]>('GET', '/v2/user/shots?per_page=100');
  const shot = shots.find((candidate) => candidate.title === title);
  if (shot === undefined) throw new Error(`ada has no shot “${title}”`);
  return shot.id;
}

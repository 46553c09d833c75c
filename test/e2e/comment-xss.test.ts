// Hostile comment HTML shows as harmless text and links: nothing in it runs, loads or navigates.
// Two ways in: the public API as ben (the sandbox escapes what clients send), and the sandbox's
// control API storing raw HTML (playing a service that sends hostile markup), which is what the
// renderer's DOMPurify pass has to stop. The payloads try to set window.__pwned and the title.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectVisible, launchApp, saveScreenshot, uiTimeoutMs, waitForShell, type LaunchedApp } from './harness/index';
import { sandboxToken, signInThroughSandbox } from './harness/sandbox-sign-in';
import { isBlockedByCsp, SandboxApi } from './my-shots-helpers';

vi.mock('electron', () => import('./harness/electron-module'));

const payload = [
  '<p>Hostile markup ahead.',
  `<img src="x" onerror="window.__pwned='img'; document.title='pwned'">`,
  `<script>window.__pwned='script'; document.title='pwned'</script>`,
  `<a href="javascript:window.__pwned='link';document.title='pwned'">click me</a>`,
  `<a href="https://example.test/fine" onclick="window.__pwned='onclick'" style="position:fixed;inset:0">fine link</a>`,
  `<svg onload="window.__pwned='svg'"><circle r="5"></circle></svg>`,
  `<iframe src="javascript:parent.__pwned='iframe'"></iframe>`,
  `<form action="javascript:alert(1)"><button>submit</button></form>`,
  '</p>',
].join(' ');

describe('comment HTML is sanitized', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test('img onerror, script, javascript: links, handlers, svg and iframes do nothing', async () => {
    launched = await launchApp();
    const { page, electron } = launched;
    await waitForShell(page);
    const { sandboxUrl } = await signInThroughSandbox(launched, 'ada');
    const ada = new SandboxApi(sandboxUrl, await sandboxToken(launched, 'ada'));
    const shot = (await ada.json<{ id: number; title: string }[]>('GET', '/v2/user/shots')).find(
      (candidate) => candidate.title === 'Icon grid',
    )!;

    // As ben through the public API: the service escapes it.
    const ben = new SandboxApi(sandboxUrl, await sandboxToken(launched, 'ben'));
    await ben.json('POST', `/v1/shots/${shot.id}/comments`, { body: `Escaped: ${payload}` });
    // As a service that sends raw HTML.
    const raw = await (
      await launched.sandbox()
    ).control.comments({
      shot_id: shot.id,
      username: 'ben',
      body_html: payload,
    });
    expect(raw.body).toBe(payload);

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'My shots' }).click();
    await page.getByRole('button', { name: `Comments on ${shot.title}` }).click();
    const panel = page.getByTestId('comments-panel');
    const bodies = panel.getByTestId('comment-body');
    const escaped = bodies.filter({ hasText: 'Escaped:' });
    const sanitized = bodies.filter({ hasText: 'Hostile markup ahead.' }).filter({ hasNotText: 'Escaped:' });
    await expectVisible(escaped);
    await expectVisible(sanitized);
    await expectVisible(sanitized.getByText('click me'));

    // The escaped one shows the markup as text.
    await expectVisible(escaped.getByText(`<script>window.__pwned='script'`, { exact: false }));

    // The raw one: only text, paragraphs and an http(s) link are left.
    const left = await sanitized.evaluate((body) => ({
      tags: [...new Set([...body.querySelectorAll('*')].map((element) => element.tagName.toLowerCase()))].sort(),
      handlers: [...body.querySelectorAll('*')].flatMap((element) =>
        element.getAttributeNames().filter((name) => name.startsWith('on') || name === 'style'),
      ),
      hrefs: [...body.querySelectorAll('a')].map((link) => link.getAttribute('href')),
    }));
    expect(left.tags.filter((tag) => !['p', 'a'].includes(tag))).toEqual([]);
    expect(left.handlers).toEqual([]);
    expect(left.hrefs).toEqual([null, 'https://example.test/fine']);

    // Clicking the neutralized javascript: link does nothing; the http(s) one opens in the browser.
    const urlBefore = page.url();
    await sanitized.getByText('click me').click();
    await sanitized.getByRole('link', { name: 'fine link' }).click();
    await expect
      .poll(() => electron.shell.openedExternally.includes('https://example.test/fine'), { timeout: uiTimeoutMs })
      .toBe(true);
    expect(electron.shell.openedExternally.some((url) => url.startsWith('javascript:'))).toBe(false);
    expect(page.url()).toBe(urlBefore);

    // Nothing ran: give any stray handler a moment by waiting for a round trip through the page.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 250))));
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.title()).toBe('Shotput');
    expect(await page.locator('iframe, script:not([src]), img[src="x"]').count()).toBe(0);
    // The window's own icons are SVGs; none came from a comment.
    expect(await page.getByTestId('comments-panel').locator('svg').count()).toBe(0);
    // No script error; the only console errors are the CSP's reports of what it blocked while the
    // hostile markup was parsed (inert, by DOMPurify), never anything that ran.
    const unexplained = electron.pageErrors.filter(
      (message) => !isBlockedByCsp(message.replace(/^console error: /, '')),
    );
    expect(unexplained).toEqual([]);
    await saveScreenshot(page, 'comment-xss');
  }, 240_000);
});

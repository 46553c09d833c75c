// Plays the user's system browser for the end-to-end tests. shell.openExternal of the fake
// Electron opens the URL in a second Playwright page (its own browser context, like another
// application), where the test signs in on the sandbox's real authorize page. When the sandbox
// redirects to app.shotput://oauth/callback?…, Chromium cannot follow a custom scheme, so the
// redirect is caught here and handed to the running app as the OS of the double's platform
// would: a second launch with the link in its argv (Windows, Linux) or an 'open-url' event (macOS).
//
// The tab opens when a test first looks at it (page(), authorize()): a test that only needs to be
// signed in answers the authorize page with the scripted browser over HTTP (authorizeScripted, the
// same form and the same deep link), and no Chromium page renders it. sign-in.test.ts and the
// tests about the page itself drive it in the tab.
import type { BrowserContext, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { TestBrowser } from '../../auth/browser';
import type { LaunchedApp } from '../harness/index';
import { uiTimeoutMs } from '../harness/index';

export interface SystemBrowser {
  /** Every URL the app asked the OS to open, in order. */
  readonly opened: string[];
  /** The deep links delivered to the app. */
  readonly delivered: string[];
  /** The browser tab, once the app opened something. */
  page(): Promise<Page>;
  /** Waits for the sandbox's authorize page, signs in and presses Allow or Deny. */
  authorize(input: { username?: string; password?: string; decision: 'Allow' | 'Deny' }): Promise<void>;
  /** The same answer to the authorize page from the scripted browser over HTTP: no tab renders it. */
  authorizeScripted(input: { username?: string; password?: string; decision: 'Allow' | 'Deny' }): Promise<void>;
  close(): Promise<void>;
}

export async function attachSystemBrowser(launched: LaunchedApp): Promise<SystemBrowser> {
  const { electron, window } = launched;
  const browser = window.context?.browser();
  if (!browser) throw new Error('The window has no Chromium to open a browser tab in.');
  let context: BrowserContext | undefined;
  let tab: Page | undefined;
  let tabReady: Promise<Page> | undefined;
  let closing = false;
  const opened: string[] = [];
  const delivered: string[] = [];

  const deliver = (link: string) => {
    delivered.push(link);
    // The platform's way: open-url on macOS, a second launch's argv on Windows and Linux.
    electron.app.deliverLink(link);
  };

  const openTab = async (): Promise<Page> => {
    context = await browser.newContext({ viewport: { width: 900, height: 700 } });
    // Closed by the test, or with the whole browser when the app closes.
    context.on('close', () => (closing = true));
    // Every navigation of the tab: a redirect to the app's scheme becomes a deep link. A test that
    // ends while the tab still loads closes it mid-request: that is no failure.
    await context.route('**/*', (route) =>
      followNavigation(route).catch((error: unknown) => {
        if (!closing) throw error;
      }),
    );
    return context.newPage();
  };

  const followNavigation = async (route: Route): Promise<void> => {
    const request = route.request();
    if (!request.isNavigationRequest()) return route.fallback();
    // These machines are offline: only the local sandbox is really visited.
    if (!/^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(request.url())) {
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Elsewhere</title><p>Not loaded in tests.</p>',
      });
      return;
    }
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers()['location'];
    if (response.status() >= 300 && response.status() < 400 && location?.startsWith('app.shotput:')) {
      deliver(location);
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Shotput</title><p>You can return to Shotput.</p>',
      });
      return;
    }
    await route.fulfill({ response });
  };

  const openExternal = async (url: string): Promise<void> => {
    opened.push(url);
    electron.shell.openedExternally.push(url);
    // Like the OS, answer once the browser was asked to open it; an open tab loads the page on its
    // own, else the tab opens on it when a test looks.
    if (tabReady !== undefined) visit(url);
  };
  const visit = (url: string) =>
    void tabReady!.then((page) => page.goto(url, { timeout: uiTimeoutMs })).catch(() => undefined);
  const authorizeUrl = async (): Promise<string> => {
    await expect
      .poll(() => opened.some((url) => url.includes('/oauth/authorize')), { timeout: uiTimeoutMs })
      .toBe(true);
    return opened.filter((url) => url.includes('/oauth/authorize')).at(-1)!;
  };
  // The fake shell's method is looked up at each call: replacing it reroutes main/app's calls.
  electron.shell.openExternal = openExternal;

  const page = async (): Promise<Page> => {
    await expect.poll(() => opened.length > 0, { timeout: uiTimeoutMs }).toBe(true);
    if (tabReady === undefined) {
      tabReady = openTab().then((page) => (tab = page));
      visit(opened.at(-1)!);
    }
    await expect.poll(() => tab !== undefined, { timeout: uiTimeoutMs }).toBe(true);
    return tab!;
  };

  return {
    opened,
    delivered,
    page,
    async authorize({ username = 'ada', password = 'sandbox', decision }) {
      await authorizeUrl();
      const tabPage = await page();
      await tabPage.getByRole('heading', { name: /Authorize/ }).waitFor({ timeout: uiTimeoutMs });
      const before = delivered.length;
      const user = tabPage.getByLabel('Username');
      if (await user.count()) {
        await user.fill(username);
        await tabPage.getByLabel('Password').fill(password);
      }
      await tabPage.getByRole('button', { name: decision }).click();
      await expect.poll(() => delivered.length, { timeout: uiTimeoutMs }).toBeGreaterThan(before);
    },
    async authorizeScripted({ username = 'ada', password = 'sandbox', decision }) {
      const visited = await authorizeUrl();
      const answer = decision === 'Allow' ? 'allow' : 'deny';
      const callback = await new TestBrowser().authorize(visited, { username, password, decision: answer });
      if (!callback.startsWith('app.shotput:')) throw new Error(`The authorize page led to ${callback}.`);
      deliver(callback);
    },
    async close() {
      closing = true;
      await context?.close().catch(() => undefined);
    },
  };
}

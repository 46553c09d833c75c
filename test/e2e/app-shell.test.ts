// The shell end to end: navigation by keyboard, settings saved by main and applied, the
// signed-out sign-in message, and the security rules as the page meets them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { contentSecurityPolicyFor } from '../../main/app/content-security-policy';
import { requestNames } from '../../common/contract/index';
import { expectVisible, launchApp, uiTimeoutMs, waitForShell, type LaunchedApp } from './harness/index';

vi.mock('electron', () => import('./harness/electron-module'));

const launchTimeout = 180_000;

describe('app shell', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test(
    'is usable by keyboard, and the chosen theme is saved by main and applied',
    async () => {
      launched = await launchApp();
      const { page, userDataDir } = launched;
      await waitForShell(page);

      // Tab reaches the sidebar first, with a visible focus ring; arrows move between sections.
      await page.keyboard.press('Tab');
      const upload = page.getByRole('button', { name: 'Upload' });
      expect(await upload.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await upload.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
      for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expectVisible(page.getByRole('heading', { name: 'Settings' }));
      expect(await page.getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');

      await page.getByLabel('Appearance').selectOption('dark');
      await page.waitForFunction(() => document.documentElement.dataset['theme'] === 'dark', undefined, {
        timeout: uiTimeoutMs,
      });
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe('rgb(38, 38, 44)');
      await expect
        .poll(async () => JSON.parse(await readFile(join(userDataDir, 'settings.json'), 'utf8').catch(() => '{}')), {
          timeout: uiTimeoutMs,
        })
        .toMatchObject({ theme: 'dark', lastTab: 'settings' });
    },
    launchTimeout,
  );

  test(
    'opens where the last run left off and follows a dark OS theme',
    async () => {
      launched = await launchApp({ settings: { lastTab: 'settings' }, colorScheme: 'dark' });
      const { page } = launched;
      await waitForShell(page);
      await expectVisible(page.getByRole('heading', { name: 'Settings' }));
      expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('system');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(38, 38, 44)');
    },
    launchTimeout,
  );

  test(
    'signing in to the sandbox opens its authorize page in the system browser',
    async () => {
      launched = await launchApp();
      const { page, electron } = launched;
      await waitForShell(page);
      await page.getByRole('button', { name: 'Use the bundled sandbox' }).click();
      await expect
        .poll(() => electron.shell.openedExternally.map((url) => new URL(url).pathname), { timeout: uiTimeoutMs })
        .toEqual(['/oauth/authorize']);
      const authorize = new URL(electron.shell.openedExternally[0]!);
      expect(authorize.searchParams.get('redirect_uri')).toBe('app.shotput://oauth/callback');
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    },
    launchTimeout,
  );
});

describe('single instance', () => {
  test(
    'a second launch quits without opening a window',
    async () => {
      await expect(launchApp({ singleInstanceLock: false, timeoutMs: 30_000 })).rejects.toThrow(
        /quit before its window/,
      );
    },
    launchTimeout,
  );
});

describe('security rules seen from the page', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test(
    'the page gets window.shotput and nothing of Node or IPC, and main validates what it sends',
    async () => {
      launched = await launchApp();
      const { page } = launched;
      await waitForShell(page);
      const surface = await page.evaluate(() => ({
        keys: Object.keys(window.shotput ?? {}).sort(),
        frozen: Object.isFrozen(window.shotput),
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
      }));
      const namespaces = [...new Set(requestNames.map((name) => name.split('.')[0]!))];
      expect(surface).toEqual({
        keys: [...namespaces, 'on', 'pathsOf', 'openMotionPort'].sort(),
        frozen: true,
        require: 'undefined',
        process: 'undefined',
      });

      const refused = await page.evaluate(() => window.shotput?.settings.set({ theme: 'purple' } as never));
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
      const info = await page.evaluate(() => window.shotput?.app.info());
      expect(info).toMatchObject({ ok: true, value: { name: 'Shotput' } });
    },
    launchTimeout,
  );

  test(
    'the window cannot navigate away, and only http(s) links reach the system browser',
    async () => {
      launched = await launchApp();
      const { page, electron } = launched;
      await waitForShell(page);
      const before = page.url();

      await page.evaluate(() => {
        window.location.href = 'https://example.com/elsewhere';
      });
      await page.evaluate(() => {
        window.open('https://dribbble.com/shots/1', '_blank');
        window.open('file:///etc/passwd', '_blank');
      });
      await expect
        .poll(() => electron.shell.openedExternally, { timeout: uiTimeoutMs })
        .toEqual(['https://dribbble.com/shots/1']);
      // Still the app, still working.
      expect(page.url()).toBe(before);
      await expectVisible(page.getByRole('heading', { name: 'Welcome to Shotput' }));
      expect(await page.evaluate(async () => (await window.shotput?.auth.state())?.ok)).toBe(true);
    },
    launchTimeout,
  );

  test(
    'the app protocol sends the CSP, refuses traversal, and permissions are denied',
    async () => {
      launched = await launchApp();
      const { page, electron } = launched;
      await waitForShell(page);
      const answers = await page.evaluate(async () => {
        const index = await fetch('/index.html');
        const traversal = await fetch('/assets/..%2f..%2f..%2fpackage.json');
        return { csp: index.headers.get('content-security-policy'), traversal: traversal.status };
      });
      // The sandbox is the service in use, started before the window: the header names its exact origin.
      expect(answers).toEqual({ csp: contentSecurityPolicyFor((await launched.sandbox()).url), traversal: 404 });
      expect(await electron.session.defaultSession.requestPermission('media')).toBe(false);
      expect(electron.app.sandboxEnabled).toBe(true);
      expect(electron.protocol.privileged.map((scheme) => scheme.scheme)).toEqual(['app']);
      // The refused traversal is the only error the page saw: no CSP violation, no script error.
      expect(electron.pageErrors).toEqual([expect.stringContaining('404 (Not Found)')]);
    },
    launchTimeout,
  );
});

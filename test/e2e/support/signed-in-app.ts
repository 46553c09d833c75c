// The app launched and signed in to its bundled sandbox through the system browser, with a scratch
// folder for the test's files; all of it closed and removed after each test of the describe block.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { launchApp, waitForShell, type LaunchedApp, type LaunchOptions } from '../harness/index';
import { signInAs } from './sign-in-as';
import { attachSystemBrowser, type SystemBrowser } from './system-browser';

export interface SignedInApp {
  launched: LaunchedApp;
  browser: SystemBrowser;
  /** The bundled sandbox's address. */
  sandboxUrl: string;
}

/** Call inside a describe block: registers the clean-up and answers the two steps of a test's set-up. */
export function useSignedInApp() {
  let launched: LaunchedApp | undefined;
  let browser: SystemBrowser | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await browser?.close();
    await launched?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    launched = undefined;
    browser = undefined;
    dir = undefined;
  });
  return {
    /** A new empty folder, removed after the test. */
    async scratchDir(name: string): Promise<string> {
      dir = await mkdtemp(join(tmpdir(), `shotput-e2e-${name}-`));
      return dir;
    },
    /** Launches the app, waits for its shell and signs in as `username`, whose account shows `name`. */
    async launchSignedIn(username: string, name: string, options?: LaunchOptions): Promise<SignedInApp> {
      launched = await launchApp(options);
      browser = await attachSystemBrowser(launched);
      await waitForShell(launched.page);
      const { sandboxUrl } = await signInAs(launched, browser, username, name);
      return { launched, browser, sandboxUrl };
    },
  };
}

// Signs the app in to its bundled sandbox as a user would: the welcome screen's sandbox button,
// the authorize page in "the browser" (a scripted one, with the sandbox password), then the
// app.shotput:// link back to the app, delivered as the double's platform does (open-url on macOS,
// a second launch elsewhere).
import { expect } from 'vitest';
import { TestBrowser } from '../../auth/browser';
import type { RemoteSandbox } from '../../../main/app/sandbox-process';
import type { LaunchedApp } from './launch-app';
import { uiTimeoutMs } from './page-helpers';

export interface SandboxSignIn {
  /** The bundled sandbox's address (API and images; its control API through launched.sandbox()). */
  sandboxUrl: string;
}

export interface SandboxSignInOptions {
  /**
   * Grant only these scopes, as a user who narrows what the authorize page asks for would. The
   * scripted browser changes the page's scope; the app learns the granted scopes from the token.
   */
  scopes?: string[];
  /** Runs once the sandbox is running, before the user allows: to set the sandbox up. */
  beforeAllowing?: (sandbox: RemoteSandbox) => Promise<void>;
}

export async function signInThroughSandbox(
  launched: LaunchedApp,
  username = 'ada',
  options: SandboxSignInOptions = {},
): Promise<SandboxSignIn> {
  const { page, electron } = launched;
  const opened = electron.shell.openedExternally.length;
  await page.getByRole('button', { name: /bundled sandbox/i }).click({ timeout: uiTimeoutMs });
  await expect
    .poll(() => electron.shell.openedExternally.slice(opened).find((url) => url.includes('/oauth/authorize')), {
      timeout: uiTimeoutMs,
    })
    .toBeTruthy();
  const authorizeUrl = electron.shell.openedExternally.slice(opened).find((url) => url.includes('/oauth/authorize'))!;
  if (options.beforeAllowing !== undefined) await options.beforeAllowing(await launched.sandbox());
  const visited = new URL(authorizeUrl);
  if (options.scopes !== undefined) visited.searchParams.set('scope', options.scopes.join(' '));
  const callback = await new TestBrowser().authorize(visited.toString(), {
    username,
    password: 'sandbox',
    decision: 'allow',
  });
  electron.app.deliverLink(callback);
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByText(/Signed in as/)
    .waitFor({ timeout: uiTimeoutMs });
  return { sandboxUrl: new URL(authorizeUrl).origin };
}

/** A token for a sandbox user straight from its control API: for acting as someone else in a test. */
export async function sandboxToken(
  launched: Pick<LaunchedApp, 'sandbox'>,
  username: string,
  scopes = 'public upload comment write',
): Promise<string> {
  const sandbox = await launched.sandbox();
  return (await sandbox.control.tokens({ username, client_id: 'shotput-desktop', scopes })).access_token;
}

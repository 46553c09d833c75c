// Signs the running app in to its bundled sandbox the way a user does: the welcome screen's
// button, the sandbox's authorize page in the "system browser", Allow, and the deep link back. The
// page is answered by the scripted browser over HTTP (the same form, the same redirect): rendering
// it in a tab for every test cost a second a sign-in, and sign-in.test.ts drives the page itself.
import { expect } from 'vitest';
import type { LaunchedApp } from '../harness/index';
import { expectVisible } from '../harness/index';
import type { SystemBrowser } from './system-browser';

export interface SignedIn {
  /** The bundled sandbox's address (its API; its control API through launched.sandbox()). */
  sandboxUrl: string;
}

export async function signInAs(
  launched: LaunchedApp,
  browser: SystemBrowser,
  username: string,
  name: string,
): Promise<SignedIn> {
  const { page } = launched;
  await page.getByRole('button', { name: 'Use the bundled sandbox' }).click();
  await browser.authorizeScripted({ username, decision: 'Allow' });
  await expectVisible(page.getByRole('region', { name: 'Account' }).getByText(name));
  const authorize = browser.opened.find((url) => url.includes('/oauth/authorize'));
  if (!authorize) throw new Error('The app never opened the authorize page.');
  return { sandboxUrl: new URL(authorize).origin };
}

/** A shot as the sandbox's API answers it: the fields the end-to-end tests check. */
export interface SandboxShot {
  id: number;
  title: string;
  tags: string[];
  team?: { id: number };
  published_at?: string;
  scheduled_for?: string;
  width: number;
  animated: boolean;
}

/** Reads the sandbox's API as a user (a token from its control API, in process), to check what the app did. */
export async function sandboxGet<T>(
  launched: Pick<LaunchedApp, 'sandbox'>,
  username: string,
  path: string,
): Promise<T> {
  const sandbox = await launched.sandbox();
  const token = (
    await sandbox.control.tokens({
      username,
      client_id: 'shotput-desktop',
      scopes: 'public upload',
    })
  ).access_token;
  const response = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Waits for the sandbox to hold the user's shot of this title (published, however long the upload
 * takes within `timeoutMs`), and answers it with the bytes of its largest image as stored.
 */
export async function publishedShotImage(
  launched: Pick<LaunchedApp, 'sandbox'>,
  username: string,
  title: string,
  timeoutMs: number,
): Promise<{ shot: SandboxShot; image: Buffer }> {
  let shot: SandboxShot | undefined;
  await expect
    .poll(
      async () => {
        const shots = await sandboxGet<SandboxShot[]>(launched, username, '/v2/user/shots?per_page=10');
        shot = shots.find((each) => each.title === title);
        return shot !== undefined;
      },
      { timeout: timeoutMs },
    )
    .toBe(true);
  const full = await sandboxGet<{ images: { hidpi: string | null; normal: string } }>(
    launched,
    username,
    `/v2/shots/${shot!.id}`,
  );
  const image = Buffer.from(await (await fetch(full.images.hidpi ?? full.images.normal)).arrayBuffer());
  return { shot: shot!, image };
}

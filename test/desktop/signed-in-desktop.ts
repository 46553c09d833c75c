// A real desktop (session, queue, watched folders) on a real sandbox, signed in the way a user
// does: the sign-in opens the authorize page, the scripted browser allows it, and the deep link
// comes back. Answers once the signed-in account's uploads are available.
import path from 'node:path';
import { AccountManager } from '../../main/auth/account-manager';
import { fileModeSecretBox, ownerOnlyFile } from '../../main/auth/file-persistence';
import { TokenStore } from '../../main/auth/token-store';
import { openDesktop } from '../../main/desktop/desktop';
import type { Desktop } from '../../main/desktop/desktop';
import { afterAll, beforeAll } from 'vitest';
import { TestBrowser } from '../auth/browser';
import { scratch } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import { startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';

export async function signedInDesktop(input: {
  dataDir: string;
  sandbox: Fixture;
  username: string;
  watchStableMs?: number;
  restored?: boolean;
  /** With `restored`: answer as soon as the desktop opens, before the service has accepted the saved sign-in. */
  beforeSignedIn?: boolean;
  /**
   * When the queue first looks for a sent shot. The test sandboxes process one in 50 to 150 ms, so
   * 200 ms by default, as desktop-uploads.test and the CLI tests tell their queues: the app's
   * 2 s, meant for the real service, would be waited out in real time after every upload.
   */
  expectedProcessingMs?: number;
  /** The queue's backoff base after a transient failure (the app's 2 s by default). */
  retryBaseMs?: number;
}): Promise<Desktop> {
  const { dataDir, sandbox, username } = input;
  const opened: string[] = [];
  const desktop = await openDesktop({
    dataDir,
    accounts: new AccountManager({
      store: new TokenStore(fileModeSecretBox, ownerOnlyFile(path.join(dataDir, 'accounts.json'))),
      openExternal: async (url) => void opened.push(url),
      sandbox: async () => sandbox.sandbox,
    }),
    prepareDefaults: () => ({}),
    watchStableMs: input.watchStableMs,
    queueOptions: { expectedProcessingMs: input.expectedProcessingMs ?? 200, retryBaseMs: input.retryBaseMs },
  });
  // A data folder that kept its account (the app started again) signs in by itself.
  if (input.restored) {
    if (input.beforeSignedIn) return desktop;
    for (let i = 0; i < 400 && !desktop.uploads.view().available; i++) await new Promise((r) => setTimeout(r, 10));
    return desktop;
  }
  const signing = desktop.session.signIn({ service: 'sandbox' });
  for (let i = 0; i < 200 && opened.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  await desktop.session.handleDeepLink(
    await new TestBrowser().authorize(opened[0]!, { username, password: 'sandbox', decision: 'allow' }),
  );
  await signing;
  for (let i = 0; i < 200 && !desktop.uploads.view().available; i++) await new Promise((r) => setTimeout(r, 10));
  return desktop;
}

/**
 * The set-up of a file of desktop tests: a sandbox that processes a shot in 150 ms and a scratch
 * folder, made before its tests and closed after them, handed to the file as they are made.
 */
export function useSandboxAndScratch(take: (sandbox: Fixture, files: Scratch) => void): void {
  let sandbox: Fixture | undefined;
  let files: Scratch | undefined;
  beforeAll(async () => {
    sandbox = await startFixture({ processingMs: 150 });
    files = await scratch();
    take(sandbox, files);
  });
  afterAll(async () => {
    await sandbox?.close();
    await files?.cleanup();
  });
}

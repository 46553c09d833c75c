// Builds the desktop session from Electron's pieces after 'ready': the accounts sealed with
// safeStorage inside electron-store (main/app/auth-accounts.ts), or, when this computer cannot
// encrypt at all, accounts kept in memory only (the settings screen says so); the system browser
// for the authorize page; the bundled sandbox in the user-data folder.
import { join } from 'node:path';
import Store from 'electron-store';
import { AccountManager } from '../auth/account-manager';
import { TokenStore } from '../auth/token-store';
import type { TextPersistence } from '../auth/token-store';
import { DesktopSession } from '../desktop/desktop-session';
import { bundledSandbox } from '../service/bundled-sandbox';
import { createDesktopAccounts } from './auth-accounts';

export interface SessionWiringOptions {
  userDataDir: string;
  openExternal: (url: string) => Promise<void>;
  log: (message: string) => void;
}

export async function createDesktopSession(options: SessionWiringOptions): Promise<DesktopSession> {
  const sandboxDataDir = join(options.userDataDir, 'sandbox');
  const keyValueStore = new Store<Record<string, unknown>>({ name: 'accounts', cwd: options.userDataDir });
  const created = createDesktopAccounts({ keyValueStore, sandboxDataDir, log: options.log });
  if (created.ok) return DesktopSession.open({ dataDir: options.userDataDir, accounts: created.accounts, log: options.log });

  options.log(created.reason);
  // Nothing is written unencrypted: the sign-in lasts until the app quits.
  let memory: string | undefined;
  const inMemory: TextPersistence = { read: async () => memory, write: async (text) => void (memory = text) };
  const box = { protection: 'file-permissions' as const, seal: (plain: string) => plain, open: (sealed: string) => sealed };
  const accounts = new AccountManager({
    store: new TokenStore(box, inMemory),
    openExternal: options.openExternal,
    sandbox: () => bundledSandbox({ dataDir: sandboxDataDir }),
    log: options.log,
  });
  return DesktopSession.open({ dataDir: options.userDataDir, accounts, secretStorage: 'unavailable', log: options.log });
}

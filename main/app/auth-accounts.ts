// Builds the app's AccountManager from Electron's pieces: safeStorage seals the tokens and client
// secrets, the given key-value store (electron-store) keeps them, shell.openExternal opens the
// system browser, and the bundled sandbox starts on first use. Call after 'ready'.
import { safeStorage, shell } from 'electron';
import { AccountManager } from '../auth/account-manager';
import { keyValuePersistence } from '../auth/key-value-persistence';
import type { KeyValueStore } from '../auth/key-value-persistence';
import { TokenStore } from '../auth/token-store';
import { safeStorageSecretBox } from './auth-secret-box';
import { appSandbox, type RemoteSandbox } from './sandbox-process';
import type { Result } from '../../common/problem';

export interface DesktopAccountsOptions {
  /** Where sealed accounts are kept, e.g. `new Store({ name: 'accounts' })` from electron-store. */
  keyValueStore: KeyValueStore;
  /** Where the bundled sandbox keeps its state, e.g. join(app.getPath('userData'), 'sandbox'). */
  sandboxDataDir: string;
  /** Told each time the sandbox is asked for, with the running sandbox (its address goes into the CSP). */
  onSandbox?: (sandbox: RemoteSandbox) => void;
  log?: (message: string) => void;
  fetch?: typeof fetch;
}

export type DesktopAccounts = Result<AccountManager>;

export function createDesktopAccounts(options: DesktopAccountsOptions): DesktopAccounts {
  const box = safeStorageSecretBox(safeStorage);
  if (!box.ok) return box;
  const store = new TokenStore(box.value, keyValuePersistence(options.keyValueStore));
  const accounts = new AccountManager({
    store,
    openExternal: (url) => shell.openExternal(new URL(url).href),
    sandbox: async () => {
      const sandbox = await appSandbox({
        dataDir: options.sandboxDataDir,
        ...(options.onSandbox === undefined ? {} : { onSandbox: options.onSandbox }),
        ...(options.log === undefined ? {} : { log: options.log }),
      });
      options.onSandbox?.(sandbox);
      return sandbox;
    },
    log: options.log,
    fetch: options.fetch,
  });
  return { ok: true, value: accounts };
}

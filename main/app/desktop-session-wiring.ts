// Builds the desktop (session, drafts, upload queue, watched folders) from Electron's pieces after
// 'ready': the accounts sealed with safeStorage inside electron-store (main/app/auth-accounts.ts),
// or, when this computer cannot encrypt at all, accounts kept in memory only (the settings screen
// says so); the system browser for the authorize page; the bundled sandbox in the user-data folder.
import { join } from 'node:path';
import Store from 'electron-store';
import { AccountManager } from '../auth/account-manager';
import { TokenStore } from '../auth/token-store';
import type { TextPersistence } from '../auth/token-store';
import { openDesktop } from '../desktop/desktop';
import type { Desktop, DesktopOptions } from '../desktop/desktop';
import { appSandbox, type RemoteSandbox } from './sandbox-process';
import type { PrepareChoice } from '../../common/contract/index';
import { createDesktopAccounts } from './auth-accounts';

export interface DesktopWiringOptions {
  userDataDir: string;
  openExternal: (url: string) => Promise<void>;
  prepareDefaults: () => PrepareChoice;
  log: (message: string) => void;
  env?: NodeJS.ProcessEnv;
  /** The fetch of every request to the service and its sign-in server (the app passes one that logs them). */
  fetch?: typeof fetch;
  /** Told each time the bundled sandbox is asked for, with the running sandbox (its address goes into the CSP). */
  onSandbox?: (sandbox: RemoteSandbox) => void;
}

/**
 * The bundled sandbox as the desktop runs it, in a process of its own: its state in the user-data
 * folder, `onSandbox` told now and after every restart.
 */
export async function desktopSandbox(
  options: Pick<DesktopWiringOptions, 'userDataDir' | 'onSandbox'> & { log?: (message: string) => void },
): Promise<RemoteSandbox> {
  const sandbox = await appSandbox({
    dataDir: join(options.userDataDir, 'sandbox'),
    ...(options.onSandbox === undefined ? {} : { onSandbox: options.onSandbox }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  options.onSandbox?.(sandbox);
  return sandbox;
}

export async function createDesktop(options: DesktopWiringOptions): Promise<Desktop> {
  const sandboxDataDir = join(options.userDataDir, 'sandbox');
  const common: Omit<DesktopOptions, 'accounts'> = {
    dataDir: options.userDataDir,
    log: options.log,
    prepareDefaults: options.prepareDefaults,
    ...tuning(options.env ?? process.env),
  };
  const keyValueStore = new Store<Record<string, unknown>>({
    name: 'accounts',
    cwd: options.userDataDir,
    configFileMode: 0o600,
  });
  const created = createDesktopAccounts({
    keyValueStore,
    sandboxDataDir,
    onSandbox: options.onSandbox,
    log: options.log,
    fetch: options.fetch,
  });
  if (created.ok) return openDesktop({ ...common, accounts: created.value });

  options.log(created.error.message);
  // Nothing is written unencrypted: the sign-in lasts until the app quits.
  let memory: string | undefined;
  const inMemory: TextPersistence = { read: async () => memory, write: async (text) => void (memory = text) };
  const box = {
    protection: 'file-permissions' as const,
    seal: (plain: string) => plain,
    open: (sealed: string) => sealed,
  };
  const accounts = new AccountManager({
    store: new TokenStore(box, inMemory),
    openExternal: options.openExternal,
    sandbox: () => desktopSandbox(options),
    log: options.log,
    fetch: options.fetch,
  });
  return openDesktop({ ...common, accounts, secretStorage: 'unavailable' });
}

/** Tuning read from the environment, as the CLI does: tests run a sandbox that processes fast. */
function tuning(env: NodeJS.ProcessEnv): Pick<DesktopOptions, 'queueOptions' | 'watchStableMs'> {
  const processing = Number(env['SHOTPUT_EXPECTED_PROCESSING_MS']);
  const stable = Number(env['SHOTPUT_WATCH_STABLE_MS']);
  return {
    ...(Number.isFinite(processing) && processing > 0 ? { queueOptions: { expectedProcessingMs: processing } } : {}),
    ...(Number.isFinite(stable) && stable > 0 ? { watchStableMs: stable } : {}),
  };
}

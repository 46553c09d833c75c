// Starts the engine (drafts, images, the queue, watched folders, the service client) in a utility
// process of its own (out/main/engine-host.js) and serves it what only main has: the accounts
// sealed with safeStorage inside electron-store (or, when this computer cannot encrypt at all,
// kept in memory only: the settings screen says so), the system browser, the pickers, the files
// the OS opened with Shotput, and the bundled sandbox, itself in a process of its own.
import { join } from 'node:path';
import { utilityProcess, app } from 'electron';
import Store from 'electron-store';
import { TokenStore, type TextPersistence, type TokenKeeper } from '../auth/token-store';
import { EngineClient, type EngineProcess } from '../engine/engine-client';
import { tokenMethods, type EngineConfig, type TokenMethod } from '../engine/engine-protocol';
import type { Settings } from '../../common/contract/index';
import { appSandbox, type RemoteSandbox } from './sandbox-process';
import { createDesktopTokens } from './auth-accounts';

export interface EngineWiringOptions {
  userDataDir: string;
  settings: () => Settings;
  openExternal: (url: string) => Promise<void>;
  pickPaths: (kind: 'images' | 'image-folder' | 'watch-folder') => Promise<string[]>;
  takeOpenedFiles: () => string[];
  /** A finished line of the engine's log. */
  writeLogLine: (line: string) => void;
  onRestarted: () => void;
  log: (message: string) => void;
  /** Told each time the bundled sandbox is asked for, with the running sandbox (its address goes into the CSP). */
  onSandbox?: (sandbox: RemoteSandbox) => void;
}

/**
 * The bundled sandbox as the desktop runs it, in a process of its own: its state in the user-data
 * folder, `onSandbox` told now and after every restart.
 */
export async function desktopSandbox(
  options: Pick<EngineWiringOptions, 'userDataDir' | 'onSandbox'> & { log?: (message: string) => void },
): Promise<RemoteSandbox> {
  const sandbox = await appSandbox({
    dataDir: join(options.userDataDir, 'sandbox'),
    ...(options.onSandbox === undefined ? {} : { onSandbox: options.onSandbox }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  options.onSandbox?.(sandbox);
  return sandbox;
}

function forkEngine(): EngineProcess {
  const entry = join(app.getAppPath(), 'out', 'main', 'engine-host.js');
  return utilityProcess.fork(entry, [], { serviceName: 'Shotput engine', stdio: 'inherit' });
}

/** Starts the engine's process and resolves once its desktop is open (with the service in use). */
export async function startEngine(options: EngineWiringOptions): Promise<{ engine: EngineClient; service: string }> {
  const tokens = desktopTokens(options.userDataDir, options.log);
  const engine = new EngineClient({
    fork: forkEngine,
    config: (): EngineConfig => ({
      dataDir: options.userDataDir,
      settings: options.settings(),
      protection: tokens.unavailable ? 'unavailable' : tokens.store.protection,
    }),
    main: {
      openExternal: (url: string) => options.openExternal(url),
      pickPaths: (kind: Parameters<EngineWiringOptions['pickPaths']>[0]) => options.pickPaths(kind),
      takeOpenedFiles: () => options.takeOpenedFiles(),
      // Only the addresses cross: the sandbox's control stays with main.
      sandbox: async () => {
        const sandbox = await desktopSandbox(options);
        return { api: sandbox.api, auth: sandbox.auth };
      },
      tokens: (method: TokenMethod, ...args: unknown[]) => {
        if (!tokenMethods.includes(method)) throw new Error(`The token store has no method "${String(method)}".`);
        return (tokens.store[method] as (...given: unknown[]) => Promise<unknown>).apply(tokens.store, args);
      },
    },
    onLogLine: options.writeLogLine,
    onRestarted: options.onRestarted,
    log: options.log,
  });
  const { service } = await engine.start();
  return { engine, service };
}

/** The sealed store; in memory only (nothing written unencrypted) when this computer cannot encrypt. */
function desktopTokens(
  userDataDir: string,
  log: (message: string) => void,
): { store: TokenKeeper; unavailable: boolean } {
  const keyValueStore = new Store<Record<string, unknown>>({
    name: 'accounts',
    cwd: userDataDir,
    configFileMode: 0o600,
  });
  const created = createDesktopTokens(keyValueStore);
  if (created.ok) return { store: created.value, unavailable: false };
  log(created.error.message);
  // The sign-in lasts until the app quits.
  let memory: string | undefined;
  const inMemory: TextPersistence = { read: async () => memory, write: async (text) => void (memory = text) };
  const box = {
    protection: 'file-permissions' as const,
    seal: (plain: string) => plain,
    open: (sealed: string) => sealed,
  };
  return { store: new TokenStore(box, inMemory), unavailable: true };
}

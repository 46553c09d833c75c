// One way for a test to drive Shotput on either runtime (SHOTPUT_E2E_RUNTIME, see
// real-electron.ts): the page of its window, and what the OS would do around it (answer a file
// picker, hand over a sign-in link, choose a menu item, see what was opened in the browser).
// On the double these go to the fake Electron; on the real Electron they run in its main process
// through playwright-core (the dialog and shell.openExternal replaced there, events emitted as
// the OS would).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Electron from 'electron';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { launchApp, type LaunchOptions } from './launch-app';
import { e2eRuntime, realElectronLaunchOptions, type E2eRuntime } from './real-electron';

export interface AppDriver {
  runtime: E2eRuntime;
  platform: NodeJS.Platform;
  page: Page;
  /** What the user picks in the next open dialog. */
  answerOpenDialog(paths: string[]): Promise<void>;
  /** Every address the app handed to the system browser. */
  openedExternally(): Promise<string[]>;
  /** An app.shotput:// link from the browser, the platform's way (open-url, or a second launch). */
  deliverLink(url: string): Promise<void>;
  clickMenu(id: string): Promise<void>;
  /**
   * Runs `fn` in main's process, given Electron's module: on the real Electron through
   * playwright-core (its source is sent, so it may use only its argument and globals such as
   * `process`); on the double in this process, which is where main's code runs there.
   */
  inMain<R, A>(fn: (electron: ElectronModule, arg: A) => R | Promise<R>, arg: A): Promise<R>;
  close(): Promise<void>;
}

/** Electron's module as main's code sees it (the double's, on the double). */
export type ElectronModule = typeof Electron;

export interface DriverOptions extends Pick<LaunchOptions, 'env'> {
  /** How long the real Electron may take to start (default two minutes). */
  launchTimeoutMs?: number;
}

export async function launchDriver(options: DriverOptions = {}): Promise<AppDriver> {
  return e2eRuntime() === 'electron' ? launchRealDriver(options) : launchDoubleDriver(options);
}

async function launchDoubleDriver(options: DriverOptions): Promise<AppDriver> {
  const launched = await launchApp({ env: options.env });
  const { electron } = launched;
  return {
    runtime: 'double',
    platform: electron.platform,
    page: launched.page,
    answerOpenDialog: async (paths) => electron.dialog.answerOpenDialog(paths),
    openedExternally: async () => [...electron.shell.openedExternally],
    deliverLink: async (url) => electron.app.deliverLink(url),
    clickMenu: async (id) => electron.Menu.click(id),
    inMain: async (fn, arg) => fn(electron as unknown as ElectronModule, arg),
    close: () => launched.close(),
  };
}

async function launchRealDriver(options: DriverOptions): Promise<AppDriver> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'shotput-e2e-electron-'));
  let app: ElectronApplication | undefined;
  try {
    const launch = realElectronLaunchOptions({ userDataDir, env: options.env });
    app = await _electron.launch({ ...launch, timeout: options.launchTimeoutMs ?? launch.timeout });
    const page = await app.firstWindow();
    const platform = (await app.evaluate(() => process.platform)) as NodeJS.Platform;
    // The system browser is played by the test: addresses are kept instead of opened.
    await app.evaluate(({ shell }) => {
      const opened: string[] = [];
      (globalThis as { __shotputOpened?: string[] }).__shotputOpened = opened;
      shell.openExternal = async (url: string) => void opened.push(url);
    });
    const running = app;
    return {
      runtime: 'electron',
      platform,
      page,
      answerOpenDialog: (paths) =>
        running.evaluate(({ dialog }, chosen) => {
          const original = dialog.showOpenDialog.bind(dialog);
          dialog.showOpenDialog = (async () => {
            dialog.showOpenDialog = original;
            return { canceled: false, filePaths: chosen };
          }) as typeof dialog.showOpenDialog;
        }, paths),
      openedExternally: () =>
        running.evaluate(() => [...((globalThis as { __shotputOpened?: string[] }).__shotputOpened ?? [])]),
      deliverLink: (url) =>
        running.evaluate(({ app: electronApp }, link) => {
          const event = { preventDefault: () => undefined };
          if (process.platform === 'darwin') electronApp.emit('open-url', event, link);
          else electronApp.emit('second-instance', event, [process.execPath, link], process.cwd(), {});
        }, url),
      clickMenu: (id) =>
        running.evaluate(({ Menu }, itemId) => {
          const item = Menu.getApplicationMenu()?.getMenuItemById(itemId);
          if (!item) throw new Error(`The application menu has no item "${itemId}".`);
          item.click();
        }, id),
      inMain: <R, A>(fn: (electron: ElectronModule, arg: A) => R | Promise<R>, arg: A) =>
        running.evaluate(fn as never, arg) as Promise<R>,
      close: async () => {
        await running.close();
        await rm(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}

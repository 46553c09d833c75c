// electron-updater at the Electron boundary: finds out whether this install can update itself,
// then hands electron-updater's autoUpdater (which reads resources/app-update.yml, written by
// electron-builder from the `publish` block) to the plain-Node UpdateController. Only installing
// (quitAndInstall) and Electron's net module are Electron-specific; the rest is tested in
// test/updates/ against a local feed.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { app } from 'electron';
import type { EngineClient } from '../engine/engine-client';
import type { Logger } from '../logging/logger';
import { UpdateController, type UpdaterPort } from '../updates/update-controller';
import { updateSupport, windowsPublisherIn, type InstallFacts } from '../updates/update-support';
import { launchFacts } from './os-launch';

export interface AppUpdaterOptions {
  engine: EngineClient;
  enabled: boolean;
  log: Logger;
}

export async function createAppUpdater(options: AppUpdaterOptions): Promise<UpdateController> {
  const { engine, log } = options;
  const support = updateSupport(await installFacts());
  if (!support.supported) log.info(`updates: off for this install (${support.reason})`);
  const updater = support.supported ? await loadAutoUpdater(log) : inertUpdater;
  const uploadsIdle = () => engine.status.uploadsIdle;
  const controller = new UpdateController({
    updater,
    currentVersion: app.getVersion(),
    support,
    enabled: options.enabled,
    uploadsIdle,
    onUploadsIdle: (listener) => {
      const onQueue = () => {
        if (uploadsIdle()) listener();
      };
      engine.on('status', onQueue);
      return () => engine.off('status', onQueue);
    },
    log,
  });
  controller.start();
  return controller;
}

async function loadAutoUpdater(log: Logger): Promise<UpdaterPort> {
  // Loaded only when it will be used: creating autoUpdater reads the packed app's files.
  const { default: electronUpdater } = await import('electron-updater');
  // On Linux only the AppImage gets here. electron-updater's autoUpdater would pick its deb
  // updater from the package-type marker that an AppImage may carry (see update-support.ts).
  const updater =
    launchFacts().platform === 'linux' ? new electronUpdater.AppImageUpdater() : electronUpdater.autoUpdater;
  updater.logger = {
    info: (message: unknown) => log.info(String(message)),
    warn: (message: unknown) => log.warn(String(message)),
    error: (message: unknown) => log.warn(String(message)),
    debug: () => undefined,
  };
  return updater;
}

/** An install that cannot update itself never touches electron-updater. */
const inertUpdater: UpdaterPort = {
  autoDownload: false,
  autoInstallOnAppQuit: false,
  checkForUpdates: async () => null,
  downloadUpdate: async () => undefined,
  quitAndInstall: () => undefined,
  on: () => undefined,
};

async function installFacts(): Promise<InstallFacts> {
  const { platform } = launchFacts();
  const facts: InstallFacts = { platform, isPackaged: app.isPackaged };
  if (!app.isPackaged) return facts;
  if (platform === 'linux') {
    // electron-builder writes the package type (deb, rpm, pacman) beside the app; the AppImage runtime sets APPIMAGE.
    facts.packageType = await readFile(join(process.resourcesPath, 'package-type'), 'utf8').catch(() => undefined);
    facts.appImagePath = process.env['APPIMAGE'];
  }
  if (platform === 'win32') {
    // electron-builder names the publisher here only for a signed build; electron-updater checks the download against it.
    const yml = await readFile(join(process.resourcesPath, 'app-update.yml'), 'utf8').catch(() => '');
    facts.windowsPublisher = windowsPublisherIn(yml);
  }
  if (platform === 'darwin') {
    // …/Shotput.app/Contents/MacOS/Shotput → …/Shotput.app
    const bundle = join(process.execPath, '..', '..', '..');
    facts.macSignature = await promisify(execFile)('codesign', ['-dv', '--verbose=2', bundle]).then(
      (result) => result.stderr,
      (error: { stderr?: string }) => error.stderr ?? '',
    );
  }
  return facts;
}

// What surrounds the window once the engine is open: the application menu and About panel and the
// updater. Returns what the request handlers need for Settings (About facts, Show logs, the
// updater). The log lines of the queue and the rate-limit governor are the engine's own.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app } from 'electron';
import type { EventName, EventPayload } from '../../common/contract/index';
import type { EngineClient } from '../engine/engine-client';
import type { SettingsFile } from '../settings/settings-file';
import type { AppLog } from './app-logging';
import { installAppMenu } from './app-menu';
import { createAppUpdater } from './app-updater';
import type { AppShellContext } from '../desktop/handlers/app-shell-handlers';
import { projectLinks, repositoryFromUpdateConfig } from './menu/project-links';
import { launchFacts } from './os-launch';

export interface AppShellWiringOptions {
  engine: EngineClient;
  appLog: AppLog;
  settings: SettingsFile;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  openExternal: (url: string) => Promise<void>;
  /** Brings the window back (opening it if it was closed) before a menu command goes to it. */
  showWindow: () => void;
}

const HOMEPAGE = 'https://shotput.app';

export async function startAppShell(options: AppShellWiringOptions): Promise<AppShellContext> {
  const { engine, appLog, emit } = options;

  const runtime = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  const versions = {
    app: app.getVersion(),
    electron: runtime.electron ?? 'unknown',
    chromium: runtime.chrome ?? 'unknown',
    node: runtime.node,
  };
  // The packed app's app-update.yml names the GitHub repository it updates from.
  const updateConfig = app.isPackaged
    ? await readFile(join(process.resourcesPath, 'app-update.yml'), 'utf8').catch(() => undefined)
    : undefined;
  const links = projectLinks(repositoryFromUpdateConfig(updateConfig), HOMEPAGE);

  installAppMenu({
    versions,
    links,
    homepage: HOMEPAGE,
    command: (command) => {
      options.showWindow();
      emit('menu.command', { command });
    },
    openInBrowser: options.openExternal,
    showLogs: appLog.showLogs,
    log: appLog.logger.scope('menu'),
  });

  // Not awaited: finding out how Shotput was installed (and loading electron-updater) must not hold
  // up the window. Its requests wait for it instead.
  const updates = createAppUpdater({
    engine,
    enabled: options.settings.get().checkForUpdates,
    log: appLog.logger.scope('updates'),
  });
  updates.then(
    (controller) => controller.on('changed', (view) => emit('updates.changed', view)),
    (error: unknown) => appLog.logger.scope('updates').warn(`The updater could not be set up: ${String(error)}`),
  );

  return {
    about: {
      name: app.getName(),
      version: versions.app,
      electron: versions.electron,
      chromium: versions.chromium,
      node: versions.node,
      platform: launchFacts().platform,
      arch: process.arch,
      logFile: appLog.file.path,
      releasesUrl: links.releases,
    },
    showLogs: appLog.showLogs,
    updates,
  };
}

// What surrounds the window once the desktop is open: the application menu and About panel, the
// updater, and the log lines of the queue and the rate-limit governor. Returns what the request
// handlers need for Settings (About facts, Show logs, the updater).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app } from 'electron';
import type { EventName, EventPayload } from '../../common/contract/index';
import type { Desktop } from '../desktop/desktop';
import { describeFolderChanges, logJobEvent, logRateLimitWaits, type FolderSnapshot } from '../logging/activity-log';
import type { SettingsFile } from '../settings/settings-file';
import type { AppLog } from './app-logging';
import { installAppMenu } from './app-menu';
import { createAppUpdater } from './app-updater';
import type { AppShellContext } from '../desktop/handlers/app-shell-handlers';
import { projectLinks, repositoryFromUpdateConfig } from './menu/project-links';
import { launchFacts } from './os-launch';

export interface AppShellWiringOptions {
  desktop: Desktop;
  appLog: AppLog;
  settings: SettingsFile;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  openExternal: (url: string) => Promise<void>;
  /** Brings the window back (opening it if it was closed) before a menu command goes to it. */
  showWindow: () => void;
}

const HOMEPAGE = 'https://shotput.app';

export async function startAppShell(options: AppShellWiringOptions): Promise<AppShellContext> {
  const { desktop, appLog, emit } = options;
  followActivity(desktop, appLog);

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
    desktop,
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

/** Job state changes, waits for the rate-limit window, sign-ins and what watched folders do. */
function followActivity(desktop: Desktop, appLog: AppLog): void {
  const watchLog = appLog.logger.scope('watch');
  let folders: FolderSnapshot[] = desktop.watch.list();
  desktop.watch.on('changed', (next) => {
    for (const line of describeFolderChanges(folders, next)) watchLog.info(line);
    folders = next;
  });
  const queueLog = appLog.logger.scope('queue');
  const serviceLog = appLog.logger.scope('service');
  let offQueue: (() => void) | undefined;
  const followQueue = (queue: ReturnType<Desktop['uploads']['queue']>) => {
    offQueue?.();
    offQueue = undefined;
    if (queue === undefined) return;
    const onEvent = (event: Parameters<typeof logJobEvent>[1]) => logJobEvent(queueLog, event);
    queue.on('event', onEvent);
    offQueue = () => queue.off('event', onEvent);
  };
  let offRate: (() => void) | undefined;
  const followGovernor = (client: ReturnType<Desktop['session']['client']>) => {
    offRate?.();
    offRate =
      client === undefined ? undefined : logRateLimitWaits(serviceLog, (listener) => client.governor.onState(listener));
  };
  // A saved sign-in may already be open.
  followQueue(desktop.uploads.queue());
  followGovernor(desktop.session.client());
  desktop.uploads.on('opened', followQueue);
  desktop.session.events.on('account', (account) => {
    followGovernor(account?.client);
    appLog.logger
      .scope('auth')
      .info(account === undefined ? 'signed out' : `signed in to ${account.endpoint.id} as user ${account.user.id}`);
  });
}

// Installs the application menu (app-menu-template.ts) and the About panel's text. Window commands
// go to the renderer through the contract's menu.command event.
import { release } from 'node:os';
import { app, Menu } from 'electron';
import type { MenuCommand } from '../../common/contract/index';
import type { Logger } from '../logging/logger';
import { aboutPanelOptions, type RuntimeVersions } from './menu/about-panel';
import { appMenuTemplate } from './menu/app-menu-template';
import type { ProjectLinks } from './menu/project-links';
import { launchFacts } from './os-launch';

export interface AppMenuOptions {
  versions: RuntimeVersions;
  links: ProjectLinks;
  homepage: string;
  command: (command: MenuCommand) => void;
  /** The checked opener of main/app/open-external.ts (http and https only). */
  openInBrowser: (url: string) => Promise<void>;
  showLogs: () => Promise<void>;
  log: Logger;
}

export function installAppMenu(options: AppMenuOptions): void {
  const { versions, links, log } = options;
  const open = (url: string) =>
    void options.openInBrowser(url).catch((error: unknown) => log.warn(`Opening ${url} failed: ${String(error)}`));
  app.setAboutPanelOptions(aboutPanelOptions(app.getName(), versions, options.homepage, launchFacts().platform));
  const template = appMenuTemplate({
    platform: launchFacts().platform,
    appName: app.getName(),
    isPackaged: app.isPackaged,
    actions: {
      command: (command) => {
        log.info(`menu: ${command}`);
        options.command(command);
      },
      openDocumentation: () => open(links.documentation),
      showLogs: () =>
        void options.showLogs().catch((error: unknown) => log.warn(`Showing the logs failed: ${String(error)}`)),
      reportProblem: () =>
        open(
          links.reportProblem({
            appVersion: versions.app,
            electron: versions.electron,
            chromium: versions.chromium,
            platform: launchFacts().platform,
            arch: process.arch,
            osRelease: release(),
          }),
        ),
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

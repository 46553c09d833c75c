import { homedir, userInfo } from 'node:os';
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { aboutPanelOptions } from '../../main/app/menu/about-panel';
import { appMenuTemplate, type MenuActions } from '../../main/app/menu/app-menu-template';
import { projectLinks, repositoryFromUpdateConfig } from '../../main/app/menu/project-links';
import type { MenuCommand } from '../../common/contract/index';

function recordingActions(): MenuActions & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    command: (command: MenuCommand) => void calls.push(`command:${command}`),
    openDocumentation: () => void calls.push('documentation'),
    showLogs: () => void calls.push('show-logs'),
    reportProblem: () => void calls.push('report-problem'),
  };
}

function submenuOf(item: MenuItemConstructorOptions): MenuItemConstructorOptions[] {
  return Array.isArray(item.submenu) ? item.submenu : [];
}

/** Every item, menus and their submenus, depth first. */
function allItems(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...allItems(submenuOf(item))]);
}

function menu(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  const found = template.find((item) => item.label?.replace('&', '') === label);
  if (found === undefined) throw new Error(`no ${label} menu`);
  return submenuOf(found);
}

const roles = (items: MenuItemConstructorOptions[]) => items.map((item) => item.role).filter(Boolean);
const byId = (template: MenuItemConstructorOptions[], id: string) => allItems(template).find((item) => item.id === id);
const click = (item: MenuItemConstructorOptions | undefined) => (item?.click as (() => void) | undefined)?.();

describe.each(['darwin', 'win32', 'linux'] as const)('the application menu on %s', (platform) => {
  const mac = platform === 'darwin';
  const build = (isPackaged: boolean, actions = recordingActions()) =>
    appMenuTemplate({ platform, appName: 'Shotput', isPackaged, actions });

  it('has the menus of the platform, in its order', () => {
    const labels = build(true).map((item) => item.label?.replace('&', ''));
    expect(labels).toEqual(
      mac ? ['Shotput', 'File', 'Edit', 'View', 'Window', 'Help'] : ['File', 'Edit', 'View', 'Window', 'Help'],
    );
  });

  it('puts About, Settings, Hide and Quit where the platform expects them', () => {
    const template = build(true);
    expect(byId(template, 'settings')).toMatchObject({
      accelerator: 'CmdOrCtrl+,',
      label: mac ? 'Settings…' : 'Settings',
    });
    if (mac) {
      const appMenu = menu(template, 'Shotput');
      expect(roles(appMenu)).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
      expect(appMenu.map((item) => item.id)).toContain('settings');
    } else {
      expect(roles(menu(template, 'File'))).toEqual(['close', 'quit']);
      expect(roles(menu(template, 'Help'))).toEqual(['about']);
      expect(roles(allItems(template))).not.toContain('hide');
      expect(roles(allItems(template))).not.toContain('services');
    }
  });

  it('has File commands with their accelerators, and they reach the window as menu commands', () => {
    const actions = recordingActions();
    const template = build(true, actions);
    const file = menu(template, 'File');
    expect(
      file
        .filter((item) => item.id !== undefined && item.id !== 'settings')
        .map((item) => [item.label, item.accelerator]),
    ).toEqual([
      ['Add images…', 'CmdOrCtrl+O'],
      ['Add a folder…', 'CmdOrCtrl+Shift+O'],
      ['Upload all', 'CmdOrCtrl+Enter'],
    ]);
    expect(file.find((item) => item.role === 'close')?.label).toBe('Close window');
    for (const id of ['add-images', 'add-folder', 'upload-all', 'settings']) click(byId(template, id));
    expect(actions.calls).toEqual([
      'command:add-images',
      'command:add-folder',
      'command:upload-all',
      'command:open-settings',
    ]);
  });

  it('gives Edit the standard roles, so copy and paste work in every field', () => {
    expect(roles(menu(build(true), 'Edit'))).toEqual(
      mac
        ? ['undo', 'redo', 'cut', 'copy', 'paste', 'pasteAndMatchStyle', 'delete', 'selectAll']
        : ['undo', 'redo', 'cut', 'copy', 'paste', 'delete', 'selectAll'],
    );
  });

  it('offers zoom and full screen, and developer tools only when run from source', () => {
    expect(roles(menu(build(true), 'View'))).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    for (const role of ['toggleDevTools', 'reload', 'forceReload'])
      expect(roles(allItems(build(true)))).not.toContain(role);
    expect(roles(menu(build(false), 'View'))).toEqual([
      'reload',
      'forceReload',
      'toggleDevTools',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
    ]);
  });

  it('has a Window menu and a Help menu with documentation, Show logs and Report a problem', () => {
    const actions = recordingActions();
    const template = build(true, actions);
    const window = template.find((item) => item.role === 'windowMenu');
    expect(roles(submenuOf(window!))).toEqual(mac ? ['minimize', 'zoom', 'front'] : ['minimize', 'close']);
    // The help role is macOS's (its search field); elsewhere Help is a plain menu.
    expect(template.at(-1)?.role).toBe(mac ? 'help' : undefined);
    expect(template.at(-1)?.label).toBe(mac ? 'Help' : '&Help');
    for (const id of ['documentation', 'show-logs', 'report-problem']) click(byId(template, id));
    expect(actions.calls).toEqual(['documentation', 'show-logs', 'report-problem']);
  });
});

describe('the About panel', () => {
  const versions = { app: '0.3.0', electron: '45.4.1', chromium: '142.0.7444.59', node: '22.20.0' };
  const runtime = 'Electron 45.4.1, Chromium 142.0.7444.59, Node 22.20.0';

  it('shows the version with the Electron and Chromium it runs on, in the fields each platform shows', () => {
    expect(aboutPanelOptions('Shotput', versions, 'https://shotput.app', 'darwin')).toMatchObject({
      applicationVersion: '0.3.0',
      version: runtime,
      credits: runtime,
    });
    expect(aboutPanelOptions('Shotput', versions, 'https://shotput.app', 'win32')).toMatchObject({
      applicationVersion: '0.3.0',
      credits: runtime,
    });
    // Linux shows no version or credits field: the runtime follows the app's version.
    const linux = aboutPanelOptions('Shotput', versions, 'https://shotput.app', 'linux');
    expect(linux).toEqual({
      applicationName: 'Shotput',
      applicationVersion: `0.3.0 (${runtime})`,
      copyright: 'Copyright © Shotput',
      website: 'https://shotput.app',
    });
  });
});

describe('project links', () => {
  const facts = {
    appVersion: '0.3.0',
    electron: '45.4.1',
    chromium: '142.0.7444.59',
    platform: 'linux',
    arch: 'x64',
    osRelease: '6.1.0-18-amd64',
  };

  it('reads the repository electron-builder wrote into app-update.yml', () => {
    expect(
      repositoryFromUpdateConfig(
        'owner: shotput-app\nrepo: shotput\nprovider: github\nreleaseType: draft\nupdaterCacheDirName: shotput-updater\n',
      ),
    ).toEqual({ owner: 'shotput-app', repo: 'shotput' });
    expect(repositoryFromUpdateConfig('provider: generic\nurl: https://example.test/\n')).toBeUndefined();
    expect(repositoryFromUpdateConfig(undefined)).toBeUndefined();
  });

  it('opens a new issue with the version and system filled in, and nothing personal', () => {
    const url = new URL(
      projectLinks({ owner: 'shotput-app', repo: 'shotput' }, 'https://shotput.app').reportProblem(facts),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://github.com/shotput-app/shotput/issues/new');
    const body = url.searchParams.get('body') ?? '';
    expect(body).toContain('Shotput 0.3.0 (Electron 45.4.1, Chromium 142.0.7444.59)');
    expect(body).toContain('linux 6.1.0-18-amd64 (x64)');
    expect(body).not.toContain(userInfo().username);
    expect(body).not.toContain(homedir());
  });

  it('falls back to the homepage when the repository is not known (a build run from source)', () => {
    const links = projectLinks(undefined, 'https://shotput.app');
    expect([links.documentation, links.releases, links.reportProblem(facts)]).toEqual([
      'https://shotput.app',
      'https://shotput.app',
      'https://shotput.app',
    ]);
  });
});

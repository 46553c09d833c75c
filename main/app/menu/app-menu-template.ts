// The application menu, one template per platform, as each platform's users expect it: the macOS
// app menu (About, Settings… ⌘,, Hide, Quit), File, Edit with the standard roles (so copy and paste
// work in every field on macOS), View (zoom and full screen; reload and developer tools only in a
// build run from source), Window and Help. Commands that belong to the window go to the renderer
// as the contract's `menu.command` event; the rest are done here. Pure data: tested per platform.
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../../common/contract/index';

export interface MenuActions {
  /** A command for the window (through the contract's menu.command event). */
  command(command: MenuCommand): void;
  openDocumentation(): void;
  showLogs(): void;
  reportProblem(): void;
}

export interface MenuTemplateOptions {
  platform: NodeJS.Platform;
  appName: string;
  isPackaged: boolean;
  actions: MenuActions;
}

export function appMenuTemplate(options: MenuTemplateOptions): MenuItemConstructorOptions[] {
  const { platform, appName, isPackaged, actions } = options;
  const mac = platform === 'darwin';
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  const settings: MenuItemConstructorOptions = {
    id: 'settings',
    label: mac ? 'Settings…' : 'Settings',
    accelerator: 'CmdOrCtrl+,',
    click: () => actions.command('open-settings'),
  };
  const about: MenuItemConstructorOptions = { role: 'about', label: `About ${appName}` };

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      about,
      separator,
      settings,
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };

  const file: MenuItemConstructorOptions = {
    label: mac ? 'File' : '&File',
    submenu: [
      {
        id: 'add-images',
        label: 'Add images…',
        accelerator: 'CmdOrCtrl+O',
        click: () => actions.command('add-images'),
      },
      {
        id: 'add-folder',
        label: 'Add a folder…',
        accelerator: 'CmdOrCtrl+Shift+O',
        click: () => actions.command('add-folder'),
      },
      separator,
      {
        id: 'upload-all',
        label: 'Upload all',
        accelerator: 'CmdOrCtrl+Enter',
        click: () => actions.command('upload-all'),
      },
      separator,
      ...(mac
        ? [{ role: 'close', label: 'Close window' } as const]
        : [
            settings,
            separator,
            { role: 'close', label: 'Close window' } as const,
            { role: 'quit', label: 'Quit' } as const,
          ]),
    ],
  };

  const edit: MenuItemConstructorOptions = {
    label: mac ? 'Edit' : '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: mac ? 'View' : '&View',
    submenu: [
      // Developer tools would let anyone at the keyboard script the signed-in window: source builds only.
      ...(isPackaged
        ? []
        : [
            { role: 'reload' } as const,
            { role: 'forceReload' } as const,
            { role: 'toggleDevTools' } as const,
            separator,
          ]),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };

  const window: MenuItemConstructorOptions = {
    role: 'windowMenu',
    label: mac ? 'Window' : '&Window',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };

  // The `help` role (the system's search field in the Help menu) exists on macOS only.
  const help: MenuItemConstructorOptions = {
    ...(mac ? { role: 'help' as const } : {}),
    label: mac ? 'Help' : '&Help',
    submenu: [
      { id: 'documentation', label: `${appName} documentation`, click: () => actions.openDocumentation() },
      { id: 'show-logs', label: 'Show logs', click: () => actions.showLogs() },
      { id: 'report-problem', label: 'Report a problem…', click: () => actions.reportProblem() },
      ...(mac ? [] : [separator, about]),
    ],
  };

  return mac ? [appMenu, file, edit, view, window, help] : [file, edit, view, window, help];
}

// session and shell of the fake Electron: records what main/app installs, so tests can ask
// the REAL permission handlers and see which links were sent to the system browser.
import { isAbsolute } from 'node:path';

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: unknown,
) => void;
type PermissionCheckHandler = (contents: unknown, permission: string, origin: string, details: unknown) => boolean;

export class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;

  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }

  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.permissionCheckHandler = handler;
  }

  /** Asks the installed request handler as Chromium would; resolves to its decision. */
  requestPermission(permission: string): Promise<boolean> {
    const handler = this.permissionRequestHandler;
    // Electron grants everything when no handler is installed: the fake mirrors that.
    if (handler === null) return Promise.resolve(true);
    return new Promise((resolve) => handler(null, permission, resolve, {}));
  }
}

export class FakeShell {
  readonly openedExternally: string[] = [];
  /** Files shown in the file manager (Show logs). */
  readonly shownInFolder: string[] = [];

  /** Electron takes a full path ("fullPath"); a relative one names nothing. */
  showItemInFolder(path: string): void {
    if (typeof path !== 'string' || !isAbsolute(path))
      throw new TypeError(`shell.showItemInFolder takes a full path, not "${String(path)}".`);
    this.shownInFolder.push(path);
  }

  openExternal(url: string): Promise<void> {
    this.openedExternally.push(url);
    return Promise.resolve();
  }
}

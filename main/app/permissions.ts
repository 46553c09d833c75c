// The app needs no web permission (camera, notifications, geolocation, …): refuse them all,
// both the prompts and the silent checks.
import type { Session } from 'electron';

type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => {
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
}

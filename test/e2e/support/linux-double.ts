// The Electron double as a Linux desktop with a tray host and notifications, for tests of the double
// itself (its ports and processes) rather than of the app.
import { FakeElectron } from '../harness/fake-electron';
import { repoRoot } from '../harness/repo-paths';

export function linuxDouble(userDataDir: string): FakeElectron {
  return new FakeElectron({
    appPath: repoRoot,
    userDataDir,
    singleInstanceLock: true,
    platform: 'linux',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    secretStorage: 'gnome_libsecret',
    desktop: { trayHost: true, notifications: true },
  });
}

// A stand-in for main/app's About facts, log opener and updater, for handler tests that do not
// look at them (the updater itself is tested in test/updates/).
import type { AppShellContext } from '../../main/desktop/handlers/app-shell-handlers';
import type { UpdateView } from '../../common/contract/index';

export function fakeAppShell(overrides: Partial<AppShellContext> = {}): AppShellContext & { logsShown: number } {
  const view: UpdateView = {
    currentVersion: '0.0.0',
    status: 'unsupported',
    unsupportedReason:
      'This copy of Shotput runs from its source code, so it does not update itself; pull the latest code instead.',
    availableVersion: null,
    percent: null,
    lastCheckedAt: null,
    nextCheckAt: null,
    problem: null,
    restartWhenIdle: false,
  };
  const shell = {
    logsShown: 0,
    about: {
      name: 'Shotput',
      version: '0.0.0',
      electron: '45.4.1',
      chromium: '142.0.0.0',
      node: '24.11.0',
      platform: 'linux',
      arch: 'x64',
      logFile: '/tmp/shotput.log',
      releasesUrl: 'https://shotput.app',
    },
    showLogs: async () => void shell.logsShown++,
    updates: Promise.resolve({
      view: () => view,
      checkNow: async () => view,
      setEnabled: () => view,
      restart: () => 'nothing-to-install' as const,
    }),
    ...overrides,
  };
  return shell;
}

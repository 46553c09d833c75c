// One Shotput at a time: a second launch hands its command line (deep links arrive that way
// on Windows and Linux) to the first and quits.
import type { App } from 'electron';

type InstanceApp = Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>;

/** Returns false when another instance already runs (this one is then quitting). */
export function claimSingleInstance(app: InstanceApp, onSecondInstance: (argv: string[]) => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', (_event, argv) => {
    onSecondInstance(argv);
  });
  return true;
}

// One Shotput at a time: a second launch hands its command line (deep links and opened files
// arrive that way on Windows and Linux) and its working folder to the first and quits.
import type { App } from 'electron';

type InstanceApp = Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>;

/** Returns false when another instance already runs (this one is then quitting). */
export function claimSingleInstance(
  app: InstanceApp,
  onSecondInstance: (argv: string[], workingDirectory: string) => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', (_event, argv, workingDirectory) => {
    onSecondInstance(argv, workingDirectory);
  });
  return true;
}

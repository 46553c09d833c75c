// What the operating system handed this process: the platform it runs on, this launch's command
// line, and whether it runs from source (`electron .`, where the executable is Electron itself).
// main/app asks here, never `process.platform` directly, so that the end-to-end harness can state
// the platform its Electron double plays (test/e2e/harness/launch-app.ts replaces this module).
export interface LaunchFacts {
  platform: NodeJS.Platform;
  argv: readonly string[];
  /** process.defaultApp: true when started as `electron .` in development. */
  defaultApp: boolean;
  execPath: string;
}

export function launchFacts(): LaunchFacts {
  return {
    platform: process.platform,
    argv: process.argv,
    defaultApp: Boolean(process.defaultApp),
    execPath: process.execPath,
  };
}

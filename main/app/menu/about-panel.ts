// What the About panel says: the app's version with the Electron and Chromium it runs on. Each
// platform shows different fields (Electron 45, AboutPanelOptionsOptions): macOS shows `version`
// in parentheses after the app's version and the `credits`; Windows shows the `credits`; Linux
// shows neither, only name, version, copyright, authors and website, so there the runtime goes
// after the app's version.
import type { AboutPanelOptionsOptions } from 'electron';

export interface RuntimeVersions {
  app: string;
  electron: string;
  chromium: string;
  node: string;
}

export function aboutPanelOptions(
  appName: string,
  versions: RuntimeVersions,
  website: string,
  platform: NodeJS.Platform,
): AboutPanelOptionsOptions {
  const runtime = `Electron ${versions.electron}, Chromium ${versions.chromium}, Node ${versions.node}`;
  const copyright = `Copyright © ${appName}`;
  if (platform === 'linux')
    return { applicationName: appName, applicationVersion: `${versions.app} (${runtime})`, copyright, website };
  if (platform === 'win32')
    return { applicationName: appName, applicationVersion: versions.app, credits: runtime, copyright };
  return { applicationName: appName, applicationVersion: versions.app, version: runtime, credits: runtime, copyright };
}

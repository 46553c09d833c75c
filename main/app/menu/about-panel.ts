// What the About panel says: the app's version with the Electron and Chromium it runs on (macOS
// shows `version` in parentheses after the app's version; Linux and Windows show the credits).
import type { AboutPanelOptionsOptions } from 'electron';

export interface RuntimeVersions {
  app: string;
  electron: string;
  chromium: string;
  node: string;
}

export function aboutPanelOptions(appName: string, versions: RuntimeVersions, website: string): AboutPanelOptionsOptions {
  const runtime = `Electron ${versions.electron}, Chromium ${versions.chromium}, Node ${versions.node}`;
  return {
    applicationName: appName,
    applicationVersion: versions.app,
    version: runtime,
    credits: runtime,
    copyright: `Copyright © ${appName}`,
    website,
  };
}

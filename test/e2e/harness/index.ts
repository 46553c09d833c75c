// The end-to-end harness: see README ("End-to-end tests") for how it replaces Electron.
export { launchApp, type LaunchedApp, type LaunchOptions } from './launch-app';
export { dropFiles, expectVisible, prepareDrop, saveScreenshot, uiTimeoutMs, waitForShell } from './page-helpers';
export { chromiumLaunchOptions } from './chromium-launch-options';

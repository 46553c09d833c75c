// How the harness starts Chromium: the system's build, headless, with what would make it talk to the
// network or show first-run screens turned off.
import type { LaunchOptions } from 'playwright-core';
import { disabledFeaturesSwitch } from './chromium-features';

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env['SHOTPUT_CHROMIUM'] ?? '/usr/bin/chromium',
  headless: true,
  timeout: 120_000,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // Playwright's own list and the address bar's popup renderer (chromium-features.ts).
    disabledFeaturesSwitch(),
  ],
};

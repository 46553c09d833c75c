// Global set-up of the end-to-end tier: builds the app once if out/ is stale (before any worker
// starts, instead of the first launches racing for the build lock), and starts ONE Chromium for
// the whole tier. Each test's windows still get fresh browser contexts of their own
// (fake-browser-window.ts), so nothing but the browser process is shared; a launch that boots
// Chromium anew cost every test about a second and a half of two busy cores.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../e2e/harness/ensure-build';
import { chromiumLaunchOptions } from '../e2e/harness/fake-electron';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tier's shared Chromium (empty when a test runs outside this set-up). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuild();
  const server = await chromium.launchServer(chromiumLaunchOptions);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}

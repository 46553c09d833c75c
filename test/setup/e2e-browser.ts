// Global set-up of the end-to-end tier: builds the app once if out/ is stale (before any worker
// starts, instead of the first launches racing for the build lock), and starts one Chromium per
// worker slot of the tier. A worker connects to the browser of its slot (VITEST_POOL_ID), so a
// browser serves one test at a time, as a window of Electron has its own browser: one test's
// heavy page (a walk's screenshots, a clip's decoding) no longer queues another test's input
// behind it in a shared browser process. Each test's windows still get fresh browser contexts of
// their own (fake-browser-window.ts); a launch that booted Chromium anew for every test cost about
// a second and a half of two busy cores, so the slots' browsers are started here, once.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../e2e/harness/ensure-build';
import { chromiumLaunchOptions } from '../e2e/harness/fake-electron';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The browsers of the tier's worker slots, by slot (empty when a test runs outside this set-up). */
    chromiumEndpoints: string[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuild();
  const slots = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers = await Promise.all(Array.from({ length: slots }, () => chromium.launchServer(chromiumLaunchOptions)));
  project.provide(
    'chromiumEndpoints',
    servers.map((server) => server.wsEndpoint()),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.close()));
  };
}

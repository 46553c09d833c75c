// Global set-up of the end-to-end tier: builds the app once if out/ is stale, before any worker
// starts, instead of the first launches racing for the build lock. Each worker process starts its
// own Chromium on its first window and keeps it (e2e/harness/worker-browser.ts).
import { ensureBuild } from '../e2e/harness/ensure-build';

export default function setup(): void {
  ensureBuild();
}

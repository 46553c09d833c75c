// The end-to-end tests load the BUILT preload and renderer from out/. `npm test` builds before
// vitest runs; when a test is run on its own, this builds once if out/ is missing or older than
// its sources. A file lock keeps test files running in parallel from building at the same time.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBuildFresh } from './build-freshness';
import { repoRoot } from './repo-paths';

export function ensureBuild(): void {
  if (isBuildFresh()) return;
  const lock = join(tmpdir(), `shotput-build-${Buffer.from(repoRoot).toString('hex').slice(-32)}.lock`);
  const script = join(repoRoot, 'test', 'e2e', 'harness', 'build-if-stale.ts');
  const result = spawnSync('flock', [lock, process.execPath, '--import', 'tsx', script], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0 || !isBuildFresh()) {
    throw new Error(
      `Building the app for the end-to-end tests failed (run “npm run build” to see why):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

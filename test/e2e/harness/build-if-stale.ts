// Run under a file lock by ensure-build.ts: builds the app unless out/ is already fresh.
import { spawnSync } from 'node:child_process';
import { isBuildFresh } from './build-freshness';
import { repoRoot } from './repo-paths';

if (!isBuildFresh()) {
  const result = spawnSync('npx', ['electron-vite', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

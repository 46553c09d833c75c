// Tests that run `bin/shotput.js` run the built CLI: build it once per test run so they see the
// current sources, never a stale bundle. The build is npm run cli's (scripts/build-cli-in-place.js):
// nothing is built when the bundle is newer than its sources, and out/cli/cli.js is never missing,
// so a `shotput` command running from this checkout while the tests start is not broken (a plain
// vite build empties out/cli first).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildCli(): void {
  const script = fileURLToPath(new URL('../../scripts/build-cli-in-place.js', import.meta.url));
  execFileSync(process.execPath, [script], { cwd: fileURLToPath(new URL('../..', import.meta.url)), stdio: 'inherit' });
}

// Whether out/ holds a build at least as new as the sources the end-to-end tests load from it
// (the preload, the renderer and the sandbox's process; main/app runs from source under the harness).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { outDir, repoRoot } from './repo-paths';

const builtFiles = ['preload/index.cjs', 'renderer/index.html', 'main/index.js', 'main/sandbox-host.js'].map((file) =>
  join(outDir, file),
);
const sources = [
  'common',
  'preload',
  'renderer',
  'sandbox',
  'main/service/sandbox-host.ts',
  'main/service/sandbox-host-protocol.ts',
  'main/service/bundled-sandbox.ts',
  'electron.vite.config.ts',
].map((path) => join(repoRoot, path));

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

export function isBuildFresh(): boolean {
  if (!builtFiles.every((file) => existsSync(file))) return false;
  const oldestOutput = Math.min(...builtFiles.map((file) => statSync(file).mtimeMs));
  return Math.max(...sources.map(newestModification)) <= oldestOutput;
}

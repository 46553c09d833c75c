// The other runtime of the end-to-end tests: the real Electron binary, started by playwright-core's
// Electron launcher on the BUILT app (package.json's main, out/main/index.js), as CI does on
// macOS, Windows and Linux (.github/workflows/ci.yml, job "E2E walk and responsiveness on the real
// Electron").
// SHOTPUT_E2E_RUNTIME picks it: `double` (default: the test double of test/e2e/harness, all this
// machine can run) or `electron`. The Electron binary cannot be downloaded here, so
// test/e2e/real-electron-launch.test.ts checks how it would be started without starting it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { repoRoot } from './repo-paths';

export type E2eRuntime = 'double' | 'electron';

export function e2eRuntime(env: NodeJS.ProcessEnv = process.env): E2eRuntime {
  const chosen = env['SHOTPUT_E2E_RUNTIME'];
  if (chosen === undefined || chosen === '' || chosen === 'double') return 'double';
  if (chosen === 'electron') return 'electron';
  throw new Error(`SHOTPUT_E2E_RUNTIME must be "double" or "electron", not "${chosen}".`);
}

export interface RealLaunchInput {
  userDataDir: string;
  env?: Record<string, string | undefined>;
  /** Arguments after the app's folder (links, files). */
  args?: string[];
  /** Default: the electron package's downloaded binary (ELECTRON_OVERRIDE_DIST_PATH's, when set). */
  executablePath?: string;
}

/** What `_electron.launch` gets: the binary, the app's folder and a fresh data folder, the environment. */
export interface RealLaunchOptions {
  executablePath: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  timeout: number;
}

/** The built entry the app folder starts: package.json's main, which must have been built. */
export function builtEntry(): string {
  const main = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { main: string }).main;
  return join(repoRoot, main);
}

export function electronBinary(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const name =
    platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : platform === 'win32' ? 'electron.exe' : 'electron';
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (override) return join(override, name);
  const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile))
    throw new Error(
      'The Electron runtime is not installed: run `node node_modules/electron/install.js` (it needs the internet).',
    );
  return join(electronDir, 'dist', readFileSync(pathFile, 'utf8'));
}

export function realElectronLaunchOptions(input: RealLaunchInput): RealLaunchOptions {
  const entry = builtEntry();
  if (!existsSync(entry)) throw new Error(`The app is not built (${entry} is missing): run "npm run build" first.`);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...input.env }))
    if (value !== undefined) env[key] = value;
  // The built renderer, never a dev server; no smoke mode; the runtime switch is not the app's business.
  delete env['ELECTRON_RENDERER_URL'];
  delete env['SHOTPUT_SMOKE'];
  delete env['ELECTRON_RUN_AS_NODE'];
  return {
    executablePath: input.executablePath ?? electronBinary(),
    // The app's folder (its package.json names the built entry), then a data folder of its own.
    args: [repoRoot, `--user-data-dir=${input.userDataDir}`, ...(input.args ?? [])],
    env,
    cwd: repoRoot,
    timeout: 120_000,
  };
}

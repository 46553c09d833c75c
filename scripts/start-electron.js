#!/usr/bin/env node
// `npm start` and `npm run dev`: get the Electron runtime first, then hand over to electron-vite.
// The electron package downloads its binary only on demand (no install step does it), and
// electron-vite reads node_modules/electron/path.txt without ever triggering that download, so
// this script runs Electron's own installer and passes the resulting executable to electron-vite
// through ELECTRON_EXEC_PATH. With ELECTRON_OVERRIDE_DIST_PATH set, that folder's Electron is
// used as it is and nothing is downloaded.
//   node scripts/start-electron.js start|dev [electron-vite options...]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const appRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const electronDir = dirname(require.resolve('electron/package.json'));
const electronVersion = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
const commands = { start: 'preview', dev: 'dev' };

function executableName(platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

function fail(sentence) {
  process.stderr.write(`${sentence}\n`);
  process.exit(1);
}

// The executable to start, or a plain sentence and exit 1 when there is none to be had.
function electronExecutable() {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const executable = resolve(override, executableName(process.platform));
    if (!existsSync(executable)) {
      fail(`ELECTRON_OVERRIDE_DIST_PATH is set to ${override}, but there is no Electron executable at ${executable}.`);
    }
    return executable;
  }
  // The installer prints a stack trace when it cannot download; it stays captured here.
  const installed = spawnSync(process.execPath, [join(electronDir, 'install.js')], { encoding: 'utf8' });
  const pathFile = join(electronDir, 'path.txt');
  if (installed.status !== 0 || !existsSync(pathFile)) {
    fail(
      `The Electron runtime could not be downloaded: the app needs Electron ${electronVersion}, fetched once over the internet ` +
        `(or an Electron ${electronVersion.split('.')[0]} folder named in ELECTRON_OVERRIDE_DIST_PATH), ` +
        `while the CLI (npm run cli), the tests (npm test) and the sandbox (npm run sandbox) work without it.`,
    );
  }
  return join(electronDir, 'dist', readFileSync(pathFile, 'utf8'));
}

const [command, ...options] = process.argv.slice(2);
if (!(command in commands)) fail(`Usage: node scripts/start-electron.js start|dev [electron-vite options]`);

const executable = electronExecutable();
const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
const child = spawn(process.execPath, [electronVite, commands[command], ...options], {
  cwd: appRoot,
  stdio: 'inherit',
  env: { ...process.env, ELECTRON_EXEC_PATH: executable, ELECTRON_ENTRY: appRoot },
});
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));

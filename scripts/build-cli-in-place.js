#!/usr/bin/env node
// `npm run cli` builds the CLI before running it, and a second terminal's command in the same
// checkout must never find out/cli half built. So: nothing is built when out/cli/cli.js is newer
// than every source it is made of; otherwise the build goes to a folder of its own, its chunks are
// copied beside the old ones (a running command may still load its old chunks), and cli.js is
// replaced last, by a rename, which is atomic. Usage: node scripts/build-cli-in-place.js [--force] [--out DIR]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const force = args.includes('--force');
const outIndex = args.indexOf('--out');
const out = path.resolve(root, outIndex >= 0 ? args[outIndex + 1] : 'out/cli');
const entry = path.join(out, 'cli.js');
const SOURCES = ['main', 'common', 'sandbox', 'vite.cli.config.ts', 'package.json'];
/** Chunks no cli.js names any more are removed once this old: no command runs that long from one build. */
const STALE_CHUNK_MS = 24 * 3_600_000;

function newestSource(target) {
  let newest = 0;
  const stack = [target];
  while (stack.length > 0) {
    const current = stack.pop();
    const info = fs.statSync(current, { throwIfNoEntry: false });
    if (!info) continue;
    if (info.isDirectory()) for (const name of fs.readdirSync(current)) stack.push(path.join(current, name));
    else newest = Math.max(newest, info.mtimeMs);
  }
  return newest;
}

function upToDate() {
  const built = fs.statSync(entry, { throwIfNoEntry: false });
  if (!built) return false;
  return SOURCES.every((source) => newestSource(path.join(root, source)) <= built.mtimeMs);
}

if (!force && upToDate()) process.exit(0);

const staging = `${out}.build-${process.pid}`;
try {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '-c',
      'vite.cli.config.ts',
      '--logLevel',
      'warn',
      '--outDir',
      staging,
      '--emptyOutDir',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  fs.mkdirSync(path.join(out, 'chunks'), { recursive: true });
  const chunks = path.join(staging, 'chunks');
  for (const name of fs.existsSync(chunks) ? fs.readdirSync(chunks) : []) {
    // Copied under a temporary name and renamed: a chunk is never seen half written.
    const temporary = path.join(out, 'chunks', `.${name}.${process.pid}`);
    fs.copyFileSync(path.join(chunks, name), temporary);
    fs.renameSync(temporary, path.join(out, 'chunks', name));
  }
  const temporary = path.join(out, `.cli.js.${process.pid}`);
  fs.copyFileSync(path.join(staging, 'cli.js'), temporary);
  fs.renameSync(temporary, entry);
  const named = fs.readFileSync(entry, 'utf8');
  for (const name of fs.readdirSync(path.join(out, 'chunks'))) {
    const file = path.join(out, 'chunks', name);
    if (!named.includes(name) && Date.now() - fs.statSync(file).mtimeMs > STALE_CHUNK_MS)
      fs.rmSync(file, { force: true });
  }
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}

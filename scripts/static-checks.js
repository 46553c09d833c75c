#!/usr/bin/env node
// `npm run test:static` (and the first step of `npm test`): the checks that read the sources and
// need nothing from each other run side by side: the type check, ESLint and Prettier, and with
// --build the build too. Each check's output is held back and printed whole when it ends, so two
// checks never interleave their lines. The first check that fails stops the others (their output
// would only bury the real error), is named, and its output printed; the exit code is then 1.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** name → command and arguments, run in the repository's root. */
const checks = {
  // svelte-check type-checks every file of the tsconfig, .ts as well as .svelte, with the same
  // compiler options: an error planted in each of its folders (common, main, preload, renderer,
  // sandbox, bench, scripts, the root's configs) was reported by it as by tsc. So tsc no longer runs
  // beside it: a second whole program of the same files on two cores (53.8 s beside 59.0 s).
  typecheck: [bin('svelte-check'), ['--tsconfig', './tsconfig.json', '--fail-on-warnings']],
  eslint: [bin('eslint'), ['.']],
  prettier: [bin('prettier'), ['--check', '.']],
};
const buildCheck = { build: ['npm', ['run', 'build', '--silent']] };

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--build');
if (unknown.length > 0) {
  console.error(`static-checks: unknown argument ${unknown.join(' ')} (only --build is known).`);
  process.exit(2);
}
const selected = { ...checks, ...(args.includes('--build') ? buildCheck : {}) };

const running = new Map();
let failed = false;
const started = Date.now();

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function run(name, [command, commandArgs]) {
  const since = Date.now();
  // Its own process group, so stopping it also stops what it started (npm run build's vite).
  const child = spawn(command, commandArgs, { cwd: root, detached: true, env: { ...process.env, FORCE_COLOR: '1' } });
  running.set(name, child);
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolveRun) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      running.delete(name);
      // A check stopped because another failed first is no second failure to report.
      if (failed && signal !== null) return resolveRun();
      const text = Buffer.concat(output).toString();
      if (code === 0) {
        console.log(`✓ ${name} (${seconds(since)})`);
        return resolveRun();
      }
      failed = true;
      process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
      console.error(`✗ ${name} failed (exit ${code ?? signal}, ${seconds(since)}); the other checks were stopped.`);
      stopOthers();
      process.exitCode = 1;
      resolveRun();
    });
  });
}

function stopOthers() {
  for (const child of running.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

// Ctrl-C reaches our process group only: pass it on to the checks' own groups.
process.on('SIGINT', () => {
  failed = true;
  stopOthers();
  process.exit(130);
});

await Promise.all(Object.entries(selected).map(([name, command]) => run(name, command)));
if (!failed) console.log(`All ${Object.keys(selected).length} checks passed in ${seconds(started)}.`);

#!/usr/bin/env node
// The `shotput` command: runs the CLI built ahead of time (`npm run build:cli` → out/cli/cli.js).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// glibc gives each thread a malloc arena of its own, and libvips' threads fragment them over a long
// batch: measured, a queue's peak RSS was 259 MB after 1,000 files against 170 MB after 100; with two
// arenas it stays at about 156 MB. So the commands that prepare many images start again, once, as
// the same process (execve keeps the pid, so signals and exit codes are untouched), with two arenas.
const LONG_COMMANDS = new Set(['upload', 'watch', 'prepare']);
if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  typeof process.execve === 'function' &&
  process.argv.slice(2).some((arg) => LONG_COMMANDS.has(arg))
) {
  // The experimental-feature notice would be the only line of a clean run's stderr.
  process.removeAllListeners('warning');
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: '2',
  });
}

const cli = fileURLToPath(new URL('../out/cli/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write("shotput: the CLI is not built yet. Run 'npm run build:cli' first.\n");
  process.exit(1);
}
// A reader that stops early (`shotput shots list | head`) closes the pipe: that ends the command
// quietly, as it does for any Unix tool, instead of a stack trace about EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
const { main } = await import(cli);
process.exitCode = await main(process.argv.slice(2));

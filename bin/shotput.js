#!/usr/bin/env node
// The `shotput` command: runs the CLI built ahead of time (`npm run build:cli` → out/cli/cli.js).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LONG_COMMANDS, LONG_RUN_ENV, LONG_RUN_NODE_FLAGS, QUEUE_COMMANDS } from './long-run.js';

// The commands that prepare many images start again, once, as the same process (execve keeps the
// pid, so signals and exit codes are untouched) with the memory settings of long-run.js: measured,
// they keep a 1,000-file queue's peak RSS near a 100-file one's. Someone who sets MALLOC_ARENA_MAX
// has chosen for themselves: then nothing changes.
if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  typeof process.execve === 'function' &&
  process.argv.slice(2).some((arg) => LONG_COMMANDS.has(arg))
) {
  // The experimental-feature notice would be the only line of a clean run's stderr.
  process.removeAllListeners('warning');
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const queue = process.argv.slice(2).some((arg) => QUEUE_COMMANDS.has(arg));
  const flags = (queue ? LONG_RUN_NODE_FLAGS : []).filter(
    (flag) => !given.some((g) => g.startsWith(flag.split('=')[0])),
  );
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)], {
    ...process.env,
    ...LONG_RUN_ENV,
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

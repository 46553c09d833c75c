#!/usr/bin/env node
// The `shotput` command: runs the CLI built ahead of time (`npm run build:cli` → out/cli/cli.js).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

#!/usr/bin/env node
// The `shotput` command: runs the CLI built ahead of time (`npm run build:cli` → out/cli/cli.js).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../out/cli/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write("shotput: the CLI is not built yet. Run 'npm run build:cli' first.\n");
  process.exit(1);
}
const { main } = await import(cli);
process.exitCode = await main(process.argv.slice(2));

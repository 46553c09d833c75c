#!/usr/bin/env node
// The `shotput` command: runs the TypeScript CLI through tsx so it works right after `npm ci`.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

register();
const cli = fileURLToPath(new URL('../main/cli.ts', import.meta.url));
const { main } = await import(cli);
process.exitCode = await main(process.argv.slice(2));

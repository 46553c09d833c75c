// Every CLI command, in the order `shotput help` lists them. Each lives in its own module.
import type { CliCommand } from './command';

export const commands: CliCommand[] = [];

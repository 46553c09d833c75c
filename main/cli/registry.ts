// Every CLI command, in the order `shotput help` lists them. Each lives in its own module.
import type { CliCommand } from './command';
import { prepareCommand } from './prepare';
import { uploadCommand } from './upload';

export const commands: CliCommand[] = [prepareCommand, uploadCommand];

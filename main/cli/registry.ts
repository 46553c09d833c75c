// Every CLI command, in the order `shotput help` lists them. Each lives in its own module.
import type { CliCommand } from './command';
import { loginCommand } from './login';
import { logoutCommand } from './logout';
import { whoamiCommand } from './whoami';
import { shotsCommand } from './shots';
import { popularCommand } from './popular';
import { commentsCommand } from './comments';
import { prepareCommand } from './prepare';
import { uploadCommand } from './upload';
import { watchCommand } from './watch';
import { queueCommand } from './queue';

export const commands: CliCommand[] = [
  prepareCommand,
  uploadCommand,
  watchCommand,
  queueCommand,
  loginCommand,
  logoutCommand,
  whoamiCommand,
  shotsCommand,
  popularCommand,
  commentsCommand,
];

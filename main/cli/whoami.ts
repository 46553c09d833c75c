// `shotput whoami`: who the CLI acts as, on which service.
import type { CliCommand } from './command';
import { EXIT_OK, UsageError } from './command';
import { openSession } from './session';
import { parseCommandArgs, print, userLine, withSession } from './service-output';

export const whoamiCommand: CliCommand = {
  name: 'whoami',
  async run(args, ctx) {
    const { positionals } = parseCommandArgs(args, {});
    if (positionals.length > 0) throw new UsageError(`whoami takes no arguments`);
    return withSession(
      () => openSession(ctx),
      async ({ user, service }) => {
        print(ctx, user, () => userLine(user, service.isSandbox ? 'the sandbox' : new URL(service.apiUrl).host));
        return EXIT_OK;
      },
    );
  },
};

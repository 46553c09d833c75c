// `shotput logout`: forgets the saved token of the service (the sandbox without --api).
import type { CliCommand } from './command';
import { EXIT_OK, UsageError } from './command';
import { cliTokenStore } from './session';
import { LOGOUT_OPTIONS } from './options';
import { parseCommandArgs, print } from './service-output';
import { SANDBOX_SERVICE_ID, serviceIdForApi } from '../auth/service-settings';

export const logoutCommand: CliCommand = {
  name: 'logout',
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(args, LOGOUT_OPTIONS);
    if (positionals.length > 0) throw new UsageError('logout takes no arguments');
    const serviceId = ctx.globals.api ? serviceIdForApi(ctx.globals.api) : SANDBOX_SERVICE_ID;
    const store = cliTokenStore(ctx.globals.dataDir);
    const existed = await store.forgetAccount(serviceId);
    if (values['forget-secret']) await store.forgetClientSecret(serviceId);
    print(ctx, { service: serviceId, signed_out: existed }, () =>
      existed ? `Signed out of ${serviceId}.` : `Was not signed in to ${serviceId}.`,
    );
    return EXIT_OK;
  },
};

// `shotput login [--client-id ID --client-secret S]`: the browser sign-in for a terminal.
// Prints the authorize address, reads the address the browser was sent to (app.shotput://oauth/callback?...)
// from stdin, checks its state, exchanges the code and saves the token in the data dir (mode 0600).
// With no --api it signs in to the bundled sandbox, which runs in this process until the paste arrives.
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_OK, UsageError, writeLine } from './command';
import { cliTokenStore, sandboxDataDir } from './session';
import { parseCommandArgs, print } from './service-output';
import { readSecret } from './secret-input';
import { readLine } from './confirm';
import { openInBrowser } from './open-browser';
import { LOGIN_OPTIONS } from './options';
import { STATE_MISMATCH, SignIn } from '../auth/sign-in';
import { problemLine, signInProblem } from '../auth/auth-problems';
import { SANDBOX_CLIENT_SECRET, customEndpoint, defaultAuthUrlFor, sandboxEndpoint } from '../auth/service-settings';
import type { ServiceEndpoint } from '../auth/service-settings';
import { bundledSandbox, stopBundledSandbox } from '../service/bundled-sandbox';
import { loggingFetch } from '../logging/logging-fetch';

export const loginCommand: CliCommand = {
  name: 'login',
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(args, LOGIN_OPTIONS);
    if (positionals.length > 0) throw new UsageError('login takes no arguments');
    const secretFile = values['client-secret-file'];
    if (secretFile === '-')
      throw new UsageError('--client-secret-file needs a file: standard input carries the address you paste');
    const givenSecret =
      secretFile !== undefined
        ? await readSecret(secretFile, ctx.io.stdin, '--client-secret-file')
        : values['client-secret'];
    const store = cliTokenStore(ctx.globals.dataDir);
    let service: ServiceEndpoint;
    let secret: string | undefined;
    if (ctx.globals.api) {
      const clientId = values['client-id'];
      if (!clientId)
        throw new UsageError(
          '--client-id is required for a service given with --api (the ID of your registered application)',
        );
      service = customEndpoint(ctx.globals.api, ctx.globals.auth ?? defaultAuthUrlFor(ctx.globals.api), clientId);
      secret = givenSecret ?? (await store.clientSecret(service.id));
      if (!secret)
        throw new UsageError('the first sign-in to a service needs its client secret: give --client-secret-file FILE');
    } else {
      const sandbox = await bundledSandbox({ dataDir: sandboxDataDir(ctx.globals.dataDir) });
      service = { ...sandboxEndpoint(sandbox), clientId: values['client-id'] ?? sandboxEndpoint(sandbox).clientId };
      secret = givenSecret ?? SANDBOX_CLIENT_SECRET;
    }
    try {
      return await signIn(
        ctx,
        service,
        secret,
        givenSecret !== undefined && ctx.globals.api !== undefined,
        values['no-browser'] !== true,
      );
    } finally {
      if (!ctx.globals.api) await stopBundledSandbox();
    }
  },
};

async function signIn(
  ctx: CliContext,
  service: ServiceEndpoint,
  secret: string,
  saveSecret: boolean,
  browser: boolean,
): Promise<number> {
  const store = cliTokenStore(ctx.globals.dataDir);
  const flow = new SignIn({
    store,
    clientSecretFor: async () => secret,
    log: (message) => writeLine(ctx.io.stderr, message),
    fetch: ctx.log === undefined ? undefined : loggingFetch(ctx.log.scope('auth')),
  });
  const { authorizeUrl } = flow.start(service);
  const users = service.id === 'sandbox' ? ' (sandbox users: ada, ben, cleo; password: sandbox)' : '';
  // Someone at a terminal gets the page opened; a script piping the answer in does not want a browser.
  const opened = browser && ctx.io.stdin.isTTY === true && (await openInBrowser(authorizeUrl, ctx.env ?? process.env));
  writeLine(
    ctx.io.stderr,
    opened
      ? `Opened the sign-in page in your browser; allow Shotput there${users}. If it did not open, go to:`
      : `Open this address in your browser and allow Shotput${users}:`,
  );
  writeLine(ctx.io.stdout, authorizeUrl);
  writeLine(ctx.io.stderr, 'Then paste here the address the browser was sent to (it starts with app.shotput://):');
  const pasted = await readLine(ctx);
  if (pasted === null) {
    writeLine(ctx.io.stderr, 'shotput: no address was pasted; nothing was signed in.');
    return EXIT_FAILURE;
  }
  // Terminals and chat apps often wrap a pasted address in quotes or angle brackets.
  const address = pasted.trim().replace(/^(["'<])(.*)(["'>])$/, '$2');
  const outcome = await flow.completeFromDeepLink(address, ctx.signal);
  if (outcome.kind === 'ignored' && outcome.reason === STATE_MISMATCH) {
    // Pasted by the user, not opened by some page: say plainly that the address is not this sign-in's.
    writeLine(ctx.io.stderr, `shotput: ${problemLine(signInProblem('state-mismatch'))}`);
    return EXIT_FAILURE;
  }
  if (outcome.kind === 'ignored') {
    writeLine(
      ctx.io.stderr,
      'shotput: that is not a Shotput sign-in address (it should start with app.shotput://oauth/callback). Run shotput login again.',
    );
    return EXIT_FAILURE;
  }
  if (outcome.kind === 'failed') {
    writeLine(ctx.io.stderr, `shotput: ${problemLine(outcome.problem)}`);
    return EXIT_FAILURE;
  }
  if (saveSecret) await store.saveClientSecret(service.id, secret);
  print(ctx, outcome.user, () => `Signed in to ${service.label} as ${outcome.user.username} (${outcome.user.name}).`);
  return EXIT_OK;
}

// `shotput login [--client-id ID --client-secret S]`: the browser sign-in for a terminal.
// Prints the authorize address, reads the address the browser was sent to (app.shotput://oauth/callback?...)
// from stdin, checks its state, exchanges the code and saves the token in the data dir (mode 0600).
// With no --api it signs in to the bundled sandbox, which runs in this process until the paste arrives.
import { createInterface } from 'node:readline';
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_OK, UsageError, writeLine } from './command';
import { cliTokenStore, sandboxDataDir } from './session';
import { parseCommandArgs, print } from './service-output';
import { readSecret } from './secret-input';
import { STATE_MISMATCH, SignIn } from '../auth/sign-in';
import { problemLine, signInProblem } from '../auth/auth-problems';
import { SANDBOX_CLIENT_SECRET, customEndpoint, defaultAuthUrlFor, sandboxEndpoint } from '../auth/service-settings';
import type { ServiceEndpoint } from '../auth/service-settings';
import { bundledSandbox, stopBundledSandbox } from '../service/bundled-sandbox';
import { loggingFetch } from '../logging/logging-fetch';

export const loginCommand: CliCommand = {
  name: 'login',
  summary: 'Sign in through the browser and keep the token in the data dir',
  usage: 'shotput [--api URL --auth URL] login [--client-id ID --client-secret SECRET | --client-secret-file FILE]',
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(args, {
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'client-secret-file': { type: 'string' },
    });
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
      if (!secret) throw new UsageError('--client-secret is required the first time you sign in to a service');
    } else {
      const sandbox = await bundledSandbox({ dataDir: sandboxDataDir(ctx.globals.dataDir) });
      service = { ...sandboxEndpoint(sandbox), clientId: values['client-id'] ?? sandboxEndpoint(sandbox).clientId };
      secret = givenSecret ?? SANDBOX_CLIENT_SECRET;
    }
    try {
      return await signIn(ctx, service, secret, givenSecret !== undefined && ctx.globals.api !== undefined);
    } finally {
      if (!ctx.globals.api) await stopBundledSandbox();
    }
  },
};

async function signIn(ctx: CliContext, service: ServiceEndpoint, secret: string, saveSecret: boolean): Promise<number> {
  const store = cliTokenStore(ctx.globals.dataDir);
  const flow = new SignIn({
    store,
    clientSecretFor: async () => secret,
    log: (message) => writeLine(ctx.io.stderr, message),
    fetch: ctx.log === undefined ? undefined : loggingFetch(ctx.log.scope('auth')),
  });
  const { authorizeUrl } = flow.start(service);
  writeLine(
    ctx.io.stderr,
    `Open this address in your browser and allow Shotput${service.id === 'sandbox' ? ' (sandbox users: ada, ben, cleo; password: sandbox)' : ''}:`,
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
    writeLine(ctx.io.stderr, `shotput: ${problemLine(signInProblem('state_mismatch'))}`);
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

/** The first line on stdin, or null at its end (or on Ctrl-C). */
function readLine(ctx: CliContext): Promise<string | null> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: ctx.io.stdin, terminal: false });
    let settled = false;
    const finish = (value: string | null) => {
      if (settled) return;
      settled = true;
      ctx.signal.removeEventListener('abort', onAbort);
      lines.close();
      resolve(value);
    };
    const onAbort = () => finish(null);
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    lines.on('line', (line) => {
      if (line.trim() !== '') finish(line);
    });
    lines.on('close', () => finish(null));
  });
}

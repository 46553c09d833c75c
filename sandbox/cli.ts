// `npm run sandbox -- [--host H] [--port P] [--data DIR] [--rate-limit N] [--rate-window-s S] [--processing-ms MS]
//   [--profile spec|deployed] [--daily-cap N] [--quiet]`
// Prints exactly one JSON line to stdout once listening; everything else goes to stderr.
import { parseArgs } from 'node:util';
import { startSandbox } from './index';
import { PROFILE_NAMES, isProfileName } from './profile';

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(2);
}

function int(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) fail(`--${name} must be an integer ≥ ${min}`);
  return Number(value);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        data: { type: 'string' },
        'rate-limit': { type: 'string' },
        'rate-window-s': { type: 'string' },
        'processing-ms': { type: 'string' },
        profile: { type: 'string' },
        'daily-cap': { type: 'string' },
        quiet: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.profile !== undefined && !isProfileName(values.profile))
    fail(`--profile must be one of ${PROFILE_NAMES.join(', ')}`);
  const sandbox = await startSandbox({
    profile: values.profile,
    dailyCap: values['daily-cap'] === 'none' ? null : int('daily-cap', values['daily-cap'], 0),
    host: values.host ?? '127.0.0.1',
    port: int('port', values.port, 0) ?? 0,
    dataDir: values.data,
    rateLimit: int('rate-limit', values['rate-limit'], 1),
    rateWindowS: int('rate-window-s', values['rate-window-s'], 1),
    processingMs: int('processing-ms', values['processing-ms'], 0),
    log: !values.quiet,
  });
  process.stdout.write(`${JSON.stringify({ url: sandbox.url, api: sandbox.api, auth: sandbox.auth })}\n`);
  process.stderr.write(
    `sandbox: listening on ${sandbox.url}, ${values.profile ?? 'spec'} profile (accounts ada, ben, cleo, studio; password "sandbox")\n`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`sandbox: ${signal}, shutting down\n`);
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`sandbox: error while closing: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`sandbox: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

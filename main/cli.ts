// Headless entry point: `shotput [global options] <command> [args]`.
// Global options may stand anywhere on the line; everything else belongs to the command.
import { EXIT_FAILURE, EXIT_USAGE, UsageError, defaultDataDir, writeLine } from './cli/command';
import type { CliCommand, CliContext, CliIO, GlobalOptions } from './cli/command';
import { commands } from './cli/registry';
import { readSecret } from './cli/secret-input';
import { createLogger } from './logging/logger';

const GLOBAL_FLAGS = new Set(['--api', '--auth', '--token', '--token-file', '--data-dir']);

export function splitGlobals(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): { globals: GlobalOptions; rest: string[]; tokenFile?: string } {
  const globals: GlobalOptions = {
    api: env.SHOTPUT_API_URL || undefined,
    auth: env.SHOTPUT_AUTH_URL || undefined,
    token: env.SHOTPUT_TOKEN || undefined,
    dataDir: defaultDataDir(env),
    json: false,
  };
  const rest: string[] = [];
  let tokenFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg === '--json') {
      globals.json = true;
      continue;
    }
    if (arg === '--verbose' || arg === '-v') {
      globals.verbose = true;
      continue;
    }
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!GLOBAL_FLAGS.has(flag)) {
      rest.push(arg);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
    if (flag === '--api') globals.api = value;
    else if (flag === '--auth') globals.auth = value;
    else if (flag === '--token') globals.token = value;
    else if (flag === '--token-file') tokenFile = value;
    else globals.dataDir = value;
  }
  return { globals, rest, tokenFile };
}

function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    'Usage: shotput [--api URL] [--auth URL] [--token TOKEN | --token-file FILE|-] [--data-dir DIR] [--json] [--verbose] <command> [args]',
    '',
    'Commands:',
    ...lines,
    '',
    'With no --api, shotput starts the bundled sandbox service and signs in as its demo user.',
  ].join('\n');
}

export async function main(argv: string[], io: CliIO = process, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let command: CliCommand | undefined;
  try {
    const { globals, rest, tokenFile } = splitGlobals(argv, env);
    if (tokenFile !== undefined) globals.token = await readSecret(tokenFile, io.stdin, '--token-file');
    const [name, ...args] = rest;
    if (!name || name === 'help' || name === '--help' || name === '-h') {
      writeLine(name ? io.stdout : io.stderr, usage());
      return name ? 0 : EXIT_USAGE;
    }
    command = commands.find((c) => c.name === name);
    if (!command) throw new UsageError(`unknown command "${name}"`);
    const ctx: CliContext = { globals, io, signal: controller.signal };
    if (globals.verbose) ctx.log = createLogger({ sinks: [{ write: (line) => void io.stderr.write(line) }] }, 'cli');
    return await command.run(args, ctx);
  } catch (error) {
    if (error instanceof UsageError) {
      writeLine(io.stderr, `shotput: ${error.message}`);
      writeLine(io.stderr, command ? `Usage: ${command.usage}` : "Run 'shotput help' for the commands.");
      return EXIT_USAGE;
    }
    const message = error instanceof Error ? error.message : String(error);
    writeLine(io.stderr, `shotput: ${message.split('\n')[0]}`);
    return EXIT_FAILURE;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

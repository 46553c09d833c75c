// Headless entry point: `shotput [global options] <command> [args]`.
// Global options may stand anywhere on the line; everything else belongs to the command.
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, GLOBAL_FLAGS, UsageError, defaultDataDir, writeLine } from './cli/command';
import type { CliCommand, CliContext, CliIO, GlobalOptions } from './cli/command';
import { unknownCommand, unreadableFile } from './cli/messages';
import { commands } from './cli/registry';
import { readSecret } from './cli/secret-input';
import { createLogger } from './logging/logger';

const GLOBAL_FLAG_SET = new Set(GLOBAL_FLAGS);

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
    if (!GLOBAL_FLAG_SET.has(flag)) {
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
  let stoppedBy: NodeJS.Signals | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stoppedBy === 'SIGINT' && signal === 'SIGINT') {
      // A second Ctrl-C: the user does not want to wait for the work in flight.
      writeLine(io.stderr, 'shotput: stopped at once; run the same command again to resume.');
      process.exit(EXIT_INTERRUPTED);
    }
    stoppedBy ??= signal;
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
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
    if (!command) {
      writeLine(io.stderr, `shotput: ${unknownCommand(name, commands.map((c) => c.name))}`);
      return EXIT_USAGE;
    }
    if (asksForHelp(args)) {
      writeLine(io.stdout, `${command.summary}.\n\nUsage: ${command.usage}`);
      return EXIT_OK;
    }
    const ctx: CliContext = { globals, io, signal: controller.signal };
    if (globals.verbose) ctx.log = createLogger({ sinks: [{ write: (line) => void io.stderr.write(line) }] }, 'cli');
    const code = await command.run(args, ctx);
    // 128 + the signal's number, as shells report a command stopped by it: 130 for Ctrl-C, 143 for SIGTERM.
    return code === EXIT_INTERRUPTED && stoppedBy === 'SIGTERM' ? 143 : code;
  } catch (error) {
    if (error instanceof UsageError) {
      writeLine(io.stderr, `shotput: ${error.message}`);
      writeLine(io.stderr, command ? `Usage: ${command.usage}` : "Run 'shotput help' for the commands.");
      return EXIT_USAGE;
    }
    writeLine(io.stderr, `shotput: ${failureMessage(error)}`);
    return EXIT_FAILURE;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/** `--help` or `-h` among a command's own arguments (not after `--`). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** One line: a file the system could not open is named plainly, not as Node's ENOENT text. */
function failureMessage(error: unknown): string {
  const system = error as NodeJS.ErrnoException | undefined;
  if (system && typeof system.code === 'string' && typeof system.path === 'string') return unreadableFile(system.path, error);
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!;
}

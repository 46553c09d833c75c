// Headless entry point: `shotput [global options] <command> [args]`.
// Global options may stand anywhere on the line; everything else belongs to the command.
import { version } from '../package.json';
import {
  EXIT_FAILURE,
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  defaultDataDir,
  writeLine,
} from './cli/command';
import type { CliCommand, CliContext, CliIO, GlobalOptions } from './cli/command';
import { SHELLS, completionScript } from './cli/completion';
import type { Shell } from './cli/completion';
import { COMMAND_NAMES, definitionOf } from './cli/definitions';
import { commandHelp, globalHelp, shortUsage } from './cli/help';
import { badServiceAddress, unknownCommand, unreadableFile } from './cli/messages';
import { GLOBAL_VALUE_FLAGS } from './cli/options';
import { commandLoaders } from './cli/registry';
import { readSecret } from './cli/secret-input';
import type { CommandSpec } from './cli/spec';
import { colorWanted } from './cli/style';
import { terminalText } from './cli/terminal-text';

const GLOBAL_FLAG_SET = new Set(GLOBAL_VALUE_FLAGS);

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
    if (arg === '--no-color') {
      globals.noColor = true;
      continue;
    }
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
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
  // A service address that is not one is bad usage, said before anything starts.
  for (const [flag, value] of [
    ['--api', globals.api],
    ['--auth', globals.auth],
  ] as const) {
    const problem = value === undefined ? undefined : badServiceAddress(flag, value);
    if (problem) throw new UsageError(problem);
  }
  return { globals, rest, tokenFile };
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
  let spec: CommandSpec | undefined;
  let json = false;
  try {
    const { globals, rest, tokenFile } = splitGlobals(argv, env);
    json = globals.json;
    const [name, ...args] = rest;
    if (!name || name === '--help' || name === '-h') {
      writeLine(name ? io.stdout : io.stderr, globalHelp());
      return name ? EXIT_OK : EXIT_USAGE;
    }
    if (name === '--version' || name === '-V' || name === 'version') {
      writeLine(io.stdout, globals.json ? JSON.stringify({ version }) : `shotput ${version}`);
      return EXIT_OK;
    }
    spec = definitionOf(name);
    if (!spec) {
      writeLine(io.stderr, `shotput: ${unknownCommand(name, COMMAND_NAMES)}`);
      return EXIT_USAGE;
    }
    if (name === 'help') return help(args, io);
    if (asksForHelp(args)) {
      writeLine(io.stdout, commandHelp(spec));
      return EXIT_OK;
    }
    if (name === 'completion') return completion(args, io);
    if (tokenFile !== undefined) globals.token = await readSecret(tokenFile, io.stdin, '--token-file');
    globals.color = colorWanted(io.stdout, env, globals);
    const command: CliCommand = await commandLoaders[name]!();
    const ctx: CliContext = { globals, io, signal: controller.signal, env };
    if (globals.verbose) {
      const { createLogger } = await import('./logging/logger');
      ctx.log = createLogger({ sinks: [{ write: (line) => void io.stderr.write(line) }] }, 'cli');
    }
    const code = await command.run(args, ctx);
    // 128 + the signal's number, as shells report a command stopped by it: 130 for Ctrl-C, 143 for SIGTERM.
    return code === EXIT_INTERRUPTED && stoppedBy === 'SIGTERM' ? 143 : code;
  } catch (error) {
    if (error instanceof UsageError) {
      writeLine(io.stderr, `shotput: ${error.message}`);
      writeLine(io.stderr, spec ? shortUsage(spec) : "Run 'shotput help' for the commands.");
      return EXIT_USAGE;
    }
    // A script that asked for JSON gets the failure as a problem (json-shapes.ts), on stderr as ever.
    if (json) writeLine(io.stderr, JSON.stringify({ type: 'problem', message: failureMessage(error) }));
    else writeLine(io.stderr, `shotput: ${terminalText(failureMessage(error))}`);
    return EXIT_FAILURE;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/** `shotput help [COMMAND]`. */
function help(args: string[], io: CliIO): number {
  const [topic, ...extra] = args;
  if (topic === undefined) {
    writeLine(io.stdout, globalHelp());
    return EXIT_OK;
  }
  const spec = definitionOf(topic);
  if (!spec || extra.length > 0)
    throw new UsageError(spec ? 'help takes one command' : unknownCommand(topic, COMMAND_NAMES));
  writeLine(io.stdout, commandHelp(spec));
  return EXIT_OK;
}

/** `shotput completion bash|zsh|fish`. */
function completion(args: string[], io: CliIO): number {
  const [shell, ...extra] = args;
  if (!shell || extra.length > 0 || !(SHELLS as readonly string[]).includes(shell)) {
    throw new UsageError(
      shell
        ? `there is no completion for "${shell}": choose bash, zsh or fish`
        : 'completion needs a shell: bash, zsh or fish',
    );
  }
  writeLine(io.stdout, completionScript(shell as Shell));
  return EXIT_OK;
}

/** `--help` or `-h` among a command's own arguments (not after `--`). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** One line: a file the system could not open is named plainly, not as Node's ENOENT text. */
function failureMessage(error: unknown): string {
  const system = error as NodeJS.ErrnoException | undefined;
  if (system && typeof system.code === 'string' && typeof system.path === 'string')
    return unreadableFile(system.path, error);
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!;
}

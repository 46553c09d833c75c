// The shape every CLI command module shares: main/cli.ts parses the global options and hands
// the rest of argv to one command. Commands return an exit status instead of calling exit().
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../logging/logger';

export interface GlobalOptions {
  /** API base address; unset means the embedded sandbox. */
  api?: string;
  /** Authorization server address; unset means the embedded sandbox. */
  auth?: string;
  /** An access token given on the command line or in SHOTPUT_TOKEN. */
  token?: string;
  /** Where tokens, the upload journal and settings live. */
  dataDir: string;
  /** Print the service's JSON instead of human text. */
  json: boolean;
  /** --verbose: the log lines the desktop app writes to its log file, on standard error. */
  verbose?: boolean;
  /** --no-color given. */
  noColor?: boolean;
  /** Colour and terminal links on stdout: a terminal, no NO_COLOR, no --no-color, no --json (style.ts). */
  color?: boolean;
}

export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
}

export interface CliContext {
  globals: GlobalOptions;
  io: CliIO;
  /** Aborted on SIGINT/SIGTERM: long commands drain and return. */
  signal: AbortSignal;
  /** Set with --verbose: requests, rate-limit waits, queue and watcher events, on standard error. */
  log?: Logger;
  /** The environment the command runs in (tests pass their own). */
  env?: NodeJS.ProcessEnv;
}

/** A command's code; what it is called, its options and help are in definitions.ts. */
export interface CliCommand {
  name: string;
  run(args: string[], ctx: CliContext): Promise<number>;
}

/** Bad usage: the CLI prints the message and the command's usage, then exits with status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
/** The work was cut short by Ctrl-C (main turns it into 143 for SIGTERM). */
export const EXIT_INTERRUPTED = 130;

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SHOTPUT_DATA_DIR) return env.SHOTPUT_DATA_DIR;
  const base = env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share');
  return path.join(base, 'shotput');
}

export function writeLine(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}

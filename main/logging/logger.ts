// The app's log: one line per event, "2026-01-31T09:41:12.345Z INFO  [service] GET /v2/user 200 in 35 ms".
// Plain Node, so main, the queue, the watcher and the service client log the same way in the
// desktop app (to a rotating file, log-file.ts) and in the CLI (to stderr with --verbose).
// Every line passes through redact() before it is written.
import { rememberSecret } from '../service/known-secrets';
import { redact } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Where finished lines go (a file, stderr, a test's array). */
export interface LogSink {
  write(line: string): void;
}

/** A logger for one part of the app ("main", "queue", "service", …). */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** The same log, lines marked with another part's name. */
  scope(name: string): Logger;
  /**
   * A value that must never be written (a token, also one just discarded): replaced wherever it
   * appears, by this log and by every stored message of the process, and never allowed again.
   */
  forget(secret: string): void;
}

export interface LoggerOptions {
  sinks: LogSink[];
  /** Lines below this level are dropped. Default 'info'. */
  level?: LogLevel;
  now?: () => Date;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(options: LoggerOptions, scopeName = 'main'): Logger {
  const secrets = new Set<string>();
  const minimum = rank[options.level ?? 'info'];
  const now = options.now ?? (() => new Date());

  const make = (name: string): Logger => {
    const write = (level: LogLevel, message: string): void => {
      if (rank[level] < minimum) return;
      // One event, one line: a stack trace or a multi-line message stays on its line.
      const text = redact(message, secrets).replace(/\r?\n\s*/g, ' | ');
      const line = `${now().toISOString()} ${level.toUpperCase().padEnd(5)} [${name}] ${text}\n`;
      for (const sink of options.sinks) sink.write(line);
    };
    return {
      debug: (message) => write('debug', message),
      info: (message) => write('info', message),
      warn: (message) => write('warn', message),
      error: (message) => write('error', message),
      scope: (next) => make(next),
      forget: (secret) => {
        secrets.add(secret);
        rememberSecret(secret);
      },
    };
  };
  return make(scopeName);
}

/** A logger that writes nothing (tests, and code run without a log). */
export const silentLogger: Logger = createLogger({ sinks: [] });

/** Standard error as a sink: the CLI's --verbose. */
export const stderrSink: LogSink = { write: (line) => void process.stderr.write(line) };

/** The message of anything thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error.cause as NodeJS.ErrnoException | undefined)?.code;
    return code !== undefined && !error.message.includes(String(code))
      ? `${error.message} (${String(code)})`
      : error.message;
  }
  return String(error);
}

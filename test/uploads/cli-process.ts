// Runs the real CLI (bin/shotput.js) as a child process and reads its --json lines as they come.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../../bench/lib/uploads-sandbox';

export interface CliRun {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves with the first --json line that passes the test; undefined if the process ends first. */
  waitForLine(test: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown> | undefined>;
  stderr(): string;
  /** Everything on stdout so far: a JSON document (`queue list`) spans several lines. */
  stdout(): string;
}

/** `wrapper` runs the command under another one (e.g. strace with its options). */
export function runCli(
  globals: string[],
  args: string[],
  env: Record<string, string> = {},
  wrapper: string[] = [],
): CliRun {
  const command = [process.execPath, path.join(REPO_ROOT, 'bin', 'shotput.js'), ...globals, '--json', ...args];
  const [program, ...rest] = [...wrapper, ...command];
  const child = spawn(program!, rest, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: {
    test: (line: Record<string, unknown>) => boolean;
    resolve: (line: Record<string, unknown> | undefined) => void;
  }[] = [];
  let stderr = '';
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (!waiter.test(line)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => {
    for (const waiter of waiters.splice(0)) waiter.resolve(undefined);
  });
  return {
    child,
    lines,
    exited,
    stderr: () => stderr,
    stdout: () => stdout,
    waitForLine(test) {
      const seen = lines.find(test);
      if (seen) return Promise.resolve(seen);
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(undefined);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
  };
}

/**
 * The run's exit code; a run still going after `ms` fails the test with what it said so far (its
 * last --json lines and its stderr), where the test's own timeout would say only that time ran out.
 */
export async function exitedWithin(run: CliRun, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const said = run.lines.slice(-20).map((line) => JSON.stringify(line));
      reject(
        new Error(`Still running after ${ms} ms. Its last lines:\n${said.join('\n')}\nIts stderr:\n${run.stderr()}`),
      );
    }, ms);
  });
  try {
    return await Promise.race([run.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

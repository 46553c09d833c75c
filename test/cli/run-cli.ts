// Runs the CLI in this process with captured output, or as a real child process.
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { main } from '../../main/cli';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function collect(stream: PassThrough): () => string {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks).toString('utf8');
}

export interface Interaction {
  stdin: PassThrough;
  /** Resolves with the first match in everything written to stdout so far (or later). */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
}

/** `main(argv)` with its own streams; `interact` may read stdout as it comes and write to stdin. */
export async function runCli(
  argv: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    interact?: (io: Interaction) => Promise<void>;
    terminal?: { stdin?: boolean; stdout?: boolean };
  } = {},
): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdin = new PassThrough();
  // As a terminal would be: a person at the keyboard (stdin), a screen that shows colour (stdout).
  if (options.terminal?.stdin) Object.assign(stdin, { isTTY: true });
  if (options.terminal?.stdout) Object.assign(stdout, { isTTY: true, columns: 100 });
  const out = collect(stdout);
  const err = collect(stderr);
  const running = main(argv, { stdout, stderr, stdin }, options.env ?? {});
  const waitForStdout = async (pattern: RegExp, timeoutMs = 20_000) => {
    const start = Date.now();
    for (;;) {
      const match = pattern.exec(out());
      if (match) return match;
      if (Date.now() - start > timeoutMs) throw new Error(`no ${pattern} in output: ${out()} ${err()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  if (options.interact) await options.interact({ stdin, waitForStdout });
  else stdin.end();
  const code = await running;
  return { code, stdout: out(), stderr: err() };
}

const BIN = fileURLToPath(new URL('../../bin/shotput.js', import.meta.url));

/** `node bin/shotput.js ...` as a child process. */
export function runCliProcess(
  argv: string[],
  options: {
    input?: string;
    env?: NodeJS.ProcessEnv;
    onStdout?: (text: string, stdin: NodeJS.WritableStream) => void;
  } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      options.onStdout?.(stdout, child.stdin);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    if (options.input !== undefined) child.stdin.end(options.input);
    else if (!options.onStdout) child.stdin.end();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

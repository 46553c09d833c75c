// Asking before a command destroys something: on a terminal a question, answered y or n; where
// nobody can answer (a script, a pipe) the command needs --yes and is bad usage without it.
import { createInterface } from 'node:readline';
import type { CliContext } from './command';
import { UsageError, writeLine } from './command';
import { confirmationNeeded } from './messages';

/** The first non-empty line on stdin, or null at its end (or on Ctrl-C). */
export function readLine(ctx: CliContext): Promise<string | null> {
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

/**
 * True when the user agreed (or gave --yes). `action` names what is asked in a sentence
 * ("Delete shot 1015 “Hero”"); `command` is the command line for the --yes message.
 */
export async function confirmed(
  ctx: CliContext,
  yes: boolean | undefined,
  action: string,
  command: string,
): Promise<boolean> {
  if (yes) return true;
  if (ctx.io.stdin.isTTY !== true) throw new UsageError(confirmationNeeded(command));
  ctx.io.stderr.write(`${action}? This cannot be undone. [y/N] `);
  const answer = await readLine(ctx);
  if (answer !== null && /^\s*y(es)?\s*$/i.test(answer)) return true;
  writeLine(ctx.io.stderr, 'Nothing was changed.');
  return false;
}

/** Before any work starts: without --yes, a command that will ask needs a terminal to ask on. */
export function ensureAskable(ctx: CliContext, yes: boolean | undefined, command: string): void {
  if (!yes && ctx.io.stdin.isTTY !== true) throw new UsageError(confirmationNeeded(command));
}

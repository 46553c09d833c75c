// Secrets given on the command line show in `ps` and in shell history; these read them from a file
// or from standard input instead (`-`), so scripts can pass them without exposing them.
import { readFile } from 'node:fs/promises';
import { UsageError } from './command';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return text;
}

/** The secret in `source` (a file path, or `-` for standard input): its first non-empty line, trimmed. */
export async function readSecret(source: string, stdin: NodeJS.ReadableStream, flag: string): Promise<string> {
  let text: string;
  try {
    text = source === '-' ? await readAll(stdin) : await readFile(source, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${flag}: cannot read ${source}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const secret = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line !== '');
  if (!secret) throw new UsageError(`${flag}: ${source === '-' ? 'standard input' : source} holds no value`);
  return secret;
}

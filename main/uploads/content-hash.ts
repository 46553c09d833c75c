// SHA-256 of a file's bytes: the identity of the content, whatever its name or folder.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function hashBytes(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

// A TextPersistence on a file readable only by its owner (mode 0600), replaced atomically so a
// crash mid-write leaves the previous version. Used by the CLI for the token store.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../files/atomic-file';
import type { SecretBox, TextPersistence } from './token-store';

export function ownerOnlyFile(filePath: string): TextPersistence {
  return {
    async read() {
      try {
        return await readFile(filePath, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    write: (text) => writeFileAtomically(filePath, text),
  };
}

/** The CLI has no OS keychain: the values are kept as they are and the file's mode protects them. */
export const fileModeSecretBox: SecretBox = {
  protection: 'file-permissions',
  seal: (plain) => plain,
  open: (sealed) => sealed,
};

/** The token file of a data dir. */
export function tokenFilePath(dataDir: string): string {
  return path.join(dataDir, 'accounts.json');
}

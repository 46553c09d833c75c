// A TextPersistence on a file readable only by its owner (mode 0600), replaced atomically so a
// crash mid-write leaves the previous version. Used by the CLI for the token store.
import { chmod, mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
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
    async write(text) {
      await mkdir(path.dirname(filePath), { recursive: true, mode: 0o700 });
      const temporary = `${filePath}.${process.pid}.tmp`;
      const handle = await open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await chmod(temporary, 0o600); // the umask may have narrowed it further, never widened; be explicit.
      await rename(temporary, filePath);
    },
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

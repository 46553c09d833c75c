// The one way Shotput replaces a small file it keeps (drafts, settings, the sign-in, watched folders,
// the session's choice): written beside it, flushed to disk, renamed over it, and the rename itself
// flushed. A crash or a power cut at any moment leaves the old file or the new one, never half of
// either, and the file is readable only by its owner (0600, in a 0700 folder it makes).
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const folder = path.dirname(file);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    // The umask may have narrowed the mode, never widened it; an older file's mode is not kept.
    if (process.platform !== 'win32') await chmod(temporary, 0o600);
    await rename(temporary, file);
  } catch (error) {
    // A full disk or a refused write leaves no stray temporary file beside the kept one.
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  // Makes the rename durable; some platforms (Windows) cannot open a folder, and then it is not needed.
  const dir = await open(folder, 'r').catch(() => undefined);
  if (dir)
    await dir
      .sync()
      .catch(() => undefined)
      .finally(() => dir.close());
}

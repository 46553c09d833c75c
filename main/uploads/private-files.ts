// The upload journal and its lock belong to the user alone: folders 0700, files 0600, and never
// opened through a link someone planted in their place.
import fs from 'node:fs';
import path from 'node:path';

const { O_APPEND, O_CREAT, O_EXCL, O_NOFOLLOW, O_TRUNC, O_WRONLY } = fs.constants;

/** Creates the folder (and its parents) if needed; the folder itself ends up 0700 and no link. */
export function privateFolderSync(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    // A recursive mkdir says ENOENT for a folder it may not create (a read-only disk): ask again
    // for the first missing folder alone, whose error names the real reason (EROFS, EACCES).
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    let missing = dir;
    while (!fs.existsSync(path.dirname(missing)) && path.dirname(missing) !== missing) missing = path.dirname(missing);
    fs.mkdirSync(missing, { mode: 0o700 });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  const info = fs.lstatSync(dir);
  if (info.isSymbolicLink() || !info.isDirectory()) throw new Error(`${dir} is not a plain folder.`);
  if (process.platform !== 'win32' && (info.mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
}

/** The ways a private file is opened for writing (the journal's rewrite opens its new file with `replace`). */
export const PRIVATE_FLAGS = {
  append: O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW,
  replace: O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW,
  create: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW,
} as const;

/** Opens a private file for writing (0600, never through a link); an existing file is made 0600 too. */
export function openPrivateSync(file: string, how: keyof typeof PRIVATE_FLAGS): number {
  const fd = fs.openSync(file, PRIVATE_FLAGS[how], 0o600);
  if (process.platform !== 'win32') fs.fchmodSync(fd, 0o600);
  return fd;
}

// A watched folder may be written by others (a shared or synced folder, an unpacked archive): a link
// planted there must never make the user's account publish the file it points to. So watched images
// and their sidecars are taken only when they are plain files themselves, never through a link.
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Why a watched file is refused, or undefined when it is a plain file (not a link) in its folder. */
export async function linkRefusal(file: string): Promise<string | undefined> {
  const info = await fs.lstat(file).catch(() => undefined);
  if (!info) return `${path.basename(file)} is gone.`;
  if (info.isSymbolicLink())
    return `${path.basename(file)} is a link; watched folders take only plain files, never what a link points to.`;
  if (!info.isFile()) return `${path.basename(file)} is not a plain file.`;
  return undefined;
}

/** Reads a small text file without following a link in its last component (ELOOP when it is one). */
export async function readTextNoFollow(file: string): Promise<string> {
  const handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** Whether `file` really lies in `folder`: the same real folder, and the file is no link. */
export async function isPlainFileIn(folder: string, file: string): Promise<boolean> {
  if ((await linkRefusal(file)) !== undefined) return false;
  const [realFolder, realParent] = await Promise.all([
    fs.realpath(folder).catch(() => undefined),
    fs.realpath(path.dirname(file)).catch(() => undefined),
  ]);
  return realFolder !== undefined && realFolder === realParent;
}

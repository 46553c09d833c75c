// What a folder gives, the same wherever a folder is given: dropped on the window, watched (in the
// window or by `shotput watch`), or named to `shotput upload`. Its image files are taken, and
// those of its subfolders down to FOLDER_DEPTH levels; a link inside it is never followed (it could
// lead out of the folder given); hidden and temporary names (dotfiles, .part, ~$…) are passed over
// in silence, as they are never a finished file, and so are sidecars (name.json), read with their
// image. A `.json` is taken when it is a Lottie (by its content). Everything else that is not taken
// is named with its reason.
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { INPUT_LABELS, hasInputExtension } from '../../common/input-types';
import { isLottieFile } from '../images/motion/lottie-sniff';
import { isTemporaryName } from './watch-filter';

/** Levels of subfolders taken below a folder given: `given/a/b/c/shot.png` is, `given/a/b/c/d/…` is not. */
export const FOLDER_DEPTH = 3;

export interface FolderSkip {
  path: string;
  reason: string;
}

export interface FolderFiles {
  files: string[];
  skipped: FolderSkip[];
}

export type EntryKind = 'file' | 'folder' | 'link' | 'other';

export function entryKind(entry: Pick<Dirent, 'isFile' | 'isDirectory' | 'isSymbolicLink'>): EntryKind {
  if (entry.isSymbolicLink()) return 'link';
  if (entry.isDirectory()) return 'folder';
  return entry.isFile() ? 'file' : 'other';
}

/**
 * Why an entry found inside a folder is not taken: a sentence, '' for one passed over in silence,
 * or undefined when it is taken (an image file, or a folder within the depth).
 * `level` is how many folders down from the folder given the entry is (its children are at 1).
 */
export function entryRefusal(entry: string, kind: EntryKind, level: number): string | undefined {
  const name = path.basename(entry);
  // Sidecars (name.json beside name.png) are read with their image, not taken on their own; a
  // Lottie's `.json` is told from them by its content (takenByContent).
  if (isTemporaryName(name) || (kind === 'file' && isJsonName(name))) return '';
  if (kind === 'link') return `${name} is a link; links inside a folder are not followed.`;
  if (kind === 'folder')
    return level > FOLDER_DEPTH
      ? `The folder ${name} is more than ${FOLDER_DEPTH} folders deep; its files are not taken.`
      : undefined;
  if (kind === 'other') return `${name} is not a file.`;
  return hasInputExtension(name) ? undefined : `${name} is not an image Shotput can read (${INPUT_LABELS}).`;
}

function isJsonName(name: string): boolean {
  return path.extname(name).toLowerCase() === '.json';
}

/** Whether a file a folder holds is taken for what it contains: a `.json` only when it is a Lottie. */
export async function takenByContent(file: string): Promise<boolean> {
  return !isJsonName(file) || isLottieFile(file);
}

/**
 * The image files of a folder and its subfolders, in name order (numbers in names counted as
 * numbers), and every entry not taken with its reason. `skip` leaves out paths of the caller's own
 * (a watched folder's `uploaded/`).
 */
export async function filesInFolder(
  folder: string,
  skip: (entry: string) => boolean = () => false,
): Promise<FolderFiles> {
  const found: FolderFiles = { files: [], skipped: [] };
  await walk(path.resolve(folder), 1, skip, found);
  return found;
}

async function walk(dir: string, level: number, skip: (entry: string) => boolean, found: FolderFiles): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    found.skipped.push({ path: dir, reason: `The folder ${path.basename(dir)} could not be read.` });
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (skip(full)) continue;
    const kind = entryKind(entry);
    const refusal = entryRefusal(full, kind, level);
    if (refusal === '' && kind === 'file' && isJsonName(entry.name) && (await isLottieFile(full))) {
      found.files.push(full);
      continue;
    }
    if (refusal === '') continue;
    if (refusal !== undefined) found.skipped.push({ path: full, reason: refusal });
    else if (kind === 'folder') await walk(full, level + 1, skip, found);
    else found.files.push(full);
  }
}

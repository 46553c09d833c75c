// Which paths a watched folder takes: finished image files only. Editors and browsers write
// through temporary names (.part, .crdownload, .tmp, ~$name, dotfiles) and rename when done;
// those names are ignored so only the final name is seen.
import path from 'node:path';
import { hasInputExtension } from '../../common/input-types';

const PARTIAL_EXTENSIONS = new Set(['.tmp', '.temp', '.part', '.partial', '.crdownload', '.download', '.swp', '.swx']);
export const UPLOADED_FOLDER = 'uploaded';

/** True for names that are never the final file: temporary, partial, hidden, lock files. */
export function isTemporaryName(name: string): boolean {
  if (name.startsWith('.') || name.startsWith('~$') || name.endsWith('~')) return true;
  return PARTIAL_EXTENSIONS.has(path.extname(name).toLowerCase());
}

export function isImageName(name: string): boolean {
  return !isTemporaryName(name) && hasInputExtension(name);
}

/** chokidar's `ignored`: the folder itself is kept, its `uploaded/` folders and temporary names are not. */
export function ignoredIn(folder: string): (candidate: string) => boolean {
  const root = path.resolve(folder);
  return (candidate) => {
    const full = path.resolve(candidate);
    if (full === root) return false;
    const relative = path.relative(root, full);
    if (relative.startsWith('..')) return false;
    // Files are moved into an uploaded/ folder beside them, in subfolders too.
    if (relative.split(path.sep).includes(UPLOADED_FOLDER)) return true;
    return isTemporaryName(path.basename(full));
  };
}

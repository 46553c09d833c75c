// The image files a given path holds: the file itself, or a folder's images (within a depth,
// never through a link found inside it, in name order), each refusal with a sentence for the user.
import { randomUUID } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { INPUT_LABELS, PASTE_TYPES, isPasteType } from '../../common/input-types';
import { isImageName } from '../uploads/watch-filter';
import { filesInFolder } from '../uploads/index';
import { takenByContent } from '../uploads/folder-files';
import { titleFromFileName } from '../uploads/sidecar';
import type { DraftView, DraftsAdded } from '../../common/contract/index';
import type { StoredDraft } from './draft-store';

/** A draft's view before its file is read: what was kept of it, or a new one's defaults. */
export function newDraftView(draft: StoredDraft): DraftView {
  return {
    id: draft.id,
    name: path.basename(draft.path),
    title: titleFromFileName(draft.path),
    path: draft.path,
    state: 'loading',
    error: null,
    errorCode: null,
    facts: null,
    source: null,
    result: null,
    warnings: [],
    prepare: { ...draft.prepare },
    uploadedAs: null,
    words: draft.words,
    missing: false,
  };
}

/** A draft whose file has gone: said on its card, which keeps every field. */
export function goneMessage(file: string): string {
  return `${path.basename(file)} is no longer in ${path.dirname(file)}; its title and settings are kept. Put the file back, or remove this draft.`;
}

/** An image pasted from the clipboard, written to a folder of its own (it needs a file to be uploaded from). */
export async function writePasted(pasteDir: string, name: string, type: string, data: Buffer): Promise<string> {
  const extension = isPasteType(type) ? PASTE_TYPES[type] : '.png';
  // Letters of every script are kept (composed, NFC): the name becomes the shot's title.
  const base =
    path
      .parse(name.normalize('NFC'))
      .name.replace(/[^\p{L}\p{N}_ .-]+/gu, '')
      .trim()
      .slice(0, 80) || 'Pasted image';
  // A folder of its own keeps the name the user knows (and so the title made from it).
  const folder = path.join(pasteDir, randomUUID());
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${base}${extension}`);
  await writeFile(file, data, { mode: 0o600 });
  return file;
}

const LOOKED_AT_ONCE = 64;

/** What the given paths hold, in the order given; each looked at a few dozen at a time (a drop can bring thousands). */
export async function collectAll(
  paths: readonly string[],
): Promise<{ files: string[]; problems: DraftsAdded['problems'] }> {
  const problems: DraftsAdded['problems'] = [];
  const files: string[] = [];
  for (let start = 0; start < paths.length; start += LOOKED_AT_ONCE) {
    const found = await Promise.all(
      paths.slice(start, start + LOOKED_AT_ONCE).map(async (given) => {
        const each = { files: [] as string[], problems: [] as DraftsAdded['problems'] };
        if (!path.isAbsolute(given))
          each.problems.push({ path: given, message: `${given} is not a full path to a file or folder.` });
        else await collectImages(path.normalize(given), each.files, each.problems);
        return each;
      }),
    );
    for (const each of found) {
      files.push(...each.files);
      problems.push(...each.problems);
    }
  }
  return { files, problems };
}

export async function collectImages(target: string, files: string[], problems: DraftsAdded['problems']): Promise<void> {
  let info;
  try {
    // What the user gave is judged by main's path grants; inside a folder, links are not followed
    // (folder-files.ts: the rules every folder follows, dropped, watched or given to upload).
    info = await stat(target);
  } catch {
    problems.push({ path: target, message: `${path.basename(target)} could not be found or read.` });
    return;
  }
  if (info.isDirectory()) {
    const found = await filesInFolder(target);
    files.push(...found.files);
    if (found.files.length === 0)
      problems.push({ path: target, message: `The folder ${path.basename(target)} has no images.` });
    return;
  }
  if (!info.isFile()) return;
  const name = path.basename(target);
  if (!isImageName(name))
    problems.push({ path: target, message: `${name} is not an image Shotput can read (${INPUT_LABELS}).` });
  // A sidecar dropped beside its image (both chosen in the file manager) is no draft of its own.
  else if (!(await takenByContent(target)))
    problems.push({
      path: target,
      message: `${name} is JSON but not a Lottie animation; a sidecar (name.json) is read with its image only in a watched folder.`,
    });
  else files.push(target);
}

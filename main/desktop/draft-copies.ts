// What a draft read, kept: a still dropped, picked or pasted is read once, its bytes hashed, and a
// private copy of them kept under their hash in the app's data folder (draft-copies/, one folder
// for every account's drafts and the drafts of nobody: content-addressed, equal files are kept
// once). The draft prepares every framing from that copy, a restart brings it back from it, and
// the queue takes it without reading the file again (intake.ts), so what the draft showed is what
// is sent. Nothing is held in memory past a draft's preparation, however many drafts wait. A clip
// is read by its decoder, not here, and the queue reads it when it is queued.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodedByFfmpeg } from '../images/motion/open';
import type { ImageSource } from '../images/index';
import { Snapshots, fileStamp, sourceChangedSince, takeFile } from '../uploads/index';
import type { TakenContent } from '../uploads/index';
import type { WindowDraftMotion } from './draft-motion';
import { DRAFTS_FILE } from './draft-store';

/** The content a draft read: the hash of its bytes and what the file was then (size and modification time). */
export interface DraftContent {
  hash: string;
  stamp: string;
}

/** What a draft prepares from this time, and what it learned of its file. */
export interface DraftSource {
  content: ImageSource;
  /** What the file was when read: undefined when it could not be looked at. */
  stamp: string | undefined;
  /** The content now kept for the draft (a still whose copy is on disk). */
  kept?: DraftContent;
  /** The file is no longer what the draft read (the draft keeps what it read, or its copy is gone and it read the file anew). */
  changed?: 'kept' | 'read-again';
}

export class DraftCopies {
  private readonly snapshots: Snapshots;

  /** Copies being written now: closing waits for them, so none lands in the folder after. */
  private readonly writing = new Set<Promise<boolean>>();

  constructor(dataDir: string) {
    this.snapshots = new Snapshots(dataDir, 'draft-copies');
  }

  /** Resolves once no copy is being written (the desktop closing). */
  async settled(): Promise<void> {
    while (this.writing.size > 0) await Promise.all([...this.writing]);
  }

  /** The content as the queue takes it: no read of the file, only its copy's name. */
  taken(content: DraftContent): TakenContent {
    return { ...content, copy: this.snapshots.pathOf(content.hash) };
  }

  /**
   * What a draft prepares from: its copy when it has one (a new framing, a restart), else the file
   * read once and kept. A copy that cannot be written (a full disk) leaves the draft without one:
   * it works as before, and the queue reads the file when it is queued.
   */
  async source(
    file: string,
    motion: WindowDraftMotion | undefined,
    had: DraftContent | undefined,
  ): Promise<DraftSource> {
    if (had) {
      const bytes = await this.snapshots.read(had.hash);
      // A file gone is said as such (the draft's error), whatever its copy.
      const changed = bytes ? await sourceChangedSince(file, had.stamp) : undefined;
      if (bytes && changed !== undefined)
        return { content: bytes, stamp: had.stamp, kept: had, ...(changed ? { changed: 'kept' as const } : {}) };
    }
    if (motion || (await decodedByFfmpeg(file))) return { content: file, stamp: await fileStamp(file) };
    const read = await takeFile(file);
    const kept = { hash: read.hash, stamp: read.stamp };
    const storing = this.snapshots.keep(read.hash, read.bytes).then(
      () => true,
      () => false,
    );
    this.writing.add(storing);
    const stored = await storing.finally(() => this.writing.delete(storing));
    return {
      content: read.bytes,
      stamp: read.stamp,
      ...(stored ? { kept } : {}),
      ...(had && had.hash !== read.hash ? { changed: 'read-again' as const } : {}),
    };
  }

  /**
   * What the draft `id` prepares from (source() below), its record brought up to date with the
   * content now kept for it (`dirty`: to be saved with the drafts).
   */
  async sourceOf(
    drafts: ReadonlyMap<string, { content?: DraftContent }>,
    id: string,
    { file, motion }: { file: string; motion: WindowDraftMotion | undefined },
    dirty: () => void,
  ): Promise<DraftSource> {
    const read = await this.source(file, motion, drafts.get(id)?.content);
    const record = drafts.get(id);
    // Removed while it was read: what was kept for it goes, unless another draft holds the same.
    if (!record && read.kept) this.releaseUnheld([read.kept.hash], drafts.values());
    if (record && record.content?.hash !== read.kept?.hash) {
      record.content = read.kept;
      dirty();
    }
    return read;
  }

  /** Copies no draft holds any more go (the queue has its own link to what it took). */
  releaseUnheld(hashes: Iterable<string>, drafts: Iterable<{ content?: DraftContent }>): void {
    const unheld = new Set(hashes);
    for (const draft of drafts) if (draft.content) unheld.delete(draft.content.hash);
    for (const hash of unheld) this.snapshots.release(hash);
  }

  get dir(): string {
    return this.snapshots.dir;
  }

  /**
   * Copies no kept draft refers to go, at start-up before any draft is read: a run that stopped
   * between a draft's removal and its copy's deletion leaves one behind. Every account's drafts
   * file (and the signed-out drafts') under `draftsRoot` is read for the copies it holds; one that
   * cannot be read leaves every copy where it is, since what it refers to is unknown.
   */
  async sweep(draftsRoot: string): Promise<void> {
    const needed = await heldCopies(draftsRoot);
    if (needed !== undefined) this.snapshots.sweep(needed);
  }
}

/** The hashes every drafts file under `root` holds; undefined when one of them cannot be read. */
async function heldCopies(root: string): Promise<Set<string> | undefined> {
  const names = await readdir(root, { recursive: true }).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? [] : undefined,
  );
  if (names === undefined) return undefined;
  const held = new Set<string>();
  for (const name of names.filter((each) => path.basename(each) === DRAFTS_FILE)) {
    let drafts: unknown;
    try {
      drafts = (JSON.parse(await readFile(path.join(root, name), 'utf8')) as { drafts?: unknown } | null)?.drafts;
    } catch {
      return undefined;
    }
    if (!Array.isArray(drafts)) return undefined;
    for (const draft of drafts as Array<{ content?: { hash?: unknown } } | null>) {
      const hash = draft?.content?.hash;
      if (typeof hash === 'string') held.add(hash);
    }
  }
  return held;
}

/** Said on a draft's card when its file changed after the draft read it. */
export function changedWarning(file: string, changed: 'kept' | 'read-again'): { code: string; message: string } {
  const name = path.basename(file);
  const message =
    changed === 'kept'
      ? `${name} changed after it was added; this draft sends the version added. Remove it and add the file again for the new version.`
      : `${name} changed after it was added, and the version added is no longer kept; this draft now shows the file as it is.`;
  return { code: 'source-changed', message };
}

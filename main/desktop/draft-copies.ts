// What a draft read, kept: a file dropped, picked or pasted is read once, its bytes hashed, and a
// private copy of them kept under their hash in the app's data folder (draft-copies/, one folder
// for every account's drafts and the drafts of nobody: content-addressed, equal files are kept
// once). The draft prepares every framing from that copy, a restart brings it back from it, and
// the queue takes it without reading the file again (intake.ts), so what the draft showed is what
// is sent. A still's bytes are held while its draft prepares; a clip (a video, an APNG, an
// animated AVIF) is streamed into its copy and its decoders read the copy, however often the
// fitter, the estimate and the strip decode it.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { decodedByFfmpeg } from '../images/motion/open';
import type { ImageSource } from '../images/index';
import { Snapshots, fileStamp, sourceChangedSince, takeFile } from '../uploads/index';
import type { TakenContent } from '../uploads/index';
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

  /** Copies being written or let go now: closing waits for them, so none changes the folder after. */
  private readonly writing = new Set<Promise<unknown>>();

  /** Where every account's drafts file is kept (and the signed-out drafts'). */
  private readonly draftsRoot: string;

  /** The drafts folder whose drafts are in memory: its file may lag behind them, so memory speaks for it. */
  private shownFolder: string | undefined;

  constructor(dataDir: string) {
    this.snapshots = new Snapshots(dataDir, 'draft-copies');
    this.draftsRoot = path.join(dataDir, 'drafts');
  }

  /** The drafts of this folder are now the ones in memory (the keeper switched accounts). */
  showing(folder: string | undefined): void {
    this.shownFolder = folder;
  }

  /** Set once the desktop closes: no copy is begun or let go after, so the folder stays as closing left it. */
  private closed = false;

  /**
   * Resolves once no copy is being written. A preparation still reading its file begins no copy
   * after this: its draft has none, and the next start reads the file again.
   */
  async close(): Promise<void> {
    this.closed = true;
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
  async source(file: string, had: DraftContent | undefined): Promise<DraftSource> {
    if (had) {
      const content = await this.keptContent(had);
      // A file gone is said as such (the draft's error), whatever its copy.
      const changed = content ? await sourceChangedSince(file, had.stamp) : undefined;
      if (content && changed !== undefined)
        return { content, stamp: had.stamp, kept: had, ...(changed ? { changed: 'kept' as const } : {}) };
    }
    if (await decodedByFfmpeg(file)) return this.clipSource(file, had);
    const read = await takeFile(file);
    const kept = { hash: read.hash, stamp: read.stamp };
    const stored = await this.tracked(() => this.snapshots.keep(read.hash, read.bytes)).then(
      () => true,
      () => false,
    );
    return {
      content: read.bytes,
      stamp: read.stamp,
      ...(stored ? { kept } : {}),
      ...(had && had.hash !== read.hash ? { changed: 'read-again' as const } : {}),
    };
  }

  /** The path a draft's content is read from now: its copy while it is kept, else its file. */
  async readFrom(file: string, content: DraftContent | undefined): Promise<string> {
    if (!content) return file;
    const copy = this.snapshots.pathOf(content.hash);
    return (await stat(copy).then(
      () => true,
      () => false,
    ))
      ? copy
      : file;
  }

  /** A kept copy's content: a still's bytes (checked against their hash), a clip's path (by its size). */
  private async keptContent(had: DraftContent): Promise<ImageSource | undefined> {
    const copy = this.snapshots.pathOf(had.hash);
    if (await decodedByFfmpeg(copy).catch(() => false)) {
      const size = await stat(copy).then(
        (info) => info.size,
        () => -1,
      );
      return String(size) === had.stamp.split(':')[0] ? copy : undefined;
    }
    return this.snapshots.read(had.hash);
  }

  /** A clip streamed once into its copy; without one (a full disk), its decoders read the file. */
  private async clipSource(file: string, had: DraftContent | undefined): Promise<DraftSource> {
    const kept = await this.tracked(() => this.snapshots.keepFile(file)).catch(() => undefined);
    if (!kept) return { content: file, stamp: await fileStamp(file) };
    return {
      content: this.snapshots.pathOf(kept.hash),
      stamp: kept.stamp,
      kept,
      ...(had && had.hash !== kept.hash ? { changed: 'read-again' as const } : {}),
    };
  }

  /**
   * What the draft `id` prepares from (source() below), its record brought up to date with the
   * content now kept for it (`dirty`: to be saved with the drafts).
   */
  async sourceOf(
    drafts: ReadonlyMap<string, { content?: DraftContent }>,
    id: string,
    file: string,
    dirty: () => void,
  ): Promise<DraftSource> {
    const read = await this.source(file, drafts.get(id)?.content);
    const record = drafts.get(id);
    // Removed while it was read: what was kept for it goes, unless another draft holds the same.
    if (!record && read.kept) this.releaseUnheld([read.kept.hash], () => drafts.values());
    if (record && record.content?.hash !== read.kept?.hash) {
      record.content = read.kept;
      dirty();
    }
    return read;
  }

  /**
   * Copies no draft holds any more go (the queue has its own link to what it took). `drafts` are
   * the drafts in memory; the drafts of other accounts, kept on disk, are read before a copy goes,
   * since the same file dropped by two accounts is kept once. A drafts file that cannot be read
   * keeps the copy (the start-up sweep decides once it can be).
   */
  releaseUnheld(hashes: Iterable<string>, drafts: () => Iterable<{ content?: DraftContent }>): void {
    const candidates = unheldBy(hashes, drafts());
    if (candidates.size === 0) return;
    // Closing lets go of nothing: the start-up sweep does.
    void this.tracked(async () => {
      const elsewhere = await heldCopies(this.draftsRoot, this.shownFolder);
      if (elsewhere === undefined) return;
      // Looked at again now: a draft added meanwhile may have taken the same content.
      const gone = [...unheldBy(candidates, drafts())].filter((hash) => !elsewhere.has(hash));
      await Promise.all(gone.map((hash) => this.snapshots.release(hash)));
    }).catch(() => undefined);
  }

  /** Runs `begin` as work closing waits for; once closed, it is not begun (rejects). */
  private async tracked<T>(begin: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('The drafts are closed.');
    const work = begin();
    this.writing.add(work);
    try {
      return await work;
    } finally {
      this.writing.delete(work);
    }
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
  async sweep(): Promise<void> {
    const needed = await heldCopies(this.draftsRoot, undefined);
    if (needed !== undefined) this.snapshots.sweep(needed);
  }
}

/** The hashes of `hashes` none of `drafts` holds. */
function unheldBy(hashes: Iterable<string>, drafts: Iterable<{ content?: DraftContent }>): Set<string> {
  const unheld = new Set(hashes);
  for (const draft of drafts) if (draft.content) unheld.delete(draft.content.hash);
  return unheld;
}

/**
 * The hashes every drafts file under `root` holds, but the one in `except` (its drafts are in
 * memory); undefined when one of them cannot be read.
 */
async function heldCopies(root: string, except: string | undefined): Promise<Set<string> | undefined> {
  const names = await readdir(root, { recursive: true }).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? [] : undefined,
  );
  if (names === undefined) return undefined;
  const held = new Set<string>();
  const files = names.map((name) => path.join(root, name));
  for (const file of files.filter((each) => path.basename(each) === DRAFTS_FILE && path.dirname(each) !== except)) {
    let drafts: unknown;
    try {
      drafts = (JSON.parse(await readFile(file, 'utf8')) as { drafts?: unknown } | null)?.drafts;
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

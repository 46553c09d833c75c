// What a job publishes is what was queued: each added file is read once, hashed from those bytes,
// and a private copy of them is kept in the queue's data folder under their hash. The job prepares
// its image from that copy, never from the source again, so a file edited or replaced while its
// job waits (or across a Ctrl-C or a crash) cannot change what the job sends or what is recorded
// as uploaded. The copy goes once its content is on the service or the job leaves the list.
// A file the app's draft already read (and kept a copy of, with the same class in another folder)
// is not read again: the queue takes the draft's copy (adopt), so the job sends the bytes the
// draft showed even when the file was edited between the drop and Upload.
import { hashBytes } from './content-hash';
import { createHash, randomUUID } from 'node:crypto';
import { constants, createWriteStream, readdirSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { privateFolderSync } from './private-files';

/** A source file as it was read once: its bytes, their SHA-256 and what the file was then. */
export interface TakenFile {
  bytes: Buffer;
  hash: string;
  /** Size and modification time when read: the source has changed since once these differ. */
  stamp: string;
}

/**
 * Content already read by someone else (a draft): its hash and the stamp of the source it was read
 * from, and a private copy of those bytes, so the queue takes them without reading the source again.
 */
export interface TakenContent {
  hash: string;
  stamp: string;
  /** The private copy of the bytes (a Snapshots file of the drafts' own folder). */
  copy: string;
}

/** Reads a file once: the bytes and the stamp come from the same open file. */
export async function takeFile(file: string): Promise<TakenFile> {
  const handle = await fs.open(file, 'r');
  try {
    const info = await handle.stat();
    const bytes = await handle.readFile();
    return { bytes, hash: hashBytes(bytes), stamp: stampOf(info) };
  } finally {
    await handle.close();
  }
}

function stampOf(info: { size: number; mtimeMs: number }): string {
  return `${info.size}:${info.mtimeMs}`;
}

/** What a source file is now (size and modification time), or undefined when it cannot be read. */
export async function fileStamp(file: string): Promise<string | undefined> {
  const info = await fs.stat(file).catch(() => undefined);
  return info ? stampOf(info) : undefined;
}

/** Whether the source is no longer what was read (undefined when it cannot be looked at: gone). */
export async function sourceChangedSince(file: string, stamp: string): Promise<boolean | undefined> {
  const info = await fs.stat(file).catch(() => undefined);
  return info ? stampOf(info) !== stamp : undefined;
}

export class Snapshots {
  readonly dir: string;

  /** `name`: the folder's name in `dataDir` (the queue's is `snapshots`; drafts keep theirs apart). */
  constructor(dataDir: string, name = 'snapshots') {
    this.dir = path.join(dataDir, name);
  }

  pathOf(hash: string): string {
    return path.join(this.dir, hash);
  }

  /**
   * Keeps the bytes under their hash (once: equal content is kept once, whatever the file). Not
   * fsynced: a process that dies leaves it in the system's cache; after a power cut, read()
   * checks it against its hash and the job falls back to its source when that still matches.
   */
  async keep(hash: string, bytes: Buffer): Promise<void> {
    privateFolderSync(this.dir);
    const file = this.pathOf(hash);
    if (
      await fs.stat(file).then(
        (info) => info.size === bytes.length,
        () => false,
      )
    )
      return;
    const partial = `${file}.${process.pid}.part`;
    await fs.writeFile(partial, bytes, { mode: 0o600 });
    await fs.rename(partial, file);
  }

  /**
   * Reads a file once as a stream into a copy kept under its hash, for content too large to hold
   * in memory (a clip): its hash and the stamp come from the same open file. Memory stays one
   * chunk, whatever the size.
   */
  async keepFile(source: string): Promise<{ hash: string; stamp: string }> {
    privateFolderSync(this.dir);
    const partial = path.join(this.dir, `${randomUUID()}.${process.pid}.part`);
    const handle = await fs.open(source, 'r');
    try {
      const info = await handle.stat();
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(
        handle.createReadStream({ autoClose: false }),
        hashing,
        createWriteStream(partial, { mode: 0o600 }),
      );
      const digest = hash.digest('hex');
      // Kept already (the same clip dropped twice): that copy stays, which may be open for reading.
      const kept = await fs.stat(this.pathOf(digest)).then(
        (found) => found.size === info.size,
        () => false,
      );
      if (!kept) await fs.rename(partial, this.pathOf(digest));
      return { hash: digest, stamp: stampOf(info) };
    } finally {
      await handle.close();
      await fs.rm(partial, { force: true });
    }
  }

  /**
   * Keeps the content of another folder's copy under its hash, without reading it: a second link
   * to the same file (drafts and queue live in the same data folder), or, across disks, a copy.
   * False when that copy is gone (the caller reads the source instead).
   */
  async adopt(hash: string, copy: string): Promise<boolean> {
    privateFolderSync(this.dir);
    const file = this.pathOf(hash);
    const size = await fs.stat(copy).then(
      (info) => info.size,
      () => undefined,
    );
    if (size === undefined) return false;
    if (
      await fs.stat(file).then(
        (info) => info.size === size,
        () => false,
      )
    )
      return true;
    try {
      await fs.link(copy, file);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return false;
      // Another disk, or links refused: a copy (cloned where the file system can), under its
      // temporary name first like keep() so a half copy is never taken for the content.
      await fs.rm(file, { force: true });
      const partial = `${file}.${process.pid}.part`;
      await fs.copyFile(copy, partial, constants.COPYFILE_FICLONE);
      await fs.rename(partial, file);
      return true;
    }
  }

  /** The bytes kept for this hash, or undefined when missing or not that content any more. */
  async read(hash: string): Promise<Buffer | undefined> {
    const bytes = await fs.readFile(this.pathOf(hash)).catch(() => undefined);
    return bytes && hashBytes(bytes) === hash ? bytes : undefined;
  }

  /** Lets go of a copy; resolves once it is gone (or could not be removed: the next sweep tries again). */
  release(hash: string): Promise<void> {
    return fs.rm(this.pathOf(hash), { force: true }).catch(() => undefined);
  }

  /**
   * Removes every copy no job needs any more (left by a run that stopped before it let go of them).
   * Run as the queue opens, before any job is added, so nothing is kept meanwhile.
   */
  sweep(needed: ReadonlySet<string>): void {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) if (!needed.has(name)) rmSync(path.join(this.dir, name), { force: true });
  }
}

// A watched folder: every finished image file that appears in it becomes an upload job with the
// folder's defaults. A file is taken once its content is final (stable-file.ts), whether it was
// there when watching started or appeared later; chokidar follows editors' atomic saves;
// temporary names are ignored (watch-filter.ts); content already uploaded is skipped by its
// SHA-256, visibly, unless the folder forces it.
import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { watch } from 'chokidar';
import type { FSWatcher } from 'chokidar';
import type { UploadQueue } from './queue';
import { nextSlot } from './schedule';
import type { BatchSchedule } from './schedule';
import { hashFile } from './content-hash';
import { linkRefusal } from './no-links';
import { readSidecar, sidecarPath, titleFromFileName } from './sidecar';
import { stableFileOptions, waitUntilFinal } from './stable-file';
import { isFinal } from './types';
import type { JobEvent, PrepareChoice, ShotMetadata, UploadJob } from './types';
import { MAX_SHOT_TAGS } from '../../common/service-rules';
import { UPLOADED_FOLDER, ignoredIn, isImageName } from './watch-filter';
import { FOLDER_DEPTH, entryKind, entryRefusal, takenByContent } from './folder-files';

export interface FolderDefaults {
  description?: string;
  tags?: string[];
  teamId?: number;
  lowProfile?: boolean;
  reboundSourceId?: number;
  /** Spread the folder's shots: the first at `start`, then one every `everyHours`. */
  schedule?: BatchSchedule;
}

export interface WatchFolderOptions {
  folder: string;
  defaults?: FolderDefaults;
  prepare?: PrepareChoice;
  /** Move each file (and its sidecar) to `uploaded/` beside it once its shot is published or scheduled. */
  moveUploaded?: boolean;
  /** Upload content even when the same bytes were uploaded before. */
  force?: boolean;
  /** How long a file's size and modification time must stay the same before it is taken. */
  stableMs?: number;
}

export interface FolderCounts {
  /** Image files taken into account. */
  seen: number;
  /** Published or scheduled. */
  uploaded: number;
  /** Not sent: content already uploaded, or not taken (not an image, a folder too deep), each named. */
  skipped: number;
  failed: number;
}

export type WatchEvent =
  | { type: 'taken'; folder: string; file: string; job: UploadJob }
  | {
      type: 'skipped';
      folder: string;
      file: string;
      message: string;
      shotId?: number;
      jobId?: string;
      from?: string;
      /** Not taken by the folder's rules (folder-files.ts): not an image, a folder too deep. */
      notTaken?: boolean;
    }
  | { type: 'error'; folder: string; file?: string; message: string }
  /** A job of this folder failed: the file and the job's sentence. */
  | { type: 'failed'; folder: string; file: string; message: string }
  | { type: 'counts'; folder: string; counts: FolderCounts };

export class WatchedFolder extends EventEmitter<{ event: [WatchEvent] }> {
  readonly folder: string;
  private watcher: FSWatcher | undefined;
  private readonly counts: FolderCounts = { seen: 0, uploaded: 0, skipped: 0, failed: 0 };
  /** The content each path was last taken with: a repeated event for the same bytes is not news. */
  private readonly takenHash = new Map<string, string>();
  /** Jobs of this folder → the file they came from. */
  private readonly jobs = new Map<string, string>();
  /** Work on one path at a time (an add and a change can arrive close together). */
  private readonly perPath = new Map<string, Promise<void>>();
  /** Paths named as not taken (not an image, a folder too deep). */
  private readonly refused = new Set<string>();
  /** Paths whose wait for final content is running: that wait sees any further change too. */
  private readonly settling = new Set<string>();
  private stopping = new AbortController();
  private readonly pending = new Set<Promise<void>>();
  private readonly onQueueEvent = (event: JobEvent) => this.followJob(event);

  constructor(
    private readonly queue: UploadQueue,
    private readonly options: WatchFolderOptions,
  ) {
    super();
    this.folder = path.resolve(options.folder);
  }

  /** Starts watching; resolves once the files already present have been taken. */
  async start(): Promise<void> {
    const stat = await fs.stat(this.folder).catch(() => undefined);
    if (!stat?.isDirectory()) throw new Error(`${this.folder} is not a folder.`);
    this.queue.on('event', this.onQueueEvent);
    this.stopping = new AbortController();
    // No awaitWriteFinish: chokidar applies it only to files that appear after its first scan,
    // so a file still being written when watching starts was taken half-written. Every file
    // waits for final content in consider() instead.
    // Subfolders as a dropped folder's (folder-files.ts): FOLDER_DEPTH levels, links not followed.
    this.watcher = watch(this.folder, {
      depth: FOLDER_DEPTH,
      followSymlinks: false,
      ignoreInitial: false,
      ignored: ignoredIn(this.folder),
      atomic: true,
    });
    this.watcher.on('addDir', (dir) => this.considerFolder(dir));
    this.watcher.on('add', (file) => this.consider(file));
    this.watcher.on('change', (file) => this.consider(file));
    this.watcher.on('error', (error) =>
      this.emit('event', {
        type: 'error',
        folder: this.folder,
        message: `Watching failed: ${(error as Error).message}`,
      }),
    );
    await new Promise<void>((resolve) => this.watcher!.once('ready', () => resolve()));
  }

  /** Waits until every file seen so far has been handed to the queue (and moved, once uploaded). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Takes no new file (a file still being written is left for the next start); its jobs are still followed. */
  async stopWatching(): Promise<void> {
    this.stopping.abort();
    await this.watcher?.close();
    this.watcher = undefined;
    await this.settled();
  }

  async stop(): Promise<void> {
    await this.stopWatching();
    this.queue.off('event', this.onQueueEvent);
  }

  getCounts(): FolderCounts {
    return { ...this.counts };
  }

  /** A folder deeper than the rule allows is named, once, with why its files are not taken. */
  private considerFolder(dir: string): void {
    const level = path.relative(this.folder, dir).split(path.sep).length;
    if (dir === this.folder) return;
    const refusal = entryRefusal(dir, 'folder', level);
    if (refusal) this.refuse(dir, refusal);
  }

  /** A path not taken, named with its reason (once per path while watching). */
  private refuse(file: string, reason: string): void {
    if (this.refused.has(file)) return;
    this.refused.add(file);
    this.counts.seen++;
    this.counts.skipped++;
    this.emit('event', { type: 'skipped', folder: this.folder, file, message: reason, notTaken: true });
    this.emitCounts();
  }

  private consider(file: string): void {
    if (!isImageName(path.basename(file))) {
      void fs.lstat(file).then(
        (info) => {
          const refusal = entryRefusal(file, entryKind(info), 1);
          if (refusal) this.refuse(file, refusal);
        },
        () => undefined,
      );
      return;
    }
    if (this.settling.has(file)) return;
    this.settling.add(file);
    const previous = this.perPath.get(file) ?? Promise.resolve();
    const settle = async () => {
      let result;
      try {
        result = await waitUntilFinal(file, stableFileOptions(this.options.stableMs ?? 1_000, this.stopping.signal));
      } finally {
        this.settling.delete(file);
      }
      // A `.json` is a Lottie or a sidecar: the sidecar is read with its image, never taken.
      if (result === 'final') return (await takenByContent(file)) ? this.take(file) : undefined;
      // Replaced under the same name between two looks (its event came while this wait ran): look again.
      if (
        result === 'gone' &&
        (await fs.lstat(file).then(
          () => true,
          () => false,
        ))
      )
        this.consider(file);
    };
    const work = previous.then(settle).catch((error: unknown) => {
      this.emit('event', { type: 'error', folder: this.folder, file, message: (error as Error).message });
    });
    this.perPath.set(file, work);
    this.remember(work);
    void work.finally(() => {
      if (this.perPath.get(file) === work) this.perPath.delete(file);
    });
  }

  /** Work that stop() and settled() wait for. */
  private remember(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async take(file: string): Promise<void> {
    const refusal = await linkRefusal(file);
    if (refusal) {
      this.emit('event', { type: 'error', folder: this.folder, file, message: refusal });
      return;
    }
    // Forced content skips the queue's check for known content, so the folder checks itself that
    // this is not the same bytes it took already (a touch, a sync client rewriting the file).
    if (
      this.options.force &&
      this.takenHash.has(file) &&
      this.takenHash.get(file) === (await hashFile(file).catch(() => undefined))
    )
      return;
    const metadata = await this.metadataFor(file);
    if (!metadata) return;
    const [result] = await this.queue.add([
      { sourcePath: file, metadata, prepare: this.options.prepare, origin: this.folder, force: this.options.force },
    ]);
    if (!result) return;
    if (result.status === 'error') {
      this.emit('event', { type: 'error', folder: this.folder, file, message: result.message });
      return;
    }
    const hash = result.status === 'skipped' ? `skipped:${result.shotId}` : result.job.contentHash;
    if (this.takenHash.get(file) === hash) return;
    this.takenHash.set(file, hash);
    this.counts.seen++;
    if (result.status === 'skipped') {
      this.counts.skipped++;
      this.emit('event', {
        type: 'skipped',
        folder: this.folder,
        file,
        message: result.message,
        shotId: result.shotId,
        from: result.from,
      });
    } else if (result.status === 'existing' && result.job.origin !== this.folder && !isFinal(result.job.state)) {
      this.counts.skipped++;
      this.emit('event', {
        type: 'skipped',
        folder: this.folder,
        file,
        message: `${path.basename(file)} is already in the upload queue (job ${result.job.id}).`,
        jobId: result.job.id,
      });
    } else {
      // The same request again (a watch started again after a stop): its job is this file's
      // outcome, reported once, with its shot when an earlier run already finished it.
      const job = this.queue.get(result.job.id) ?? result.job;
      this.jobs.set(job.id, file);
      this.emit('event', { type: 'taken', folder: this.folder, file, job });
      this.followJob({ type: 'job', job });
    }
    this.emitCounts();
  }

  private async metadataFor(file: string): Promise<ShotMetadata | undefined> {
    const defaults = this.options.defaults ?? {};
    const read = await readSidecar(file);
    if (!read.ok) {
      this.emit('event', { type: 'error', folder: this.folder, file, message: read.error.message });
      return undefined;
    }
    const sidecar = read.value;
    const tags = [...new Set([...(defaults.tags ?? []), ...(sidecar?.tags ?? [])])].slice(0, MAX_SHOT_TAGS);
    const metadata: ShotMetadata = {
      title: sidecar?.title ?? titleFromFileName(file),
      description: sidecar?.description ?? defaults.description,
      tags: tags.length > 0 ? tags : undefined,
      teamId: defaults.teamId,
      lowProfile: defaults.lowProfile,
      reboundSourceId: defaults.reboundSourceId,
    };
    if (defaults.schedule) {
      const scheduled = this.queue
        .list()
        .filter((j) => j.origin === this.folder && j.metadata.scheduledFor && j.state !== 'cancelled');
      // The same file seen again keeps its slot: the same request, not a new one for a later time.
      const own = scheduled.find((j) => j.sourcePath === path.resolve(file) && j.state !== 'failed');
      metadata.scheduledFor =
        own?.metadata.scheduledFor ??
        nextSlot(
          defaults.schedule,
          scheduled.map((j) => j.metadata.scheduledFor!),
        );
    }
    return metadata;
  }

  private followJob(event: JobEvent): void {
    if (event.type !== 'job' || !this.jobs.has(event.job.id)) return;
    const file = this.jobs.get(event.job.id)!;
    const state = event.job.state;
    if (state === 'published' || state === 'scheduled') {
      this.jobs.delete(event.job.id);
      this.counts.uploaded++;
      this.emitCounts();
      if (this.options.moveUploaded) this.remember(this.moveToUploaded(file));
    } else if (state === 'failed' || state === 'cancelled') {
      this.jobs.delete(event.job.id);
      if (state === 'failed') {
        this.counts.failed++;
        const message = event.job.failure?.message ?? 'The upload failed.';
        this.emit('event', { type: 'failed', folder: this.folder, file, message });
      }
      this.emitCounts();
    }
  }

  private async moveToUploaded(file: string): Promise<void> {
    const target = path.join(path.dirname(file), UPLOADED_FOLDER);
    try {
      await fs.mkdir(target, { recursive: true });
      // A planted link named uploaded would carry the file (its EXIF intact) somewhere else.
      if (!(await fs.lstat(target)).isDirectory()) {
        this.emit('event', { type: 'error', folder: this.folder, file, message: UPLOADED_IS_LINK });
        return;
      }
      await fs.rename(file, await freeName(path.join(target, path.basename(file))));
      const sidecar = sidecarPath(file);
      await fs.rename(sidecar, await freeName(path.join(target, path.basename(sidecar)))).catch(() => undefined);
    } catch (error) {
      this.emit('event', {
        type: 'error',
        folder: this.folder,
        file,
        message: `Uploaded, but could not move it to ${UPLOADED_FOLDER}/: ${(error as Error).message}`,
      });
    }
  }

  private emitCounts(): void {
    this.emit('event', { type: 'counts', folder: this.folder, counts: this.getCounts() });
  }
}

export const UPLOADED_IS_LINK = `Uploaded, but left where it is: ${UPLOADED_FOLDER} beside it is a link, not a folder, and Shotput moves files only into a real folder; remove the link.`;

/** `name.png`, or `name (2).png` … when that is taken. */
async function freeName(wanted: string): Promise<string> {
  const parsed = path.parse(wanted);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? wanted : path.join(parsed.dir, `${parsed.name} (${n})${parsed.ext}`);
    const exists = await fs.stat(candidate).then(
      () => true,
      () => false,
    );
    if (!exists) return candidate;
  }
}

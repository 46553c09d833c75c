// The desktop app's watched folders: which folders, their defaults, on or off (kept in the app's
// data folder), watched with main/uploads' WatchedFolder into the signed-in account's queue. While
// signed out they wait. What each folder did in this run (counts, files skipped, not taken or
// failed) is its FolderActivity.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../files/atomic-file';
import * as v from 'valibot';
import { WatchedFolder, nextSlot } from '../uploads/index';
import type { JobEvent, UploadQueue, WatchEvent } from '../uploads/index';
import { isPlainFileIn } from '../uploads/no-links';
import { readSidecar, titleFromFileName } from '../uploads/sidecar';
import { MAX_SHOT_TAGS } from '../../common/service-rules';
import { FolderDefaultsSchema, PrepareChoiceSchema } from '../../common/contract/index';
import { isOnService } from '../../common/job-states';
import type { FolderDefaultsInput, PrepareChoice, WatchFolderView } from '../../common/contract/index';
import { FolderActivity } from './folder-activity';

const StoredFolderSchema = v.object({
  id: v.string(),
  path: v.string(),
  enabled: v.boolean(),
  defaults: v.optional(FolderDefaultsSchema, {}),
  prepare: v.optional(PrepareChoiceSchema, {}),
  moveUploaded: v.optional(v.boolean(), false),
});
type StoredFolder = v.InferOutput<typeof StoredFolderSchema>;

export interface WatchFoldersOptions {
  /** The app's data folder: the list is kept in watched-folders.json. */
  dataDir: string;
  /** How long a file must keep its size before it is taken (tests make it short). */
  stableMs?: number;
  log?: (message: string) => void;
}

interface Running {
  watcher: WatchedFolder;
  status: 'starting' | 'watching' | 'error';
  problem: string | null;
}

export class WatchFolders extends EventEmitter<{ changed: [WatchFolderView[]] }> {
  private folders: StoredFolder[] = [];
  private queue: UploadQueue | undefined;
  private readonly running = new Map<string, Running>();
  /** What each folder did in this run, by folder id. */
  private readonly activity = new Map<string, FolderActivity>();
  /** Jobs sent with "upload anyway", by job id → folder id, to count them when they are done. */
  private readonly forced = new Map<string, string>();
  private readonly problems = new Map<string, string>();
  private readonly onQueueEvent = (event: JobEvent) => this.followForced(event);
  private saving: Promise<void> = Promise.resolve();
  private attaching: Promise<void> = Promise.resolve();
  private readonly log: (message: string) => void;

  private constructor(private readonly options: WatchFoldersOptions) {
    super();
    this.log = options.log ?? (() => {});
  }

  static async open(options: WatchFoldersOptions): Promise<WatchFolders> {
    const folders = new WatchFolders(options);
    folders.folders = await readFolders(folders.file);
    return folders;
  }

  list(): WatchFolderView[] {
    return this.folders.map((folder) => this.view(folder));
  }

  /** True while at least one folder is being watched (the tray icon shows then). */
  get watching(): boolean {
    return [...this.running.values()].some((entry) => entry.status === 'watching' || entry.status === 'starting');
  }

  /** Follows the signed-in account's queue: folders start with it and stop without it. */
  attach(queue: UploadQueue | undefined): Promise<void> {
    this.attaching = this.attaching.then(async () => {
      await this.stopAll();
      this.queue?.off('event', this.onQueueEvent);
      this.queue = queue;
      this.queue?.on('event', this.onQueueEvent);
      for (const folder of this.folders) if (folder.enabled) await this.start(folder);
      this.changed();
    });
    return this.attaching;
  }

  async add(
    folderPath: string,
    defaults: FolderDefaultsInput = {},
    prepare: PrepareChoice = {},
  ): Promise<WatchFolderView[]> {
    if (!path.isAbsolute(folderPath)) throw new WatchError(`${folderPath} is not a full path to a folder.`);
    const resolved = path.resolve(folderPath);
    const info = await stat(resolved).catch(() => undefined);
    if (!info?.isDirectory()) throw new WatchError(`${resolved} is not a folder Shotput can read.`);
    if (this.folders.some((folder) => folder.path === resolved))
      throw new WatchError(`${path.basename(resolved)} is already watched.`);
    const folder: StoredFolder = {
      id: randomUUID(),
      path: resolved,
      enabled: true,
      defaults,
      prepare,
      moveUploaded: false,
    };
    this.folders = [...this.folders, folder];
    await this.save();
    await this.attaching;
    if (this.queue) await this.start(folder);
    this.changed();
    return this.list();
  }

  async update(
    id: string,
    patch: { enabled?: boolean; defaults?: FolderDefaultsInput; prepare?: PrepareChoice; moveUploaded?: boolean },
  ): Promise<WatchFolderView[]> {
    const folder = this.find(id);
    const next: StoredFolder = {
      ...folder,
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      ...(patch.defaults !== undefined ? { defaults: patch.defaults } : {}),
      ...(patch.prepare !== undefined ? { prepare: patch.prepare } : {}),
      ...(patch.moveUploaded !== undefined ? { moveUploaded: patch.moveUploaded } : {}),
    };
    this.folders = this.folders.map((f) => (f.id === id ? next : f));
    await this.save();
    await this.attaching;
    // Defaults are read when a watcher starts: restart it with the new ones.
    await this.stop(id);
    if (next.enabled && this.queue) await this.start(next);
    this.changed();
    return this.list();
  }

  async remove(id: string): Promise<WatchFolderView[]> {
    this.find(id);
    await this.attaching;
    await this.stop(id);
    this.folders = this.folders.filter((folder) => folder.id !== id);
    this.activity.delete(id);
    await this.save();
    this.changed();
    return this.list();
  }

  /** Uploads a skipped file anyway, with the folder's defaults. */
  async force(id: string, file: string): Promise<WatchFolderView[]> {
    const folder = this.find(id);
    const queue = this.queue;
    if (!queue) throw new WatchError('Sign in to upload: the queue belongs to the signed-in account.');
    const resolved = path.resolve(file);
    if (path.dirname(resolved) !== folder.path)
      throw new WatchError(`${path.basename(resolved)} is not in ${path.basename(folder.path)}.`);
    // The real target, not the link's folder: a link planted in the folder must not reach elsewhere.
    if (!(await isPlainFileIn(folder.path, resolved)))
      throw new WatchError(`${path.basename(resolved)} is not a plain file in ${path.basename(folder.path)}.`);
    const sidecar = await readSidecar(resolved);
    if (!sidecar.ok) throw new WatchError(sidecar.error.message);
    const defaults = folder.defaults;
    const tags = [...new Set([...(defaults.tags ?? []), ...(sidecar.value?.tags ?? [])])].slice(0, MAX_SHOT_TAGS);
    const metadata = {
      title: sidecar.value?.title ?? titleFromFileName(resolved),
      description: sidecar.value?.description ?? defaults.description,
      tags: tags.length > 0 ? tags : undefined,
      teamId: defaults.teamId,
      lowProfile: defaults.lowProfile,
      scheduledFor: defaults.schedule
        ? nextSlot(
            defaults.schedule,
            queue
              .list()
              .filter((job) => job.origin === folder.path && job.metadata.scheduledFor && job.state !== 'cancelled')
              .map((job) => job.metadata.scheduledFor!),
          )
        : undefined,
    };
    const [result] = await queue.add([
      { sourcePath: resolved, metadata, prepare: folder.prepare, origin: folder.path, force: true },
    ]);
    if (!result || result.status === 'error' || result.status === 'skipped')
      throw new WatchError(result?.message ?? 'The file could not be added to the queue.');
    this.forced.set(result.job.id, id);
    this.activityOf(id).sentAnyway(resolved);
    this.changed();
    return this.list();
  }

  async close(): Promise<void> {
    await this.attach(undefined);
    this.removeAllListeners();
  }

  // ---- inside ----------------------------------------------------------------------------------

  private get file(): string {
    return path.join(this.options.dataDir, 'watched-folders.json');
  }

  private find(id: string): StoredFolder {
    const folder = this.folders.find((f) => f.id === id);
    if (!folder) throw new WatchError('This folder is no longer watched.');
    return folder;
  }

  private async start(folder: StoredFolder): Promise<void> {
    const queue = this.queue;
    if (!queue || this.running.has(folder.id)) return;
    const watcher = new WatchedFolder(queue, {
      folder: folder.path,
      defaults: {
        description: folder.defaults.description,
        tags: folder.defaults.tags,
        teamId: folder.defaults.teamId,
        lowProfile: folder.defaults.lowProfile,
        schedule: folder.defaults.schedule,
      },
      prepare: folder.prepare,
      moveUploaded: folder.moveUploaded,
      stableMs: this.options.stableMs,
    });
    const entry: Running = { watcher, status: 'starting', problem: null };
    this.running.set(folder.id, entry);
    this.problems.delete(folder.id);
    watcher.on('event', (event) => this.onWatchEvent(folder.id, event));
    this.changed();
    try {
      await watcher.start();
      entry.status = 'watching';
    } catch (error) {
      entry.status = 'error';
      entry.problem = error instanceof Error ? error.message : String(error);
      this.problems.set(folder.id, entry.problem);
      this.running.delete(folder.id);
      await watcher.stop().catch(() => undefined);
      this.log(`Could not watch ${folder.path}: ${entry.problem}`);
    }
    this.changed();
  }

  private async stop(id: string): Promise<void> {
    const entry = this.running.get(id);
    if (!entry) return;
    this.running.delete(id);
    await entry.watcher
      .stop()
      .catch((error: unknown) => this.log(`Stopping a watched folder failed: ${String(error)}`));
  }

  private async stopAll(): Promise<void> {
    for (const id of [...this.running.keys()]) await this.stop(id);
  }

  private onWatchEvent(id: string, event: WatchEvent): void {
    if (event.type === 'error') this.log(`Watched folder: ${event.message}`);
    this.activityOf(id).record(event);
    this.changed();
  }

  private followForced(event: JobEvent): void {
    if (event.type !== 'job') return;
    const folderId = this.forced.get(event.job.id);
    if (!folderId) return;
    if (isOnService(event.job.state)) {
      this.forced.delete(event.job.id);
      this.activityOf(folderId).uploaded();
      this.changed();
    } else if (event.job.state === 'failed' || event.job.state === 'cancelled') {
      this.forced.delete(event.job.id);
    }
  }

  private activityOf(id: string): FolderActivity {
    let activity = this.activity.get(id);
    if (!activity) this.activity.set(id, (activity = new FolderActivity()));
    return activity;
  }

  private view(folder: StoredFolder): WatchFolderView {
    const entry = this.running.get(folder.id);
    const problem = entry?.problem ?? this.problems.get(folder.id) ?? null;
    const status: WatchFolderView['status'] = !folder.enabled
      ? 'off'
      : !this.queue
        ? 'signed-out'
        : problem
          ? 'error'
          : (entry?.status ?? 'starting');
    return {
      id: folder.id,
      path: folder.path,
      name: path.basename(folder.path),
      enabled: folder.enabled,
      status,
      problem,
      defaults: folder.defaults,
      prepare: folder.prepare,
      moveUploaded: folder.moveUploaded,
      ...this.activityOf(folder.id).view(),
    };
  }

  private changed(): void {
    this.emit('changed', this.list());
  }

  private async save(): Promise<void> {
    const snapshot = JSON.stringify(this.folders, null, 2);
    const file = this.file;
    this.saving = this.saving.then(() => writeFileAtomically(file, `${snapshot}\n`));
    await this.saving;
  }
}

/** A refusal the window shows as it is. */
export class WatchError extends Error {
  override name = 'WatchError';
}

async function readFolders(file: string): Promise<StoredFolder[]> {
  try {
    const parsed = v.safeParse(v.array(StoredFolderSchema), JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
}

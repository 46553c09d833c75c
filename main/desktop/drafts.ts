// Drafts: files dropped, picked or pasted, on their way to the queue. Adding answers at once with
// one draft per image (folders are looked into), so the window can show the grid immediately;
// the facts and previews are made here in the engine's process, a few files at a time, and reported
// in batches through `changed`. No picture crosses to the window in a view, only where main serves
// it (draft-pictures.ts): the whole source small for the crop editor, and the result exactly as it
// will be sent, scaled to a card.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { MotionEstimate } from '../images/index';
import type { PreparedForQueue } from '../uploads/index';
import { collectAll, newDraftView, writePasted } from './draft-files';
import type { DraftView, DraftWords, DraftsAdded, FinalPreview, PrepareChoice } from '../../common/contract/index';
import type { StoredDraft } from './draft-store';
import { DraftChangeBatch } from './draft-changes';
import { DraftPictures, type DraftPictureKind, type Picture } from './draft-pictures';
import { DraftPictureRequests } from './draft-picture-requests';
import { DraftEditor } from './draft-editor';
import type { DraftChanges } from './draft-changes';
import { DraftWork, cancelledView } from './draft-prepare';
import { prepareOne } from './draft-preparation';
import type { DraftRecord, PreparationOptions, PreparationParts } from './draft-preparation';
import type { TakenContent } from '../uploads/index';

export interface DraftsOptions extends PreparationOptions {
  /** Where pasted images are written (they need a file to be uploaded from). */
  pasteDir: string;
  /** The prepare choice of a new draft (Settings' defaults). */
  defaults: () => PrepareChoice;
  /** Files worked on at the same time. */
  concurrency?: number;
  /** How long changes are gathered before one `changed` event. */
  flushMs?: number;
  /** Most drafts held at once. */
  maxDrafts?: number;
  /** Called on every change worth keeping on disk (a draft added or removed, its framing or words). */
  onDirty?: () => void;
}

/** A draft on its way to the queue: its file and choice, and its prepared image when it is current. */
export interface DraftForQueue {
  id: string;
  path: string;
  prepare: PrepareChoice;
  prepared?: { image: PreparedForQueue; stamp: string };
  /** What the draft read, for the queue to take instead of reading the file again. */
  taken?: TakenContent;
}

interface DraftsEvents {
  changed: [DraftChanges];
  /** Drafts that came back from disk, with their words. */
  restored: [DraftView[]];
  /** Share of a draft's preparation done, 0..1. */
  progress: [{ id: string; done: number }];
}

export class Drafts extends EventEmitter<DraftsEvents> {
  private readonly drafts = new Map<string, DraftRecord>();
  private readonly waiting: string[] = [];
  private running = 0;
  private readonly changes: DraftChangeBatch;
  /** The pictures the drafts' views name by address. */
  readonly pictures = new DraftPictures();
  private closed = false;
  /** The window's requests for those pictures, waiting while one can still come. */
  private readonly requests = new DraftPictureRequests(this.pictures, (id) => this.drafts.get(id)?.view);
  private idleWaiters: (() => void)[] = [];
  private readonly work = new DraftWork((id, done) => {
    if (!this.closed) this.emit('progress', { id, done });
  });
  private readonly editor: DraftEditor;
  private readonly preparation: PreparationParts;

  constructor(private readonly options: DraftsOptions) {
    super();
    this.changes = new DraftChangeBatch((changes) => this.emit('changed', changes), options.flushMs ?? 80);
    this.editor = new DraftEditor({
      draft: (id) => this.drafts.get(id),
      work: this.work,
      pictures: this.pictures,
      readFrom: (id) => {
        const record = this.drafts.get(id);
        if (!record || !options.copies) return Promise.resolve(record?.view.path ?? '');
        return options.copies.readFrom(record.view.path, record.content);
      },
      ...(options.windowMotion === undefined ? {} : { windowMotion: options.windowMotion }),
    });
    this.preparation = {
      options,
      drafts: this.drafts,
      pictures: this.pictures,
      work: this.work,
      changed: (view) => this.changed(view),
      dirty: () => this.dirty(),
    };
  }

  /**
   * The drafts of the account the engine starts in are back (the desktop says when: draft-keeper.ts
   * restores them once the service has accepted the saved sign-in). Until then `list()` would answer
   * only the signed-out drafts, and a window that asks after the engine's process restarted would
   * drop every card it shows, to bring them back a moment later.
   */
  settled: Promise<void> = Promise.resolve();

  list(): DraftView[] {
    return [...this.drafts.values()].map((record) => record.view);
  }

  get(id: string): DraftView | undefined {
    return this.drafts.get(id)?.view;
  }

  /** A draft's picture at the address its view names, waited for while it can still come (draft-picture-requests.ts). */
  picture(id: string, kind: DraftPictureKind, n: number): Promise<Picture | undefined> {
    return this.requests.answer(id, kind, n);
  }

  /** Files and folders by path: one draft per image, answered before any image is read. */
  async add(paths: readonly string[]): Promise<DraftsAdded> {
    const { files, problems } = await collectAll(paths);
    const known = new Set([...this.drafts.values()].map((record) => record.view.path));
    const added: DraftView[] = [];
    const max = this.options.maxDrafts ?? 2000;
    for (const file of files) {
      if (known.has(file)) continue;
      if (this.drafts.size >= max) {
        problems.push({ path: file, message: `At most ${max} drafts can wait at once; upload or remove some first.` });
        continue;
      }
      known.add(file);
      added.push(this.hold({ id: randomUUID(), path: file, prepare: { ...this.options.defaults() }, words: null }));
    }
    if (added.length > 0) this.dirty();
    this.pump();
    return { drafts: added, problems };
  }

  /** Drafts kept on disk come back (after a restart, or a sign-in of their account); their previews are made again. */
  restore(stored: readonly StoredDraft[]): DraftView[] {
    const known = new Set([...this.drafts.values()].map((record) => record.view.path));
    const restored = stored
      .filter((draft) => !this.drafts.has(draft.id) && !known.has(draft.path))
      .map((draft) => this.hold(draft));
    if (restored.length > 0) {
      this.pump();
      if (!this.closed) this.emit('restored', restored);
    }
    for (const draft of restored) this.requests.changed(draft.id);
    return restored;
  }

  /** Every draft as it is kept on disk, in the grid's order. */
  stored(): StoredDraft[] {
    return [...this.drafts.values()].map(({ view, content }) => ({
      id: view.id,
      path: view.path,
      prepare: view.prepare,
      words: view.words,
      ...(content ? { content } : {}),
    }));
  }

  /** Lets every draft go from memory (another account's drafts come next); answers their ids. */
  clear(): string[] {
    const ids = [...this.drafts.keys()];
    this.waiting.length = 0;
    // Kept on disk with their account's drafts: their copies stay for them.
    this.letGo(ids, false);
    return ids;
  }

  /** What the designer typed, kept with the draft; the window already shows it, so nothing is sent back. */
  setWords(edits: readonly { id: string; words: DraftWords }[]): void {
    let changed = false;
    for (const { id, words } of edits) {
      const record = this.drafts.get(id);
      if (!record) continue;
      record.view = { ...record.view, words: { ...words, tags: [...words.tags] } };
      changed = true;
    }
    if (changed) this.dirty();
  }

  /** An image pasted from the clipboard: written to the paste folder, then added like a file. */
  async addPasted(name: string, type: string, data: Buffer): Promise<DraftsAdded> {
    return this.add([await writePasted(this.options.pasteDir, name, type, data)]);
  }

  /** The drafts as the queue takes them (undefined for an id no longer there). */
  forQueue(ids: readonly string[]): (DraftForQueue | undefined)[] {
    return ids.map((id) => {
      const record = this.drafts.get(id);
      if (!record) return undefined;
      const { view, prepared, content } = record;
      return {
        id,
        path: view.path,
        prepare: view.prepare,
        ...(prepared && view.state === 'ready' ? { prepared } : {}),
        ...(content && this.options.copies ? { taken: this.options.copies.taken(content) } : {}),
      };
    });
  }

  remove(ids: readonly string[]): void {
    this.letGo(ids, true);
  }

  /** Drafts leave memory; removed for good (`release`), their copies go unless another draft holds the same content. */
  private letGo(ids: readonly string[], release: boolean): void {
    let removed = false;
    const hashes = new Set<string>();
    this.work.stop(ids);
    for (const id of ids) {
      const content = this.drafts.get(id)?.content;
      if (!this.drafts.delete(id)) continue;
      removed = true;
      if (content) hashes.add(content.hash);
      this.pictures.forget(id);
      this.requests.changed(id);
      this.changes.remove(id);
    }
    if (release) this.options.copies?.releaseUnheld(hashes, () => this.drafts.values());
    if (removed) this.dirty();
  }

  /** A new crop, fit, size or background: the previews are made again. */
  setPrepare(ids: readonly string[], prepareChoice: PrepareChoice): void {
    for (const id of ids) {
      const record = this.drafts.get(id);
      if (!record) continue;
      record.version += 1;
      // Work for the older choice stops; the last prepared image is what Cancel goes back to.
      this.work.stopPreparing(id);
      if (record.view.state === 'ready') {
        const { prepare, result, warnings } = record.view;
        record.previous = { prepare, result, warnings, prepared: record.prepared };
      }
      record.prepared = undefined;
      record.view = {
        ...record.view,
        prepare: { ...prepareChoice },
        state: record.view.state === 'error' && record.view.facts === null ? 'error' : 'loading',
      };
      if (record.view.state === 'loading' && !this.waiting.includes(id)) this.waiting.push(id);
      this.changed(record.view);
    }
    this.dirty();
    this.pump();
  }

  /** The editor's asks (draft-editor.ts): the exact image for a choice being tried, an estimate, a strip. */
  finalPreview(id: string, prepareChoice: PrepareChoice): Promise<FinalPreview> {
    return this.editor.finalPreview(id, prepareChoice);
  }

  estimate(id: string, prepareChoice: PrepareChoice): Promise<MotionEstimate | undefined> {
    return this.editor.estimate(id, prepareChoice);
  }

  strip(id: string, count: number): Promise<{ timeMs: number; url: string }[]> {
    return this.editor.strip(id, count);
  }

  /**
   * Stops a draft's preparation: back to its last prepared choice and image (one never prepared
   * keeps its choice, said cancelled). Answers its choice now; undefined when nothing was under way.
   */
  cancelPrepare(id: string): PrepareChoice | undefined {
    const record = this.drafts.get(id);
    if (!record || record.view.state !== 'loading' || record.view.facts === null) return undefined;
    record.version += 1;
    this.work.stopPreparing(id);
    const waiting = this.waiting.indexOf(id);
    if (waiting >= 0) this.waiting.splice(waiting, 1);
    record.prepared = record.previous?.prepared;
    record.view = cancelledView(record.view, record.previous);
    record.previous = undefined;
    this.changed(record.view);
    this.dirty();
    return record.view.prepare;
  }

  /** Resolves when every draft has its previews (for tests and benchmarks). */
  whenIdle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    this.requests.close();
    this.waiting.length = 0;
    this.work.stop();
    this.changes.stop();
    this.removeAllListeners();
  }

  // ---- inside ----------------------------------------------------------------------------------

  private hold(draft: StoredDraft): DraftView {
    const view = newDraftView(draft);
    this.drafts.set(view.id, { view, version: 0, ...(draft.content ? { content: { ...draft.content } } : {}) });
    this.waiting.push(view.id);
    return view;
  }

  private dirty(): void {
    if (!this.closed) this.options.onDirty?.();
  }

  private pump(): void {
    const limit = Math.max(1, this.options.concurrency ?? 2);
    while (!this.closed && this.running < limit && this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      const record = this.drafts.get(id);
      if (!record) continue;
      this.running += 1;
      void prepareOne(this.preparation, id, record.version).finally(() => {
        this.running -= 1;
        this.pump();
        if (this.running === 0 && this.waiting.length === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      });
    }
  }

  private changed(view: DraftView): void {
    this.changes.change(view);
    this.requests.changed(view.id);
  }
}

// The drafts of the Upload view, kept while the user moves between tabs: what main made of each
// file (facts, previews, warnings; streamed as drafts.changed) and what the user typed for it
// (title, tags, team, schedule, …). Main holds the files and keeps the words on disk as they are
// typed (words-saver.svelte.ts), so drafts come back after a quit or a crash with every edit.
import type {
  DraftView,
  DraftsAdded,
  EnqueueResult,
  FinalPreview,
  PrepareChoice,
  Result,
} from '../../../../common/contract/index';
import { failureText, getBridge, missingBridgeMessage } from '../../lib/bridge';
import { pasteRequestOf } from './pasted-image';
import { newMeta, notSent } from './draft-metadata';
import { enqueueRequests, sentSummary } from './draft-sending';
import { DraftRemovals, type Removed } from './draft-removals';
import { WordsSaver } from './words-saver.svelte';

// The two types live apart (draft-entry.ts) so that draft-metadata.ts can name them without importing
// this store, which imports it: no cycle. Re-exported here, where the views have always found them.
export type { DraftEntry, DraftMeta } from './draft-entry';
import type { DraftEntry, DraftMeta } from './draft-entry';

// What "Upload all" sends (sendable.ts, pure and tested on its own), where the views have found it.
export { isSendable } from './sendable';
import { isSendable } from './sendable';

/** The first files of a drop asked for on their own: a screenful at the default window; the rest follow at once. */
const FIRST_CARDS = 24;

class UploadDrafts {
  entries = $state<DraftEntry[]>([]);
  /** Paths that gave no draft, with why. */
  problems = $state<DraftsAdded['problems']>([]);
  busy = $state(false);
  /** A sentence after an action (added to the queue, nothing to upload, …). */
  message = $state<{ text: string; kind: 'info' | 'notice' | 'error' } | undefined>(undefined);
  /** The first draft the user's latest addition made: new drafts join at the end, so the view brings it into sight. */
  added = $state<{ id: string } | undefined>(undefined);
  /** Whether the addition running now has already said which draft to bring into sight. */
  private addedShown = false;
  private connected = false;
  /** Changes that arrived before the answer that introduced their draft. */
  private readonly early = new Map<string, DraftView>();
  private readonly words = new WordsSaver();
  private readonly removals = new DraftRemovals<DraftEntry>(
    (removed) => this.putBack(removed),
    (ids) => void getBridge()?.drafts.remove({ ids }),
  );

  get selected(): DraftEntry[] {
    return this.entries.filter((entry) => entry.selected);
  }

  get ready(): DraftEntry[] {
    return this.entries.filter(isSendable);
  }

  /** Follows main's drafts (once) and picks up drafts already there. */
  connect(): void {
    const bridge = getBridge();
    if (this.connected || bridge === undefined) return;
    this.connected = true;
    // Applied as they come, not gathered per frame: drafts carry no revision, so a change held for
    // the next frame could land after the answer of a request sent after it, and undo what that
    // answer showed (a clean run ended with Cancel's trim put back and a trim still preparing).
    bridge.on('drafts.changed', ({ changed, removed }) => {
      for (const view of changed) {
        const entry = this.find(view.id);
        if (entry) {
          entry.view = view;
          this.markUploaded(entry);
        } else this.early.set(view.id, view);
      }
      if (removed.length > 0) this.forget(removed);
    });
    // Drafts kept on disk: at start-up, and when their account signs in again.
    bridge.on('drafts.restored', ({ drafts }) => void this.merge(drafts));
    this.words.follow(() => this.entries);
    void bridge.drafts.list().then((result) => {
      if (result.ok) this.merge(result.value);
    });
    // A restarted engine has the drafts its store kept: those are the drafts now.
    bridge.on('engine.restarted', () => {
      void bridge.drafts.list().then((result) => {
        if (!result.ok) return;
        const kept = new Set(result.value.map((view) => view.id));
        this.forget(this.entries.filter((entry) => !kept.has(entry.id)).map((entry) => entry.id));
        this.merge(result.value);
      });
    });
    // Files the OS opened with Shotput wait in main until the window takes them.
    bridge.on('drafts.opened', () => void this.takeOpened());
    void this.takeOpened();
  }

  find(id: string): DraftEntry | undefined {
    return this.entries.find((entry) => entry.id === id);
  }

  /**
   * Dropped files: those with a place on disk are added by path (granted once, for the whole drop),
   * the others (dragged out of a browser, say) by their bytes.
   */
  async addFiles(files: File[]): Promise<void> {
    const bridge = getBridge();
    if (bridge === undefined) return this.fail(missingBridgeMessage);
    if (files.length === 0) return;
    const paths = bridge.pathsOf(files);
    // Asking again for one file sends no second grant: the preload grants each File once.
    const withoutPath =
      paths.length === files.length ? [] : files.filter((file) => bridge.pathsOf([file]).length === 0);
    if (paths.length > 0) await this.addPaths(paths);
    for (const file of withoutPath) if (file.type.startsWith('image/')) await this.paste(file);
  }

  async addPaths(given: string[]): Promise<void> {
    const bridge = getBridge();
    if (bridge === undefined) return this.fail(missingBridgeMessage);
    if (given.length === 0)
      return this.fail(
        'Those files have no place on disk Shotput can read. Save them to a folder first, or paste an image.',
      );
    const paths = this.removals.takeBack(given);
    if (paths.length === 0) return;
    // The first screenful is asked for on its own: main checks and lists every path before it answers,
    // which for a drop of a thousand files takes long enough to see; the first cards need not wait.
    await this.run(async () => {
      const first = await bridge.drafts.add({ paths: paths.slice(0, FIRST_CARDS) });
      if (!first.ok || paths.length <= FIRST_CARDS) return first;
      this.show(this.merge(first.value.drafts));
      const rest = await bridge.drafts.add({ paths: paths.slice(FIRST_CARDS) });
      if (!rest.ok) return rest;
      return {
        ok: true,
        value: { drafts: rest.value.drafts, problems: [...first.value.problems, ...rest.value.problems] },
      };
    });
  }

  async pick(): Promise<void> {
    const bridge = getBridge();
    if (bridge === undefined) return this.fail(missingBridgeMessage);
    await this.run(() => bridge.drafts.pick());
  }

  /** Windows and Linux pick files and folders in separate dialogs. */
  async pickFolder(): Promise<void> {
    const bridge = getBridge();
    if (bridge === undefined) return this.fail(missingBridgeMessage);
    await this.run(() => bridge.drafts.pickFolder());
  }

  async takeOpened(): Promise<void> {
    const result = await getBridge()?.drafts.takeOpened();
    if (result === undefined || (result.ok && result.value.drafts.length === 0 && result.value.problems.length === 0))
      return;
    await this.run(async () => result);
  }

  async paste(file: File): Promise<void> {
    const bridge = getBridge();
    if (bridge === undefined) return this.fail(missingBridgeMessage);
    const request = await pasteRequestOf(file, new Date());
    if (typeof request === 'string') return this.fail(request);
    await this.run(() => bridge.drafts.paste(request));
  }

  /**
   * The user removes drafts: they leave the grid at once, and a toast offers Undo. Main forgets
   * them (files and previews) only when the toast goes, so Undo brings back every edit.
   */
  remove(ids: string[]): void {
    const gone = new Set(ids);
    const removed = this.entries.flatMap((entry, index) => (gone.has(entry.id) ? [{ entry, index }] : []));
    if (removed.length === 0) return;
    this.entries = this.entries.filter((entry) => !gone.has(entry.id));
    const first = removed[0]!.entry;
    const text =
      removed.length === 1 ? `Removed “${first.meta.title || first.view.name}”.` : `Removed ${removed.length} drafts.`;
    this.removals.add(removed, text);
  }

  /** Undo: the drafts come back where they were, with what main made of them meanwhile. */
  private putBack(removed: Removed<DraftEntry>[]): void {
    const next = [...this.entries];
    for (const { entry, index } of removed) {
      if (next.some((shown) => shown.id === entry.id)) continue;
      const view = this.early.get(entry.id);
      this.early.delete(entry.id);
      next.splice(Math.min(index, next.length), 0, view ? { ...entry, view } : entry);
    }
    this.entries = next;
  }

  /** Drops drafts from the grid that main no longer holds. */
  private forget(ids: string[]): void {
    this.words.forget(ids);
    const gone = new Set(ids);
    this.entries = this.entries.filter((entry) => !gone.has(entry.id));
  }

  selectAll(selected: boolean): void {
    for (const entry of this.entries) entry.selected = selected;
  }

  /** The same words on every selected draft (title stays each draft's own). */
  applyToSelected(patch: Partial<DraftMeta>): number {
    const targets = this.selected;
    for (const entry of targets)
      entry.meta = { ...entry.meta, ...patch, tags: patch.tags ? [...patch.tags] : entry.meta.tags };
    return targets.length;
  }

  /** The exact image a draft would be sent as with this choice (the editor's large preview). */
  async preview(id: string, prepare: PrepareChoice): Promise<Result<FinalPreview>> {
    const bridge = getBridge();
    if (bridge === undefined) return { ok: false, error: { code: 'ipc-failed', message: missingBridgeMessage } };
    return bridge.images.preview({ draftId: id, prepare });
  }

  /** The page of a shot this image was already uploaded as, in the system browser. */
  async openShot(id: number): Promise<void> {
    const bridge = getBridge();
    if (bridge === undefined) return this.fail(missingBridgeMessage);
    const shot = await bridge.shots.get({ id });
    if (!shot.ok) return this.fail(failureText(shot.error));
    const opened = await bridge.shell.openLink({ url: shot.value.htmlUrl });
    if (!opened.ok) this.fail(failureText(opened.error));
  }

  setPrepare(ids: string[], prepare: PrepareChoice): void {
    for (const id of ids) {
      const entry = this.find(id);
      if (entry)
        entry.view = {
          ...entry.view,
          prepare,
          state: entry.view.state === 'error' && entry.view.facts === null ? 'error' : 'loading',
        };
    }
    void getBridge()?.drafts.setPrepare({ ids, prepare });
  }

  /**
   * Sends every ready draft to the queue; the ones taken leave the grid. `plan` holds the publish
   * time the batch spacing gave each draft without one of its own (shown on its card already).
   */
  async uploadAll(canSchedule: boolean, plan: ReadonlyMap<string, Date>): Promise<void> {
    const ready = this.ready;
    if (ready.length === 0)
      return this.fail(
        this.entries.length === 0
          ? 'Add images first: drop them here or choose them.'
          : 'No draft is ready yet; wait for the previews.',
      );
    await this.send(ready, canSchedule, plan, false);
  }

  /** Sends one draft that was already uploaded once, again, as a new shot. */
  async uploadAnyway(entry: DraftEntry, canSchedule: boolean): Promise<void> {
    await this.send([entry], canSchedule, new Map(), true);
  }

  private async send(
    ready: DraftEntry[],
    canSchedule: boolean,
    plan: ReadonlyMap<string, Date>,
    force: boolean,
  ): Promise<void> {
    const bridge = getBridge();
    if (bridge === undefined) return this.fail(missingBridgeMessage);
    const { items, toFix } = enqueueRequests(ready, canSchedule, plan, force);
    if (items.length === 0) return this.fail(notSent(toFix));
    // What was typed last is with main before the drafts leave for the queue.
    this.words.flush();
    this.busy = true;
    this.message = undefined;
    try {
      const result = await bridge.queue.enqueue({ items });
      if (!result.ok) return this.fail(failureText(result.error));
      this.settle(result.value, toFix);
    } finally {
      this.busy = false;
    }
  }

  private settle(results: EnqueueResult[], toFix: DraftEntry[]): void {
    const taken: string[] = [];
    const refused = [...toFix];
    for (const result of results) {
      const entry = this.find(result.draftId);
      if (result.status === 'added' || result.status === 'existing') {
        taken.push(result.draftId);
      } else if (entry) {
        if (result.status === 'skipped' && result.shotId !== null) {
          // Said on the card by the shot's title, with a link and Upload anyway, not by its id.
          entry.note = null;
          entry.duplicateOf = result.shotId;
          void this.nameDuplicate(entry.id, result.shotId);
        } else entry.note = result.message;
        refused.push(entry);
      }
    }
    // Main removed the drafts the queue took; they leave the grid now rather than at the next drafts.changed.
    this.forget(taken);
    this.message = sentSummary(results.filter((r) => r.status === 'added').length, refused);
  }

  /** An image main found already on the service is held back on its card, named by its shot's title. */
  private markUploaded(entry: DraftEntry): void {
    const shotId = entry.view.uploadedAs;
    if (shotId === null || entry.duplicateOf !== null) return;
    entry.duplicateOf = shotId;
    void this.nameDuplicate(entry.id, shotId);
  }

  private async nameDuplicate(id: string, shotId: number): Promise<void> {
    const shot = await getBridge()?.shots.get({ id: shotId });
    const entry = this.find(id);
    if (entry && shot?.ok) entry.duplicateTitle = shot.value.title;
  }

  private async run(action: () => Promise<Result<DraftsAdded>>): Promise<void> {
    this.busy = true;
    this.message = undefined;
    this.addedShown = false;
    try {
      const result = await action();
      if (!result.ok) return this.fail(failureText(result.error));
      this.problems = result.value.problems;
      this.show(this.merge(result.value.drafts));
    } finally {
      this.busy = false;
    }
  }

  /** The first draft of the latest add, once: the grid scrolls it into view. */
  private show(id: string | undefined): void {
    if (id === undefined || this.addedShown) return;
    this.addedShown = true;
    this.added = { id };
  }

  /**
   * New drafts join the grid at once, each with main's latest view of it (the grid draws only the
   * rows near the screen, so a thousand cost no more to show than a screenful). Answers the first.
   */
  private merge(views: DraftView[]): string | undefined {
    const known = new Set(this.entries.map((entry) => entry.id));
    const fresh = views
      .filter((given) => !known.has(given.id))
      .map((given): DraftEntry => {
        const view = this.early.get(given.id) ?? given;
        this.early.delete(given.id);
        return { id: view.id, view, meta: newMeta(view), selected: false, note: null, duplicateOf: null };
      });
    if (fresh.length > 0) this.entries = [...this.entries, ...fresh];
    for (const entry of fresh) if (entry.view.uploadedAs !== null) this.markUploaded(this.find(entry.id)!);
    return fresh[0]?.id;
  }

  private fail(text: string): void {
    this.message = { text, kind: 'error' };
  }
}

export const uploadDrafts = new UploadDrafts();

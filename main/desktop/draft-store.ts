// The drafts of one account (or of nobody, while signed out) on disk: one JSON file holding every
// draft's file, framing and words in the grid's order. Writes are coalesced (at most one per
// `delayMs`, one at a time) and atomic: a temporary file is written and fsynced, renamed over the
// old one, and the folder fsynced, so a crash at any moment leaves the previous or the new file,
// never half of one. A file that cannot be read as drafts is set aside beside it, never crashed on.
import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../files/atomic-file';
import * as v from 'valibot';
import { DraftWordsSchema, PrepareChoiceSchema } from '../../common/contract/index';
import type { DraftWords, PrepareChoice } from '../../common/contract/index';

/** One draft as it is kept: enough to make it again from its file (or from the copy of what it read), with everything typed for it. */
export interface StoredDraft {
  id: string;
  path: string;
  prepare: PrepareChoice;
  words: DraftWords | null;
  /** The content the draft read, kept as a private copy (draft-copies.ts); absent for a clip or a draft of an older version. */
  content?: { hash: string; stamp: string };
}

const StoredDraftSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/)),
  path: v.pipe(v.string(), v.minLength(1)),
  prepare: PrepareChoiceSchema,
  words: v.nullable(DraftWordsSchema),
  content: v.optional(v.object({ hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)), stamp: v.string() })),
});

const FILE_VERSION = 1;
export const DRAFTS_FILE = 'drafts.json';

export interface DraftStoreOptions {
  /** The folder of this account's drafts. */
  folder: string;
  /** What to write: the drafts as they are now (read when the write happens, not when it is asked for). */
  snapshot: () => StoredDraft[];
  /** How long changes are gathered into one write; at most a second, as promised. */
  delayMs?: number;
  log?: (message: string) => void;
}

export class DraftStore {
  readonly file: string;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;
  private closed = false;
  /** Writes done, for tests and benchmarks. */
  writes = 0;

  constructor(private readonly options: DraftStoreOptions) {
    this.file = path.join(options.folder, DRAFTS_FILE);
  }

  /** The drafts kept on disk; a torn or foreign file is renamed aside (and logged), and none are answered. */
  async load(): Promise<StoredDraft[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      this.log(`The drafts file could not be read (${describe(error)}); starting without its drafts.`);
      return [];
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      await this.setAside('it is not whole (a write was cut short?)');
      return [];
    }
    const drafts = (parsed as { drafts?: unknown } | null)?.drafts;
    if ((parsed as { version?: unknown } | null)?.version !== FILE_VERSION || !Array.isArray(drafts)) {
      await this.setAside('it is not a drafts file this version of Shotput knows');
      return [];
    }
    const kept: StoredDraft[] = [];
    const seen = new Set<string>();
    for (const each of drafts) {
      const checked = v.safeParse(StoredDraftSchema, each);
      if (!checked.success || seen.has(checked.output.id)) continue;
      seen.add(checked.output.id);
      kept.push(checked.output as StoredDraft);
    }
    if (kept.length < drafts.length)
      this.log(`${drafts.length - kept.length} stored drafts could not be read; left out.`);
    return kept;
  }

  /** Something changed: written within `delayMs`, with whatever else changes meanwhile. */
  schedule(): void {
    if (this.closed) return;
    this.dirty = true;
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.dirty) void this.writeNow();
    }, this.options.delayMs ?? 400);
    this.timer.unref?.();
  }

  /** Writes what is pending now and resolves when it is on disk. */
  async flush(): Promise<void> {
    // A write under way may have read the drafts before the latest change: wait for it, then write.
    if (this.writing) await this.writing;
    this.cancelTimer();
    if (this.dirty) await this.writeNow();
    // A failed write is not retried here in a loop (a full disk would never end it); it stays pending.
    this.cancelTimer();
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Flushes, then takes no more changes. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private writeNow(): Promise<void> {
    if (this.writing) return this.writing;
    this.dirty = false;
    const text = JSON.stringify({ version: FILE_VERSION, drafts: this.options.snapshot() });
    this.writing = writeFileAtomically(this.file, text)
      .then(() => {
        this.writes += 1;
      })
      .catch((error: unknown) => {
        // Kept in memory; the next change tries again.
        this.dirty = true;
        this.log(`The drafts could not be saved (${describe(error)}); they are kept while Shotput runs.`);
      })
      .finally(() => {
        this.writing = undefined;
        if (this.dirty && !this.closed) this.schedule();
      });
    return this.writing;
  }

  private async setAside(why: string): Promise<void> {
    const aside = `${this.file}.unreadable-${Date.now()}`;
    await rename(this.file, aside).catch(() => undefined);
    this.log(`The drafts file was set aside as ${path.basename(aside)}: ${why}.`);
  }

  private log(message: string): void {
    this.options.log?.(message);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

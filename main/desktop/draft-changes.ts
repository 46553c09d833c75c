// What the window hears of the drafts: changed and removed drafts gathered for a moment and told in
// one event, so a drop of hundreds of files is a few messages a second rather than one per preview.

import type { DraftView } from '../../common/contract/index';

export interface DraftChanges {
  changed: DraftView[];
  removed: string[];
}

export class DraftChangeBatch {
  private readonly changed = new Map<string, DraftView>();
  private readonly removed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly tell: (changes: DraftChanges) => void,
    private readonly gapMs: number,
  ) {}

  /** The draft as it is now: told with the next batch (a newer view replaces an older one). */
  change(view: DraftView): void {
    this.changed.set(view.id, view);
    this.schedule();
  }

  /** The draft is gone: its pending change is dropped and its removal told. */
  remove(id: string): void {
    this.changed.delete(id);
    this.removed.add(id);
    this.schedule();
  }

  /** Nothing more is told. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const changed = [...this.changed.values()];
      const removed = [...this.removed];
      this.changed.clear();
      this.removed.clear();
      if (changed.length > 0 || removed.length > 0) this.tell({ changed, removed });
    }, this.gapMs);
  }
}

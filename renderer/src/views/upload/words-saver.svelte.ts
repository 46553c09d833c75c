// What the designer types for each draft goes to main as it is typed, so main keeps it on disk
// (a quit, a crash or an update's restart loses nothing). One effect follows every draft's words;
// the drafts whose words changed are sent together, a moment after the typing, in one request.
import type { DraftWords } from '../../../../common/contract/index';
import { getBridge } from '../../lib/bridge';

/** Typing is gathered this long before it is sent; main writes within its own delay (together under a second). */
const SEND_AFTER_MS = 250;

export class WordsSaver {
  // Plain records, not reactive state: the effect reads the drafts' words, never these.
  /** What main holds of each draft's words, as JSON. */
  private known: Record<string, string> = Object.create(null) as Record<string, string>;
  private pending: Record<string, DraftWords> = Object.create(null) as Record<string, DraftWords>;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Follows the words of the drafts `entries` answers, for as long as the window lives. */
  follow(entries: () => readonly { id: string; meta: DraftWords }[]): void {
    $effect.root(() => {
      $effect(() => {
        for (const entry of entries()) {
          const words = $state.snapshot(entry.meta) as DraftWords;
          const json = JSON.stringify(words);
          const before = this.known[entry.id];
          if (before === json) continue;
          this.known[entry.id] = json;
          // A draft seen for the first time has the words main gave it (or the defaults): nothing to send.
          if (before !== undefined) this.pending[entry.id] = words;
        }
        if (Object.keys(this.pending).length > 0) this.schedule();
      });
    });
  }

  /** Main no longer holds these drafts. */
  forget(ids: readonly string[]): void {
    for (const id of ids) {
      delete this.known[id];
      delete this.pending[id];
    }
  }

  /** Sends what waits now (before the drafts are sent to the queue, say). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const edits = Object.entries(this.pending).map(([id, words]) => ({ id, words }));
    if (edits.length === 0) return;
    this.pending = Object.create(null) as Record<string, DraftWords>;
    void getBridge()?.drafts.edit({ edits });
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => this.flush(), SEND_AFTER_MS);
  }
}

// How far each draft's preparation has gone (drafts.progress, a few times a second for motion),
// and Cancel. A figure is forgotten once its draft is no longer being prepared, so the next
// preparation starts from nothing rather than from the last one's figure.
import type { PrepareChoice } from '../../../../common/contract/index';
import { getBridge } from '../../lib/bridge';

export interface CancelFollower {
  id: string;
  /** A Cancel was pressed: drop any change not yet sent. */
  cancelling(): void;
  /** Main went back to this choice. */
  cancelled(prepare: PrepareChoice): void;
}

class DraftProgress {
  /** Share done, 0..1, per draft being prepared. */
  done = $state<Record<string, number>>({});
  private connected = false;

  /** Follows main's progress (once). */
  connect(): void {
    const bridge = getBridge();
    if (this.connected || bridge === undefined) return;
    this.connected = true;
    bridge.on('drafts.progress', ({ id, done }) => {
      this.done[id] = done;
    });
    bridge.on('drafts.changed', ({ changed, removed }) => {
      for (const view of changed) if (view.state !== 'loading') delete this.done[view.id];
      for (const id of removed) delete this.done[id];
    });
  }

  /** Percent done, or undefined before the first figure. */
  percent(id: string): number | undefined {
    const done = this.done[id];
    return done === undefined ? undefined : Math.round(done * 100);
  }

  /**
   * Stops the draft's preparation; main puts back its last prepared image and answers the choice it
   * has now. Whoever edits the draft hears of it (follow()), from whichever Cancel was pressed: the
   * card's or the editor's.
   */
  async cancel(id: string): Promise<PrepareChoice | undefined> {
    delete this.done[id];
    // Before the request: a change still settling (a trim handle just let go) would otherwise be
    // sent behind the Cancel and prepared, while the editor went back to the last prepared choice.
    for (const follower of this.followers) if (follower.id === id) follower.cancelling();
    const answer = await getBridge()?.drafts.cancelPrepare({ draftId: id });
    const prepare = answer?.ok ? (answer.value.prepare ?? undefined) : undefined;
    if (prepare) for (const follower of this.followers) if (follower.id === id) follower.cancelled(prepare);
    return prepare;
  }

  /** An editor of draft `id`: told as a Cancel is pressed, and of the choice main went back to. */
  follow(follower: CancelFollower): () => void {
    this.followers.add(follower);
    return () => this.followers.delete(follower);
  }

  private readonly followers = new Set<CancelFollower>();
}

export const draftProgress = new DraftProgress();

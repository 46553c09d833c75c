// How far each draft's preparation has gone (drafts.progress, a few times a second for motion),
// and Cancel. A figure is forgotten once its draft is no longer being prepared, so the next
// preparation starts from nothing rather than from the last one's figure.
import type { PrepareChoice } from '../../../../common/contract/index';
import { getBridge } from '../../lib/bridge';

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

  /** Stops the draft's preparation; main puts back its last prepared image and answers the choice it has now. */
  async cancel(id: string): Promise<PrepareChoice | undefined> {
    delete this.done[id];
    const answer = await getBridge()?.drafts.cancelPrepare({ draftId: id });
    return answer?.ok ? (answer.value.prepare ?? undefined) : undefined;
  }
}

export const draftProgress = new DraftProgress();

// The My shots list: pages loaded so far, loading and failure states, the edits made here, and the
// line that says what the last one did.
import { bridge, failureText } from '../../lib/bridge';
import type { Result, ShotDeleted, ShotView } from '../../../../common/contract/index';

export class ShotsState {
  shots = $state<ShotView[]>([]);
  nextPage = $state<number | null>(null);
  loading = $state(false);
  loadingMore = $state(false);
  /** A sentence for the user when the list could not be loaded. */
  problem = $state<string | undefined>(undefined);
  /** The last load failed because the service could not be reached (the view says it waits for it). */
  unreachable = $state(false);
  loaded = $state(false);
  /** What the last action here did ("Deleted “Dawn”."), for the status line. */
  notice = $state('');

  async load(): Promise<void> {
    this.loading = true;
    this.problem = undefined;
    const result = await bridge().shots.list({ page: 1 });
    this.loading = false;
    this.unreachable = !result.ok && result.error.code === 'offline';
    if (!result.ok) {
      this.problem = failureText(result.error);
      return;
    }
    this.shots = result.value.shots;
    this.nextPage = result.value.nextPage;
    this.loaded = true;
  }

  async loadMore(): Promise<void> {
    if (this.nextPage === null || this.loadingMore) return;
    this.loadingMore = true;
    const result = await bridge().shots.list({ page: this.nextPage });
    this.loadingMore = false;
    if (!result.ok) {
      this.problem = failureText(result.error);
      return;
    }
    const known = this.shots.map((shot) => shot.id);
    this.shots = [...this.shots, ...result.value.shots.filter((shot) => !known.includes(shot.id))];
    this.nextPage = result.value.nextPage;
  }

  replace(shot: ShotView): void {
    this.shots = this.shots.map((existing) => (existing.id === shot.id ? shot : existing));
  }

  /**
   * Deletes a shot (the delete dialog calls this). Main decides what a missing shot means (already
   * gone: the card goes too, and `alreadyGone` says why); a failure keeps the card, and its answer,
   * main's unchanged, goes back to the dialog to show.
   */
  async remove(shot: ShotView): Promise<Result<ShotDeleted>> {
    const result = await bridge().shots.delete({ id: shot.id });
    if (!result.ok) return result;
    this.shots = this.shots.filter((existing) => existing.id !== shot.id);
    const gone = result.value.alreadyGone;
    this.notice = gone === null ? `Deleted “${shot.title}”.` : `“${shot.title}” was already gone: ${gone}`;
    return result;
  }
}

// The My shots list: pages loaded so far, loading and failure states, and the edits made here.
import { bridge } from '../../lib/bridge';
import type { ShotView } from '../../../../common/contract/index';

export class ShotsState {
  shots = $state<ShotView[]>([]);
  nextPage = $state<number | null>(null);
  loading = $state(false);
  loadingMore = $state(false);
  /** A sentence for the user when the list could not be loaded. */
  problem = $state<string | undefined>(undefined);
  loaded = $state(false);

  async load(): Promise<void> {
    this.loading = true;
    this.problem = undefined;
    const result = await bridge().shots.list({ page: 1 });
    this.loading = false;
    if (!result.ok) {
      this.problem = result.error.message;
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
      this.problem = result.error.message;
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
   * Deletes a shot. 'deleted' when it is gone from the service; 'gone' when the service had no such
   * shot any more (deleted elsewhere): the card goes either way, and the sentence says why.
   * A failure keeps the card and answers with the sentence.
   */
  async remove(id: number): Promise<{ outcome: 'deleted' | 'gone' | 'failed'; message?: string }> {
    const result = await bridge().shots.delete({ id });
    if (!result.ok && result.error.code !== 'not-found') return { outcome: 'failed', message: result.error.message };
    this.shots = this.shots.filter((shot) => shot.id !== id);
    return result.ok ? { outcome: 'deleted' } : { outcome: 'gone', message: result.error.message };
  }
}

// The watched folders as main reports them (watch.changed), followed once Settings has opened.
import type { FolderDefaultsInput, PrepareChoice, WatchFolderView } from '../../../../preload/contract';
import { getBridge, missingBridgeMessage } from '../../lib/bridge';

type Answer = { ok: true; value: WatchFolderView[] } | { ok: false; error: { message: string } };

class WatchState {
  folders = $state<WatchFolderView[]>([]);
  problem = $state<string | undefined>(undefined);
  busy = $state(false);
  private connected = false;

  connect(): void {
    const bridge = getBridge();
    if (bridge === undefined) {
      this.problem = missingBridgeMessage;
      return;
    }
    if (this.connected) return;
    this.connected = true;
    bridge.on('watch.changed', (folders) => {
      this.folders = folders;
    });
    void this.run(() => bridge.watch.list());
  }

  add(): Promise<void> {
    const bridge = getBridge();
    return bridge ? this.run(() => bridge.watch.add({})) : Promise.resolve();
  }

  setEnabled(id: string, enabled: boolean): Promise<void> {
    const bridge = getBridge();
    return bridge ? this.run(() => bridge.watch.update({ id, enabled })) : Promise.resolve();
  }

  setDefaults(id: string, defaults: FolderDefaultsInput, prepare: PrepareChoice, moveUploaded: boolean): Promise<void> {
    const bridge = getBridge();
    return bridge ? this.run(() => bridge.watch.update({ id, defaults, prepare, moveUploaded })) : Promise.resolve();
  }

  remove(id: string): Promise<void> {
    const bridge = getBridge();
    return bridge ? this.run(() => bridge.watch.remove({ id })) : Promise.resolve();
  }

  force(id: string, file: string): Promise<void> {
    const bridge = getBridge();
    return bridge ? this.run(() => bridge.watch.force({ id, file })) : Promise.resolve();
  }

  private async run(action: () => Promise<Answer>): Promise<void> {
    this.busy = true;
    try {
      const result = await action();
      if (result.ok) {
        this.folders = result.value;
        this.problem = undefined;
      } else {
        this.problem = result.error.message;
      }
    } finally {
      this.busy = false;
    }
  }
}

export const watchState = new WatchState();

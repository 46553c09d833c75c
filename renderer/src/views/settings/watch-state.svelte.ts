// The watched folders as main reports them (watch.changed), followed once Settings has opened.
import type {
  FolderDefaultsInput,
  PrepareChoice,
  Result,
  ShotputBridge,
  WatchFolderView,
} from '../../../../common/contract/index';
import { failureText, getBridge } from '../../lib/bridge';
import { connectOnce } from '../../lib/connect-once';

type Answer = Result<WatchFolderView[]>;

class WatchState {
  folders = $state<WatchFolderView[]>([]);
  problem = $state<string | undefined>(undefined);
  busy = $state(false);

  readonly connect = connectOnce(
    (message) => {
      this.problem = message;
    },
    (bridge) => {
      bridge.on('watch.changed', (folders) => {
        this.folders = folders;
      });
      void this.run(() => bridge.watch.list());
      // A restarted engine watches the folders again from its own list.
      bridge.on('engine.restarted', () => void this.run(() => bridge.watch.list()));
    },
  );

  add(): Promise<void> {
    return this.send((bridge) => bridge.watch.add({}));
  }

  setEnabled(id: string, enabled: boolean): Promise<void> {
    return this.send((bridge) => bridge.watch.update({ id, enabled }));
  }

  setDefaults(id: string, defaults: FolderDefaultsInput, prepare: PrepareChoice, moveUploaded: boolean): Promise<void> {
    return this.send((bridge) => bridge.watch.update({ id, defaults, prepare, moveUploaded }));
  }

  remove(id: string): Promise<void> {
    return this.send((bridge) => bridge.watch.remove({ id }));
  }

  force(id: string, file: string): Promise<void> {
    return this.send((bridge) => bridge.watch.force({ id, file }));
  }

  /** Runs a request when the bridge is there (Settings shows why it is not). */
  private send(request: (bridge: ShotputBridge) => Promise<Answer>): Promise<void> {
    const bridge = getBridge();
    return bridge ? this.run(() => request(bridge)) : Promise.resolve();
  }

  private async run(action: () => Promise<Answer>): Promise<void> {
    this.busy = true;
    try {
      const result = await action();
      if (result.ok) {
        this.folders = result.value;
        this.problem = undefined;
      } else {
        this.problem = failureText(result.error);
      }
    } finally {
      this.busy = false;
    }
  }
}

export const watchState = new WatchState();

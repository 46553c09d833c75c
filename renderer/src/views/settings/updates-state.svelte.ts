// The updater and the About facts as main reports them (updates.changed), for Settings.
import type { AboutView, UpdateView } from '../../../../common/contract/index';
import { failureText, getBridge } from '../../lib/bridge';
import { connectOnce } from '../../lib/connect-once';

class UpdatesState {
  view = $state<UpdateView | undefined>(undefined);
  about = $state<AboutView | undefined>(undefined);
  /** A sentence after an action (Check now, Restart, Show logs) that did not go as asked. */
  message = $state<string | undefined>(undefined);

  readonly connect = connectOnce(
    (missing) => {
      this.message = missing;
    },
    (bridge) => {
      bridge.on('updates.changed', (view) => {
        this.view = view;
      });
      void bridge.updates.state().then((result) => {
        if (result.ok) this.view = result.value;
      });
      void bridge.app.about().then((result) => {
        if (result.ok) this.about = result.value;
      });
    },
  );

  async checkNow(): Promise<void> {
    this.message = undefined;
    const result = await getBridge()?.updates.check();
    if (result === undefined) return;
    if (result.ok) this.view = result.value;
    else this.message = failureText(result.error);
  }

  async restart(evenIfUploading: boolean): Promise<void> {
    const result = await getBridge()?.updates.restart({ evenIfUploading });
    if (result !== undefined && !result.ok) this.message = failureText(result.error);
    else if (result?.value === 'nothing-to-install') this.message = 'There is no downloaded update to install.';
  }

  async showLogs(): Promise<void> {
    const result = await getBridge()?.logs.show();
    this.message = result !== undefined && !result.ok ? failureText(result.error) : undefined;
  }

  async openReleases(): Promise<void> {
    if (this.about === undefined) return;
    const result = await getBridge()?.shell.openLink({ url: this.about.releasesUrl });
    if (result !== undefined && !result.ok) this.message = failureText(result.error);
  }
}

export const updatesState = new UpdatesState();

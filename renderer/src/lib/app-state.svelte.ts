// The renderer's state of the app as a whole, loaded from main and kept current by its events.
import type {
  AppInfo,
  AuthState,
  ServiceChoice,
  Settings,
  SettingsPatch,
  TabName,
} from '../../../common/contract/index';
import { failureText, getBridge, missingBridgeMessage, problemText, unwrap } from './bridge';
import { SettingsInFlight } from './settings-in-flight';

/** Shown until main's settings are read (the contract's defaults; the renderer imports no schemas). */
const beforeLoad: Settings = {
  theme: 'system',
  lastTab: 'upload',
  prepareDefaults: { size: 'auto', fit: 'cover', background: '#ffffff' },
  openAtLogin: false,
  checkForUpdates: true,
};

export class AppState {
  info = $state<AppInfo | undefined>(undefined);
  settings = $state<Settings>(beforeLoad);
  /** Main's settings with the changes on their way to it: what `settings` shows. */
  private readonly inFlight = new SettingsInFlight(beforeLoad);
  auth = $state<AuthState>({
    status: 'signed-out',
    service: 'sandbox',
    secretStorage: 'os-keychain',
    realService: { clientId: null, hasSecret: false },
    problem: null,
  });
  /** Set when the app could not start talking to main: the window shows it instead of the shell. */
  fatalError = $state<string | undefined>(undefined);
  loaded = $state(false);

  async load(): Promise<void> {
    const bridge = getBridge();
    if (bridge === undefined) {
      this.fatalError = missingBridgeMessage;
      return;
    }
    try {
      const [info, settings, auth] = await Promise.all([bridge.app.info(), bridge.settings.get(), bridge.auth.state()]);
      this.info = unwrap(info);
      this.settings = this.inFlight.announced(unwrap(settings));
      this.auth = unwrap(auth);
      bridge.on('settings.changed', (next) => {
        this.settings = this.inFlight.announced(next);
      });
      bridge.on('auth.changed', (next) => {
        this.auth = next;
      });
      // The restarted engine signed in again from the saved account (or could not): ask it.
      bridge.on('engine.restarted', () => {
        void bridge.auth.state().then((result) => {
          if (result.ok) this.auth = result.value;
        });
      });
      this.loaded = true;
    } catch (error) {
      this.fatalError = error instanceof Error ? error.message : String(error);
    }
  }

  /** Saves a settings change; answers with a message for the user when it failed. */
  async updateSettings(patch: SettingsPatch): Promise<string | undefined> {
    const bridge = getBridge();
    if (bridge === undefined) return missingBridgeMessage;
    // Shown at once; main's answer confirms it (or, refused, it is shown no longer).
    this.settings = this.inFlight.sent(patch);
    const result = await bridge.settings.set(patch);
    this.settings = this.inFlight.answered(patch, result.ok ? result.value : undefined);
    return result.ok ? undefined : failureText(result.error);
  }

  selectTab(tab: TabName): void {
    void this.updateSettings({ lastTab: tab });
  }

  /**
   * Signs in: the sandbox or the real service (with the user's application). Resolves when the
   * browser has sent the user back, or answers with a sentence saying what happened and what to do.
   */
  async signIn(service: ServiceChoice, clientId?: string, clientSecret?: string): Promise<string | undefined> {
    const bridge = getBridge();
    if (bridge === undefined) return missingBridgeMessage;
    const result = await bridge.auth.signIn({
      service,
      ...(clientId ? { clientId } : {}),
      ...(clientSecret ? { clientSecret } : {}),
    });
    if (!result.ok) return problemText(result);
    this.auth = result.value;
    return undefined;
  }

  /** Stops waiting for the browser. */
  async cancelSignIn(): Promise<void> {
    const result = await getBridge()?.auth.cancel();
    if (result?.ok) this.auth = result.value;
  }

  async signOut(): Promise<string | undefined> {
    const bridge = getBridge();
    if (bridge === undefined) return missingBridgeMessage;
    const result = await bridge.auth.signOut();
    if (!result.ok) return failureText(result.error);
    this.auth = result.value;
    return undefined;
  }

  /** Switches service; its saved account is used when there is one. */
  async useService(service: ServiceChoice): Promise<string | undefined> {
    const bridge = getBridge();
    if (bridge === undefined) return missingBridgeMessage;
    const result = await bridge.auth.useService({ service });
    if (!result.ok) return failureText(result.error);
    this.auth = result.value;
    return undefined;
  }
}

// The settings the window shows: main's last word with the changes sent and not yet answered on
// top. Main answers each change (and announces it) in turn, so an answer to an earlier change (the
// tab the user just left) arrives after a later one is shown (the theme just picked): laid over
// main's word, the later change stays shown instead of flickering back until its own answer.
import type { Settings, SettingsPatch } from '../../../common/contract/index';

export class SettingsInFlight {
  private confirmed: Settings;
  private readonly pending: SettingsPatch[] = [];

  constructor(initial: Settings) {
    this.confirmed = initial;
  }

  /** What to show now. */
  get shown(): Settings {
    return this.pending.reduce<Settings>((settings, patch) => ({ ...settings, ...patch }), this.confirmed);
  }

  /** A change sent to main: shown at once. */
  sent(patch: SettingsPatch): Settings {
    this.pending.push(patch);
    return this.shown;
  }

  /** Main answered `patch`: with its settings, or undefined when the change failed (no longer shown). */
  answered(patch: SettingsPatch, settings: Settings | undefined): Settings {
    const index = this.pending.indexOf(patch);
    if (index >= 0) this.pending.splice(index, 1);
    if (settings) this.confirmed = settings;
    return this.shown;
  }

  /** Main said what its settings are now (its event, or the first read). */
  announced(settings: Settings): Settings {
    this.confirmed = settings;
    return this.shown;
  }
}

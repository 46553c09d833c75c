// The window's settings while changes are on their way to main (the CI run where the theme just
// picked showed light again): an answer to an earlier change never undoes a later one.
import { describe, expect, test } from 'vitest';
import { defaultSettings, type Settings, type SettingsPatch } from '../../common/contract/index';
import { SettingsInFlight } from '../../renderer/src/lib/settings-in-flight';

/** Main as it is: it applies each change in turn and answers with all it holds. */
function main(): { apply: (patch: SettingsPatch) => Settings } {
  let held: Settings = defaultSettings;
  return { apply: (patch) => (held = { ...held, ...patch }) };
}

describe('settings in flight', () => {
  test('the tab left answered after the theme is picked: the theme picked stays shown', () => {
    const service = main();
    const window = new SettingsInFlight(defaultSettings);
    const tab: SettingsPatch = { lastTab: 'settings' };
    window.sent(tab);
    const theme: SettingsPatch = { theme: 'dark' };
    expect(window.sent(theme)).toMatchObject({ lastTab: 'settings', theme: 'dark' });
    // Main's answer and event for the tab, taken before the theme reached it.
    const afterTab = service.apply(tab);
    expect(window.announced(afterTab).theme).toBe('dark');
    expect(window.answered(tab, afterTab).theme).toBe('dark');
    const afterTheme = service.apply(theme);
    expect(window.answered(theme, afterTheme)).toEqual(afterTheme);
  });

  test('a change main refused is no longer shown; main’s word stands', () => {
    const window = new SettingsInFlight(defaultSettings);
    const refused: SettingsPatch = { openAtLogin: true };
    expect(window.sent(refused).openAtLogin).toBe(true);
    expect(window.answered(refused, undefined)).toEqual(defaultSettings);
  });

  test('a change made elsewhere (the menu, another window) is shown under the ones in flight', () => {
    const window = new SettingsInFlight(defaultSettings);
    window.sent({ theme: 'light' });
    expect(window.announced({ ...defaultSettings, checkForUpdates: false })).toMatchObject({
      theme: 'light',
      checkForUpdates: false,
    });
  });
});

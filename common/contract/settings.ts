// Settings: the window's theme and tab, the defaults for new drafts, start at login, update checks.
import * as v from 'valibot';
import { SIZE_CHOICES } from '../service-rules';
import { FIT_CHOICES } from '../prepare-choice';
import { answers, noPayload } from './base';

export const themeChoices = ['system', 'light', 'dark'] as const;
/** 'popular' is shown only when the application is approved for popular shots. */
export const tabNames = ['upload', 'queue', 'shots', 'popular', 'settings'] as const;
export const serviceChoices = ['sandbox', 'real'] as const;

export const SettingsSchema = v.object({
  /** 'system' follows the OS through prefers-color-scheme. */
  theme: v.picklist(themeChoices),
  /** The tab shown when the window opens. */
  lastTab: v.picklist(tabNames),
  /** How new drafts are prepared unless chosen otherwise. */
  prepareDefaults: v.object({
    size: v.picklist(SIZE_CHOICES),
    fit: v.picklist(FIT_CHOICES),
    background: v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/i)),
  }),
  /** Start Shotput when the user logs in (macOS and Windows). */
  openAtLogin: v.boolean(),
  /** Look for new versions (after start and every few hours) and download them in the background. */
  checkForUpdates: v.boolean(),
});
export type Settings = v.InferOutput<typeof SettingsSchema>;
export type ThemeChoice = Settings['theme'];
export type TabName = Settings['lastTab'];
export type ServiceChoice = (typeof serviceChoices)[number];

export const defaultSettings: Settings = {
  theme: 'system',
  lastTab: 'upload',
  prepareDefaults: { size: 'auto', fit: 'cover', background: '#ffffff' },
  openAtLogin: false,
  checkForUpdates: true,
};

/** A partial update: every key optional, unknown keys refused. */
export const SettingsPatchSchema = v.strictObject(v.partial(SettingsSchema).entries);
export type SettingsPatch = v.InferOutput<typeof SettingsPatchSchema>;

export const settingsRequests = {
  'settings.get': { payload: noPayload, result: answers<Settings>() },
  'settings.set': { payload: SettingsPatchSchema, result: answers<Settings>() },
} as const;

export const settingsEvents = {
  'settings.changed': answers<Settings>(),
} as const;

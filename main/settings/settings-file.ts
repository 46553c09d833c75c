// The user's settings, kept as one JSON file. Plain Node so it is tested for real; main/app
// gives it a path inside the user-data folder.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as v from 'valibot';
import { writeFileAtomically } from '../files/atomic-file';
import { diskFaultSentence, isDiskFaultCode } from '../../common/disk-fault';
import {
  defaultSettings,
  SettingsPatchSchema,
  SettingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../common/contract/index';

export interface SettingsFile {
  /** The current settings (defaults for anything missing or unreadable in the file). */
  get(): Settings;
  /** Validates a partial update, merges it, writes the file and returns the new settings. */
  set(patch: SettingsPatch): Promise<Settings>;
  /** Why the file on disk was ignored when it was opened, if it was. */
  readonly loadProblem: string | undefined;
}

/** Opens the settings file at `filePath`; a missing or damaged file means defaults, never a crash. */
export async function openSettingsFile(filePath: string): Promise<SettingsFile> {
  const { settings: loaded, problem } = await readSettings(filePath);
  let current = loaded;
  // Writes go one after another so a slow disk never reorders two updates.
  let pendingWrite: Promise<unknown> = Promise.resolve();

  return {
    loadProblem: problem,
    get: () => ({ ...current }),
    async set(patch) {
      const parsedPatch = v.parse(SettingsPatchSchema, patch);
      current = { ...current, ...parsedPatch };
      const snapshot = { ...current };
      pendingWrite = pendingWrite.catch(() => undefined).then(() => writeAtomically(filePath, snapshot));
      await pendingWrite;
      return snapshot;
    },
  };
}

async function readSettings(filePath: string): Promise<{ settings: Settings; problem?: string }> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: { ...defaultSettings } };
    return {
      settings: { ...defaultSettings },
      problem: `The settings file could not be read (${(error as Error).message}); defaults are used.`,
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { settings: { ...defaultSettings }, problem: 'The settings file is not valid JSON; defaults are used.' };
  }
  if (typeof raw !== 'object' || raw === null) {
    return {
      settings: { ...defaultSettings },
      problem: 'The settings file does not hold an object; defaults are used.',
    };
  }
  // Keep each valid key; a bad or unknown key falls back to its default on its own.
  const settings: Settings = { ...defaultSettings };
  const problems: string[] = [];
  for (const key of Object.keys(SettingsSchema.entries) as (keyof Settings)[]) {
    if (!(key in raw)) continue;
    const result = v.safeParse(SettingsSchema.entries[key], (raw as Record<string, unknown>)[key]);
    if (result.success) (settings as Record<string, unknown>)[key] = result.output;
    else problems.push(key);
  }
  return problems.length > 0
    ? { settings, problem: `Some settings were not understood and were reset: ${problems.join(', ')}.` }
    : { settings };
}

async function writeAtomically(filePath: string, settings: Settings): Promise<void> {
  try {
    await writeFileAtomically(filePath, `${JSON.stringify(settings, null, 2)}\n`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!isDiskFaultCode(code)) throw error;
    // The settings in use stay as they are; the file keeps the last ones it could hold.
    throw new Error(diskFaultSentence(code, 'the settings', dirname(filePath), 'change the setting again'), {
      cause: error,
    });
  }
}

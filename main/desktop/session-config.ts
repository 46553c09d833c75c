// Which service the desktop app uses, and the client id of the user's own application on the
// real service: one small JSON file in the app's data folder. The client secret is not here: it is
// sealed in the token store with the tokens.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { writeFileAtomically } from '../files/atomic-file';
import { serviceChoices, type ServiceChoice } from '../../common/contract/index';

const ConfigSchema = v.object({
  service: v.optional(v.picklist(serviceChoices), 'sandbox'),
  realClientId: v.optional(v.nullable(v.pipe(v.string(), v.minLength(1))), null),
});

export interface SessionConfig {
  service: ServiceChoice;
  realClientId: string | null;
}

/** Where the choice is kept in the app's data folder. */
export function sessionConfigFile(dataDir: string): string {
  return join(dataDir, 'session.json');
}

export const defaultSessionConfig: SessionConfig = { service: 'sandbox', realClientId: null };

/** The saved choice; a missing or damaged file means the sandbox, never a crash. */
export async function readSessionConfig(file: string): Promise<SessionConfig> {
  try {
    const parsed = v.safeParse(ConfigSchema, JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.output : { ...defaultSessionConfig };
  } catch {
    return { ...defaultSessionConfig };
  }
}

export async function writeSessionConfig(file: string, config: SessionConfig): Promise<void> {
  await writeFileAtomically(file, `${JSON.stringify(config, null, 2)}\n`);
}

// Watches the sign-in on the wire for the secrets a log must never hold: the authorization code,
// the code_verifier and the client secret sent to the token endpoint, and the token it answers with.
// Installed as the global fetch (which the CLI and the desktop's service clients use); the test
// puts the real one back when it ends. The desktop signs in from its engine's process: `childEnv`
// loads the same watch there (sign-in-secrets-child.ts, through NODE_OPTIONS), which writes what it
// sees to a file that `secrets()` reads too.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SECRETS_FILE_ENV, secretsOfExchange } from './sign-in-secrets-child';

export function watchSignInSecrets(): { secrets: () => Map<string, string>; childEnv: Record<string, string> } {
  const realFetch = globalThis.fetch;
  const seen = new Map<string, string>();
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    for (const [name, value] of await secretsOfExchange(url, init, response)) seen.set(name, value);
    return response;
  };
  const file = join(mkdtempSync(join(tmpdir(), 'shotput-secrets-')), 'seen.jsonl');
  const child = join(import.meta.dirname, 'sign-in-secrets-child.ts');
  return {
    secrets: () => {
      const lines = (() => {
        try {
          return readFileSync(file, 'utf8').split('\n').filter(Boolean);
        } catch {
          return [];
        }
      })();
      for (const line of lines) {
        const [name, value] = JSON.parse(line) as [string, string];
        seen.set(name, value);
      }
      return seen;
    },
    childEnv: {
      [SECRETS_FILE_ENV]: file,
      NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --import ${child}`.trim(),
    },
  };
}

// Loaded with --import (NODE_OPTIONS) into the processes a test starts, the desktop's engine among
// them: the watch of sign-in-secrets.ts, each secret seen written as a line of the file the test
// named, for the test to read. Plain Node, types stripped by Node itself: it imports nothing of ours.
import { appendFileSync } from 'node:fs';

export const SECRETS_FILE_ENV = 'SHOTPUT_TEST_SIGN_IN_SECRETS';

/** The secrets in one exchange with the token endpoint, by name. */
export async function secretsOfExchange(
  url: string,
  init: RequestInit | undefined,
  response: Response,
): Promise<Array<[string, string]>> {
  const found: Array<[string, string]> = [];
  if (!url.endsWith('/oauth/token') || !(init?.body instanceof URLSearchParams)) return found;
  for (const name of ['code', 'code_verifier', 'client_secret']) {
    const value = init.body.get(name);
    if (value) found.push([name, value]);
  }
  const token = (await response.clone().json()) as { access_token?: string };
  if (token.access_token) found.push(['access_token', token.access_token]);
  return found;
}

const file = process.env[SECRETS_FILE_ENV];
if (file !== undefined) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    for (const found of await secretsOfExchange(url, init, response))
      appendFileSync(file, `${JSON.stringify(found)}\n`);
    return response;
  };
}

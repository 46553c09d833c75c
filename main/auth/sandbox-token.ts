// Signing in to the bundled sandbox without a browser: the headless CLI and the smoke check ask the
// sandbox running in this process for a token of a demo user (its control API, called in process:
// the bundled sandbox serves none over HTTP). Only the sandbox has this door; the real service does not.
import { TokenResponseSchema } from '../service/resources';
import type { TokenResponse } from '../service/resources';
import { validateBody } from '../service/validate';
import { DEFAULT_SCOPES, SANDBOX_CLIENT_ID, SANDBOX_DEMO_USERNAME } from './service-settings';

/** The control call this needs, in process (the CLI) or across to the sandbox's own process (the app). */
export interface SandboxTokens {
  control: { tokens(body: { username: string; client_id: string; scopes: string }): unknown };
}

/** A token for a sandbox user, straight from the sandbox's control API. */
export async function sandboxUserToken(
  sandbox: SandboxTokens,
  username = SANDBOX_DEMO_USERNAME,
  scopes: readonly string[] = DEFAULT_SCOPES,
): Promise<TokenResponse> {
  let body: unknown;
  try {
    body = await sandbox.control.tokens({ username, client_id: SANDBOX_CLIENT_ID, scopes: scopes.join(' ') });
  } catch (error) {
    throw new Error(
      `The sandbox would not sign in ${username}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const token = validateBody(TokenResponseSchema, body, 'a token');
  if (!token.ok) throw new Error(`The sandbox would not sign in ${username}: its answer was not a token.`);
  return token.value;
}

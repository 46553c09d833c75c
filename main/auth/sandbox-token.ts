// Signing in to the bundled sandbox without a browser: the headless CLI and the smoke check ask its
// control API for a token of a demo user. Only the sandbox has this door; the real service does not.
import type { Sandbox } from '../service/bundled-sandbox';
import { TokenResponseSchema } from '../service/resources';
import type { TokenResponse } from '../service/resources';
import { validateBody } from '../service/validate';
import { DEFAULT_SCOPES, SANDBOX_CLIENT_ID, SANDBOX_DEMO_USERNAME } from './service-settings';

/** A token for a sandbox user, straight from the control API. */
export async function sandboxUserToken(
  sandbox: Pick<Sandbox, 'url'>,
  username = SANDBOX_DEMO_USERNAME,
  scopes: readonly string[] = DEFAULT_SCOPES,
): Promise<TokenResponse> {
  const response = await fetch(`${sandbox.url}/_sandbox/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, client_id: SANDBOX_CLIENT_ID, scopes: scopes.join(' ') }),
  });
  const body: unknown = await response.json().catch(() => undefined);
  const token = validateBody(TokenResponseSchema, body, 'a token');
  if (!response.ok || !token.ok)
    throw new Error(`The sandbox would not sign in ${username} (status ${response.status}).`);
  return token.value;
}

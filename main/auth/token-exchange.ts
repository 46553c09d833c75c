// Trades the one-time code for an access token at the authorization server. Not retried: a code
// works once, so a second try could only fail with invalid_grant.
import { TokenErrorSchema, TokenResponseSchema } from '../service/resources';
import type { TokenResponse } from '../service/resources';
import { rememberSecret } from '../service/known-secrets';
import { validateBody } from '../service/validate';
import { signInProblem } from './auth-problems';
import type { SignInProblem } from './auth-problems';
import type { PendingSignIn } from './pending-sign-ins';
import type { Result } from '../../common/problem';

export type TokenExchangeResult = Result<TokenResponse, SignInProblem>;

export interface TokenExchangeInput {
  signIn: PendingSignIn;
  code: string;
  clientSecret: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export async function exchangeCode(input: TokenExchangeInput): Promise<TokenExchangeResult> {
  const { signIn } = input;
  for (const secret of [input.code, input.clientSecret, signIn.codeVerifier]) rememberSecret(secret);
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: signIn.service.clientId,
    client_secret: input.clientSecret,
    code: input.code,
    redirect_uri: signIn.redirectUri,
    code_verifier: signIn.codeVerifier,
  });
  let response: Response;
  try {
    response = await (input.fetch ?? fetch)(`${signIn.service.authUrl.replace(/\/+$/, '')}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: input.signal,
      redirect: 'error',
    });
  } catch {
    return { ok: false, error: signInProblem('service-unreachable') };
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return {
      ok: false,
      error: signInProblem(response.ok ? 'unexpected-response' : 'unknown-error', `status ${response.status}`),
    };
  }
  // The spec does not say which status a token error has; the body's shape decides.
  const failure = validateBody(TokenErrorSchema, json, 'a token error');
  if (failure.ok) return { ok: false, error: signInProblem(failure.value.error, failure.value.error_description) };
  if (!response.ok) return { ok: false, error: signInProblem('unknown-error', `status ${response.status}`) };
  const token = validateBody(TokenResponseSchema, json, 'a token');
  if (!token.ok) return { ok: false, error: signInProblem('unexpected-response') };
  rememberSecret(token.value.access_token);
  return { ok: true, value: token.value };
}

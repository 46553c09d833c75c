// The address the system browser opens to ask the user for access.
import type { PendingSignIn } from './pending-sign-ins';

export function buildAuthorizeUrl(signIn: PendingSignIn): string {
  const url = new URL(`${signIn.service.authUrl.replace(/\/+$/, '')}/oauth/authorize`);
  url.searchParams.set('client_id', signIn.service.clientId);
  url.searchParams.set('redirect_uri', signIn.redirectUri);
  url.searchParams.set('scope', signIn.service.scopes.join(' '));
  url.searchParams.set('state', signIn.state);
  url.searchParams.set('code_challenge', signIn.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

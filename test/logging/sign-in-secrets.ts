// Watches the sign-in on the wire for the secrets a log must never hold: the authorization code,
// the code_verifier and the client secret sent to the token endpoint, and the token it answers with.
// Installed as the global fetch (which the CLI and the desktop's service clients use); the test
// puts the real one back when it ends.

export function watchSignInSecrets(): { secrets: Map<string, string> } {
  const realFetch = globalThis.fetch;
  const secrets = new Map<string, string>();
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/oauth/token') && init?.body instanceof URLSearchParams) {
      for (const name of ['code', 'code_verifier', 'client_secret']) {
        const value = init.body.get(name);
        if (value) secrets.set(name, value);
      }
      const token = (await response.clone().json()) as { access_token?: string };
      if (token.access_token) secrets.set('access_token', token.access_token);
    }
    return response;
  };
  return { secrets };
}

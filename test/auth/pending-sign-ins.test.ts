import { describe, expect, it } from 'vitest';
import { PendingSignIns } from '../../main/auth/pending-sign-ins';
import { pkceChallenge } from '../../main/auth/pkce';
import { buildAuthorizeUrl } from '../../main/auth/authorize-url';
import { sandboxEndpoint } from '../../main/auth/service-settings';

const service = sandboxEndpoint({ api: 'http://127.0.0.1:1234', auth: 'http://127.0.0.1:1234/' });

describe('PendingSignIns', () => {
  it('makes a high-entropy state and a PKCE S256 pair for each sign-in', () => {
    const pending = new PendingSignIns();
    const a = pending.start(service);
    const b = pending.start(service);
    expect(Buffer.from(a.state, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(a.state).not.toBe(b.state);
    expect(a.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(a.codeChallenge).toBe(pkceChallenge(a.codeVerifier));
  });

  it('lets a state be claimed once', () => {
    const pending = new PendingSignIns();
    const signIn = pending.start(service);
    expect(pending.claim(signIn.state)).toEqual({ kind: 'claimed', signIn });
    expect(pending.claim(signIn.state)).toEqual({ kind: 'none' });
  });

  it('tells a wrong state from no sign-in at all', () => {
    const pending = new PendingSignIns();
    expect(pending.claim('anything')).toEqual({ kind: 'none' });
    const signIn = pending.start(service);
    expect(pending.claim(`${signIn.state.slice(0, -1)}x`)).toEqual({ kind: 'mismatch' });
    expect(pending.claim(null)).toEqual({ kind: 'mismatch' });
    expect(pending.claim(signIn.state).kind).toBe('claimed');
  });

  it('expires a state after ten minutes', () => {
    let now = 1_000_000;
    const pending = new PendingSignIns(() => now);
    const signIn = pending.start(service);
    now += 10 * 60 * 1000;
    expect(pending.claim(signIn.state).kind).toBe('expired');
  });
});

describe('buildAuthorizeUrl', () => {
  it('asks for the app scopes with state, redirect and PKCE', () => {
    const signIn = new PendingSignIns().start(service);
    const url = new URL(buildAuthorizeUrl(signIn));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:1234/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'shotput-desktop',
      redirect_uri: 'app.shotput://oauth/callback',
      scope: 'public upload comment write',
      state: signIn.state,
      code_challenge: signIn.codeChallenge,
      code_challenge_method: 'S256',
    });
  });

  it('matches the RFC 7636 example for S256', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { findDeepLinkInArgv, parseDeepLink } from '../../main/auth/deep-link';

describe('parseDeepLink', () => {
  it('reads an OAuth callback with code and state', () => {
    expect(parseDeepLink('app.shotput://oauth/callback?code=abc123&state=s-_~.1')).toEqual({
      kind: 'oauth-callback',
      code: 'abc123',
      state: 's-_~.1',
    });
  });

  it('reads an error redirect with its description and state', () => {
    expect(
      parseDeepLink('app.shotput://oauth/callback?error=access_denied&error_description=The+user+denied&state=xyz'),
    ).toEqual({
      kind: 'oauth-error',
      error: 'access_denied',
      description: 'The user denied',
      state: 'xyz',
    });
  });

  it('accepts an error without a state (the service could not echo it)', () => {
    expect(parseDeepLink('app.shotput://oauth/callback?error=application_suspended')).toMatchObject({
      kind: 'oauth-error',
      state: null,
      description: null,
    });
  });

  it('ignores parameters it does not know, and a trailing slash', () => {
    expect(parseDeepLink('app.shotput://oauth/callback/?code=c&state=s&utm=1')).toEqual({
      kind: 'oauth-callback',
      code: 'c',
      state: 's',
    });
  });

  it.each([
    [42, 'not text'],
    ['not a url', 'not a valid URL'],
    ['https://oauth/callback?code=c&state=s', 'scheme'],
    ['app.shotput://evil/callback?code=c&state=s', 'not an OAuth callback'],
    ['app.shotput://oauth/other?code=c&state=s', 'not an OAuth callback'],
    ['app.shotput://user:pw@oauth/callback?code=c&state=s', 'credentials'],
    ['app.shotput://oauth:99/callback?code=c&state=s', 'port'],
    ['app.shotput://oauth/callback?code=c', 'no state'],
    ['app.shotput://oauth/callback?state=s', 'neither a code nor an error'],
    ['app.shotput://oauth/callback?code=a&code=b&state=s', 'repeats "code"'],
    ['app.shotput://oauth/callback?code=a&state=s&state=t', 'repeats "state"'],
    ['app.shotput://oauth/callback?code=a&error=x&state=s', 'both a code and an error'],
    ['app.shotput://oauth/callback?code=a%20b&state=s', 'malformed code'],
    ['app.shotput://oauth/callback?code=a&state=%0A', 'malformed state'],
    ['app.shotput://oauth/callback?code=a&state=s#frag', 'fragment'],
    [`app.shotput://oauth/callback?code=${'a'.repeat(5000)}&state=s`, 'too long'],
  ])('drops %j with a reason (%s) that does not repeat the link', (input, reason) => {
    const result = parseDeepLink(input);
    expect(result.kind).toBe('unknown');
    if (result.kind !== 'unknown') return;
    expect(result.reason).toContain(reason);
    expect(result.reason).not.toContain('code=');
  });
});

describe('findDeepLinkInArgv', () => {
  it('finds the link among launch arguments (Windows and Linux second-instance argv)', () => {
    expect(
      findDeepLinkInArgv(['/opt/Shotput/shotput', '--no-sandbox', 'app.shotput://oauth/callback?code=c&state=s']),
    ).toBe('app.shotput://oauth/callback?code=c&state=s');
    expect(findDeepLinkInArgv(['/opt/Shotput/shotput', '--flag'])).toBeNull();
  });
});

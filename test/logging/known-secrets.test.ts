// Secrets removed by value, in every shape a service or a URL gives them, and by pattern when the
// process never held them.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../main/logging/logger';
import { redact } from '../../main/logging/redact';
import { rememberSecret, scrubSecrets } from '../../main/service/known-secrets';

describe('known secrets', () => {
  it('are removed as they are, URL- and form-encoded, JSON-escaped and in base64', () => {
    const secret = 'cl!ent "secret"/+&x';
    rememberSecret(secret);
    const shapes = [
      secret,
      encodeURIComponent(secret),
      encodeURIComponent(secret).replace(/%20/g, '+'),
      JSON.stringify(secret).slice(1, -1),
      Buffer.from(secret).toString('base64'),
    ];
    for (const shape of shapes) expect(scrubSecrets(`before ${shape} after`)).toBe('before [redacted] after');
  });

  it('leave short values and ordinary words alone', () => {
    rememberSecret('ada');
    rememberSecret('');
    expect(scrubSecrets('ada signed in')).toBe('ada signed in');
  });

  it('stay unwritable after the logger is told to forget them (sign-out)', () => {
    const lines: string[] = [];
    const log = createLogger({ sinks: [{ write: (line) => void lines.push(line) }] });
    log.forget('discarded-token-0123456789');
    log.info('late echo: discarded-token-0123456789');
    // Any other logger of the process too: the value is known process-wide.
    createLogger({ sinks: [{ write: (line) => void lines.push(line) }] }).warn('again discarded-token-0123456789');
    expect(lines.join('')).not.toContain('discarded-token-0123456789');
  });
});

describe('secrets the process never held', () => {
  it('are removed by pattern in the four shapes a service echoes', () => {
    const secret = 'unknownTok_4b1e9d0c7a26f35e';
    for (const text of [
      `{ access_token: '${secret}' }`,
      `Authorization: Token ${secret}`,
      `"accessToken":"${secret}"`,
      `clientSecret=${secret}`,
    ]) {
      expect(redact(text)).not.toContain(secret);
    }
    expect(redact('the token expired; Token refresh failed')).toBe('the token expired; Token refresh failed');
  });
});

describe('a body that cannot be used', () => {
  it('is described without the secret it echoes, even where the text is cut short', async () => {
    const { validateBody } = await import('../../main/service/validate');
    const v = await import('valibot');
    const token = 'echoedInAField_0123456789abcdefghijklmnopqrstuvwxyz';
    rememberSecret(token);
    const result = validateBody(v.object({ id: v.number() }), { id: token }, 'the user', 'GET /v2/user');
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain(token.slice(0, 20));
  });
});

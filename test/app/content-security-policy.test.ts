import { readFile } from 'node:fs/promises';
import { describe, expect, test, vi } from 'vitest';
import { contentSecurityPolicy, metaContentSecurityPolicy, serviceImageSources } from '../../main/app/content-security-policy';

vi.mock('electron', () => ({}));

describe('content security policy', () => {
  test('index.html carries the same policy as the protocol header', async () => {
    const html = await readFile(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
    expect(meta?.[1]).toBe(metaContentSecurityPolicy);
    expect(contentSecurityPolicy.startsWith(metaContentSecurityPolicy)).toBe(true);
  });

  test('allows no inline or evaluated script and nothing from other origins', () => {
    const directives = new Map(
      contentSecurityPolicy.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(contentSecurityPolicy).not.toMatch(/unsafe-inline|unsafe-eval/);
    // Other origins appear only in img-src, and only the service's image hosts.
    for (const [name, values] of directives) {
      if (name !== 'img-src') expect(values.join(' '), name).not.toMatch(/\*|https?:/);
    }
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...serviceImageSources]);
  });

  test('the service’s image hosts are exact: the sandbox on loopback (any port), the real service’s CDN over https', () => {
    expect(serviceImageSources).toEqual(['http://127.0.0.1:*', 'https://cdn.dribbble.com']);
  });

  test('the built page keeps the meta tag and loads no inline script', async () => {
    const built = await readFile(new URL('../../out/renderer/index.html', import.meta.url), 'utf8').catch(() => undefined);
    if (built === undefined) return expect.fail('out/renderer/index.html is missing: run “npm run build” first.');
    expect(built).toContain(metaContentSecurityPolicy);
    // Every <script> has a src: the CSP would block an inline one.
    for (const script of built.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
      expect(script).toMatch(/\bsrc=/);
      expect(script).toMatch(/>\s*<\/script>$/);
    }
  });
});

import { readFile } from 'node:fs/promises';
import { describe, expect, test, vi } from 'vitest';
import {
  anyLoopbackImageSource,
  contentSecurityPolicyFor,
  metaContentSecurityPolicy,
  serviceImageCdn,
  serviceImageSources,
} from '../../main/app/content-security-policy';

vi.mock('electron', () => ({}));

function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part): [string, string[]] => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

const sandbox = 'http://127.0.0.1:41234';

describe('content security policy', () => {
  test('index.html carries the meta policy; the header is the same but for img-src and frame-ancestors', async () => {
    const html = await readFile(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
    expect(meta?.[1]).toBe(metaContentSecurityPolicy);
    const header = directivesOf(contentSecurityPolicyFor(sandbox));
    const fromMeta = directivesOf(metaContentSecurityPolicy);
    for (const [name, values] of fromMeta) if (name !== 'img-src') expect(header.get(name), name).toEqual(values);
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
    // A page obeys both: the meta tag's loopback wildcard is narrowed by the header's exact origin.
    expect(fromMeta.get('img-src')).toEqual(["'self'", 'data:', 'blob:', anyLoopbackImageSource, serviceImageCdn]);
    expect(header.get('img-src')).toEqual(["'self'", 'data:', 'blob:', sandbox, serviceImageCdn]);
  });

  test('the header lets images in from the running sandbox’s own origin only, and none from loopback before it runs', () => {
    expect(serviceImageSources(sandbox)).toEqual([sandbox, 'https://cdn.dribbble.com']);
    expect(serviceImageSources(undefined)).toEqual(['https://cdn.dribbble.com']);
    expect(contentSecurityPolicyFor(sandbox)).not.toContain('127.0.0.1:*');
    expect(contentSecurityPolicyFor(undefined)).not.toContain('127.0.0.1');
    // Only what the sandbox's address can be: anything else is left out, never pasted into the header.
    for (const odd of [
      'http://127.0.0.1:*',
      'http://127.0.0.1:80; script-src *',
      'https://127.0.0.1:4000',
      'http://evil.example:80',
      'http://127.0.0.1',
      'http://127.0.0.1:0',
    ]) {
      expect(serviceImageSources(odd), odd).toEqual(['https://cdn.dribbble.com']);
    }
  });

  test('allows no inline or evaluated script and nothing from other origins', () => {
    for (const policy of [
      contentSecurityPolicyFor(sandbox),
      contentSecurityPolicyFor(undefined),
      metaContentSecurityPolicy,
    ]) {
      const directives = directivesOf(policy);
      expect(directives.get('default-src')).toEqual(["'none'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      // The motion Worker runs from a file of the app: never a blob: or data: script.
      expect(directives.get('worker-src')).toEqual(["'self'"]);
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
      // Other origins appear only in img-src, and only the service's image hosts.
      for (const [name, values] of directives) {
        if (name !== 'img-src') expect(values.join(' '), name).not.toMatch(/\*|https?:/);
      }
    }
  });

  test('the built page keeps the meta tag and loads no inline script', async () => {
    const built = await readFile(new URL('../../out/renderer/index.html', import.meta.url), 'utf8').catch(
      () => undefined,
    );
    if (built === undefined) return expect.fail('out/renderer/index.html is missing: run “npm run build” first.');
    expect(built).toContain(metaContentSecurityPolicy);
    // Every <script> has a src: the CSP would block an inline one.
    for (const script of built.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
      expect(script).toMatch(/\bsrc=/);
      expect(script).toMatch(/>\s*<\/script>$/);
    }
  });
});

import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DraftPictures, pictureOf } from '../../main/desktop/draft-pictures';
import { createAppProtocolHandler, registerAppSchemePrivileges, resolveAppFile } from '../../main/app/app-protocol';
import { contentSecurityPolicyFor } from '../../main/app/content-security-policy';

vi.mock('electron', () => ({}));

describe('app:// file resolution', () => {
  const root = '/opt/shotput/out/renderer';

  test.each([
    ['app://shotput/', `${root}/index.html`],
    ['app://shotput/index.html', `${root}/index.html`],
    ['app://shotput/assets/index-abc.js', `${root}/assets/index-abc.js`],
    ['app://shotput/assets/a%20b.png?x=1#y', `${root}/assets/a b.png`],
    // The URL parser resolves dot segments (also percent-encoded ones) against the root: never above it.
    ['app://shotput/../package.json', `${root}/package.json`],
    ['app://shotput/%2e%2e/package.json', `${root}/package.json`],
  ])('%s is %s', (url, file) => {
    expect(resolveAppFile(root, url)).toBe(file);
  });

  test.each([
    'app://shotput/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    'app://shotput/..%5c..%5cpackage.json',
    'app://shotput/%00index.html',
    'app://shotput/%E0%A4%A',
    'app://elsewhere/index.html',
    'file:///opt/shotput/out/renderer/index.html',
    'https://shotput/index.html',
  ])('%s is refused', (url) => {
    expect(resolveAppFile(root, url)).toBeUndefined();
  });
});

describe('app:// handler', () => {
  let rendererDir = '';
  let outside = '';
  beforeAll(async () => {
    outside = await mkdtemp(join(tmpdir(), 'shotput-protocol-'));
    rendererDir = join(outside, 'renderer');
    await mkdir(join(rendererDir, 'assets'), { recursive: true });
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(outside, 'secret.txt'), 'secret');
  });
  afterAll(async () => {
    await rm(outside, { recursive: true, force: true });
  });

  test('serves the page with the CSP and the right content type', async () => {
    const handler = createAppProtocolHandler(rendererDir);
    const response = await handler(new Request('app://shotput/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicyFor(undefined));
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>t</title>');
    const script = await handler(new Request('app://shotput/assets/app.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  test('builds the policy for each response: the sandbox’s address once it runs', async () => {
    const sandbox: { origin?: string } = {};
    const handler = createAppProtocolHandler(rendererDir, () => contentSecurityPolicyFor(sandbox.origin));
    expect(
      (await handler(new Request('app://shotput/index.html'))).headers.get('content-security-policy'),
    ).not.toContain('127.0.0.1');
    sandbox.origin = 'http://127.0.0.1:43210';
    const policy = (await handler(new Request('app://shotput/index.html'))).headers.get('content-security-policy');
    expect(policy).toContain("img-src 'self' data: blob: http://127.0.0.1:43210 https://cdn.dribbble.com;");
    expect((await handler(new Request('app://shotput/missing.js'))).headers.get('content-security-policy')).toBe(
      policy,
    );
  });

  test('answers 404 for missing files and anything outside the folder', async () => {
    const handler = createAppProtocolHandler(rendererDir);
    for (const url of [
      'app://shotput/missing.js',
      'app://shotput/%2e%2e/secret.txt',
      'app://shotput/assets/..%2f..%2fsecret.txt',
    ]) {
      const response = await handler(new Request(url));
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('secret');
    }
  });

  test('answers 405 to anything but GET and HEAD', async () => {
    const handler = createAppProtocolHandler(rendererDir);
    expect((await handler(new Request('app://shotput/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
  });

  test('registers the scheme as standard and secure', () => {
    const registered: unknown[] = [];
    registerAppSchemePrivileges({ registerSchemesAsPrivileged: (schemes) => registered.push(...schemes) });
    expect(registered).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
  });
});

describe('app:// pictures', () => {
  const jobId = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
  const draftId = '0b6f4c1a-9d2e-4f3a-8b7c-1d2e3f4a5b6c';
  const asked: string[] = [];
  const drafts = new DraftPictures();
  const handler = createAppProtocolHandler('/nowhere', undefined, {
    job: async (id) => {
      asked.push(id);
      return id === jobId ? { buffer: Buffer.from([0xff, 0xd8, 0xff]), type: 'image/jpeg' } : undefined;
    },
    draft: async (id, kind, n) => drafts.get(id, kind, n),
  });

  test('serves a job’s picture by its id, with the CSP', async () => {
    const response = await handler(new Request(`app://shotput/queue-thumbnails/${jobId}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicyFor(undefined));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
  });

  test('asks only for what looks like a job id, and answers 404 for a job with no picture', async () => {
    asked.length = 0;
    for (const path of ['queue-thumbnails/..%2f..%2fsecret', 'queue-thumbnails/%2Fetc%2Fpasswd', 'queue-thumbnails/'])
      expect((await handler(new Request(`app://shotput/${path}`))).status).toBe(404);
    expect(asked).toEqual([]);
    expect((await handler(new Request('app://shotput/queue-thumbnails/0000000000000000'))).status).toBe(404);
    expect(asked).toEqual(['0000000000000000']);
    expect((await handler(new Request(`app://elsewhere/queue-thumbnails/${jobId}`))).status).toBe(404);
  });

  test('serves a draft’s latest picture of a kind at the addresses its views named, and nothing once it is gone', async () => {
    const first = drafts.put(draftId, 'result', pictureOf(Buffer.from('GIF89a'), 'gif'));
    const served = await handler(new Request(`app://shotput/${first}`));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('content-security-policy')).toBe(contentSecurityPolicyFor(undefined));
    expect(Buffer.from(await served.arrayBuffer()).toString()).toBe('GIF89a');
    const second = drafts.put(draftId, 'result', pictureOf(Buffer.from([0x89, 0x50]), 'png'));
    expect(second).not.toBe(first);
    // An older address (a card still loading a replaced view's picture) is answered with the latest.
    for (const address of [first, second])
      expect((await handler(new Request(`app://shotput/${address}`))).headers.get('content-type')).toBe('image/png');
    // An address above the latest was never answered (an earlier run's are all below this run's).
    const unanswered = second.replace(/\d+$/, (n) => String(Number(n) + 1));
    expect((await handler(new Request(`app://shotput/${unanswered}`))).status).toBe(404);
    const strip = drafts.put(draftId, 'strip-3', pictureOf(Buffer.from([0xff, 0xd8]), 'jpeg'));
    expect((await handler(new Request(`app://shotput/${strip}`))).headers.get('content-type')).toBe('image/jpeg');
    expect((await handler(new Request(`app://shotput/${strip.replace('strip-3', 'strip-999')}`))).status).toBe(404);
    drafts.forget(draftId);
    expect((await handler(new Request(`app://shotput/${second}`))).status).toBe(404);
    expect((await handler(new Request(`app://shotput/${strip}`))).status).toBe(404);
    for (const path of [`draft-pictures/${draftId}/secret/1`, `draft-pictures/..%2f/result/1`, 'draft-pictures/'])
      expect((await handler(new Request(`app://shotput/${path}`))).status).toBe(404);
  });
});

// Serves the built renderer (out/renderer) on app://shotput/ with the CSP as a header (built for
// each response: it names the bundled sandbox's address once that is running).
// Anything outside the renderer folder, another host or a method other than GET is refused.
// Two kinds of path are not files but pictures main keeps (main/desktop), loaded by the page as they
// scroll into view: queue-thumbnails/<job id>, a job's in the Queue view, and
// draft-pictures/<draft id>/<kind>/<n>, a draft's source, card or exact result.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, relative, isAbsolute, sep } from 'node:path';
import type { Protocol } from 'electron';
import { appHost, appScheme, appSchemePrivileges, safeUrl } from './app-scheme';
import { contentSecurityPolicyFor } from './content-security-policy';
import type { DraftPictureKind } from '../desktop/draft-pictures';

/** The header's policy at the time of a response. */
export type PolicySource = () => string | Promise<string>;

const withoutSandbox: PolicySource = () => contentSecurityPolicyFor(undefined);

type Picture = { buffer: Uint8Array; type: string };

/** The pictures main serves; undefined when there is none at that address. */
export interface AppPictures {
  /** A job's in the queue, by its id. */
  job(jobId: string): Promise<Picture | undefined>;
  /** A draft's, at the address its view names. */
  draft(draftId: string, kind: DraftPictureKind, n: number): Promise<Picture | undefined>;
}

const QUEUE_THUMBNAIL = /^\/queue-thumbnails\/([0-9a-f-]{8,64})$/i;
const DRAFT_PICTURE = /^\/draft-pictures\/([0-9a-f-]{36})\/(source|result|final|strip-[0-9]{1,2})\/([1-9][0-9]{0,15})$/;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Must run before the app is ready: Electron fixes scheme privileges at start-up. */
export function registerAppSchemePrivileges(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([appSchemePrivileges]);
}

/**
 * The file under `rendererDir` that `url` names, or undefined when the URL is not ours or
 * would reach outside the folder (`..`, encoded separators, absolute paths, NUL bytes).
 */
export function resolveAppFile(rendererDir: string, url: string): string | undefined {
  const parsed = safeUrl(url);
  if (parsed === undefined || parsed.protocol !== `${appScheme}:` || parsed.host !== appHost) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const wanted = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = normalize(rendererDir);
  const file = normalize(join(root, wanted));
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return undefined;
  return file;
}

/** Builds the handler for protocol.handle; exported on its own so tests can call it directly. */
export function createAppProtocolHandler(
  rendererDir: string,
  policy: PolicySource = withoutSandbox,
  pictures?: AppPictures,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const csp = await policy();
    if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'Method not allowed', csp);
    const picture = pictures ? pictureAt(pictures, request.url) : undefined;
    if (picture !== undefined) {
      const found = await picture.catch(() => undefined);
      if (found === undefined) return textResponse(404, 'Not found', csp);
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(found.buffer), {
        status: 200,
        headers: { ...commonHeaders(csp), 'Content-Type': found.type },
      });
    }
    const file = resolveAppFile(rendererDir, request.url);
    if (file === undefined) return textResponse(404, 'Not found', csp);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return textResponse(404, 'Not found', csp);
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        ...commonHeaders(csp),
        'Content-Type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
      },
    });
  };
}

function commonHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
}

/** The picture a URL of ours names (undefined when it names none: a file, then), found or not. */
function pictureAt(pictures: AppPictures, url: string): Promise<Picture | undefined> | undefined {
  const parsed = safeUrl(url);
  if (parsed === undefined || parsed.protocol !== `${appScheme}:` || parsed.host !== appHost) return undefined;
  const job = QUEUE_THUMBNAIL.exec(parsed.pathname);
  if (job !== null) return pictures.job(job[1]!);
  const draft = DRAFT_PICTURE.exec(parsed.pathname);
  if (draft === null) return undefined;
  const kind = draft[2] as DraftPictureKind;
  return pictures.draft(draft[1]!, kind, Number(draft[3]));
}

export function handleAppProtocol(
  protocol: Pick<Protocol, 'handle'>,
  rendererDir: string,
  policy?: PolicySource,
  pictures?: AppPictures,
): void {
  protocol.handle(appScheme, createAppProtocolHandler(rendererDir, policy, pictures));
}

function textResponse(status: number, text: string, csp: string): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': csp },
  });
}

// Shared helpers for the sandbox's own tests: a real listening sandbox, tokens, images, multipart.
import sharp from 'sharp';
import { startSandbox } from '../../sandbox/index';
import type { Sandbox, SandboxOptions } from '../../sandbox/index';

export type { Sandbox };

export async function start(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ processingMs: 0, ...options });
}

export async function control<T = unknown>(sb: Sandbox, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sb.url}/_sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function token(
  sb: Sandbox,
  username: string,
  scopes: string[] = ['public'],
  clientId = 'shotput-desktop',
): Promise<string> {
  const r = await control<{ access_token: string }>(sb, 'tokens', { username, client_id: clientId, scopes });
  return r.access_token;
}

export async function clientToken(sb: Sandbox, clientId = 'shotput-desktop'): Promise<string> {
  const r = await control<{ access_token: string }>(sb, 'tokens', { client_id: clientId, client_flow: true });
  return r.access_token;
}

export interface Res<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

/** fetch against the API with a bearer token; bodies that are plain objects are sent as JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes are what the assertions check
export async function api<T = any>(
  sb: Sandbox,
  method: string,
  path: string,
  tok?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Res<T>> {
  const h: Record<string, string> = { ...headers };
  if (tok) h.authorization = `Bearer ${tok}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || typeof body === 'string') payload = body;
  else if (body !== undefined) {
    h['content-type'] ??= 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(path.startsWith('http') ? path : `${sb.api}${path}`, {
    method,
    headers: h,
    body: payload,
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: json as T };
}

const imageCache = new Map<string, Buffer>();

/** A real image made with sharp. */
export async function image(width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png'): Promise<Buffer> {
  const key = `${width}x${height}.${format}`;
  const hit = imageCache.get(key);
  if (hit) return hit;
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  const buf = await (format === 'png' ? base.png() : format === 'jpeg' ? base.jpeg() : base.gif()).toBuffer();
  imageCache.set(key, buf);
  return buf;
}

/** An animated GIF with `frames` frames. */
export async function animatedGif(width: number, height: number, frames = 3): Promise<Buffer> {
  const key = `anim-${width}x${height}-${frames}`;
  const hit = imageCache.get(key);
  if (hit) return hit;
  const raw = Buffer.alloc(width * height * frames * 3);
  for (let f = 0; f < frames; f++) {
    for (let i = 0; i < width * height; i++) {
      const o = (f * width * height + i) * 3;
      raw[o] = (f * 90) % 256;
      raw[o + 1] = 100;
      raw[o + 2] = 255 - ((f * 90) % 256);
    }
  }
  const buf = await sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } as never })
    .gif({ loop: 0, delay: Array(frames).fill(100) })
    .toBuffer();
  imageCache.set(key, buf);
  return buf;
}

export function shotForm(
  fields: Record<string, string | string[]>,
  img?: Buffer,
  filename = 'shot.png',
  type = 'image/png',
): FormData {
  const fd = new FormData();
  if (img) fd.append('image', new Blob([new Uint8Array(img)], { type }), filename);
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x);
  return fd;
}

/** POSTs a shot form (with a 400×300 PNG unless an image is given) and answers as the sandbox did. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes are what the assertions check
export async function postShot<T = any>(
  sb: Sandbox,
  tok: string,
  fields: Record<string, string | string[]>,
  img?: Buffer,
): Promise<Res<T>> {
  return api<T>(sb, 'POST', '/v2/shots', tok, shotForm(fields, img ?? (await image(400, 300))));
}

/** Creates a shot and returns its id once processing completed (processingMs is 0 in tests by default). */
export async function createShot(
  sb: Sandbox,
  tok: string,
  fields: Record<string, string | string[]> = { title: 'Test shot' },
  img?: Buffer,
): Promise<number> {
  const res = await postShot(sb, tok, fields, img);
  if (res.status !== 202) throw new Error(`create shot: ${res.status} ${res.text}`);
  const loc = res.headers.get('location') ?? '';
  return Number(loc.split('/').pop());
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

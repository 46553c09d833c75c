// Image handling with sharp: probing uploads by content, generating the shot sizes, generating the
// seed images (lazily, cached for the life of the process) and storing image files.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Sharp, SharpOptions } from 'sharp';

type SharpFn = (input?: Buffer | SharpOptions, options?: SharpOptions) => Sharp;
let sharpPromise: Promise<SharpFn> | undefined;

/** sharp is loaded on first use so that starting a sandbox stays fast. */
function loadSharp(): Promise<SharpFn> {
  sharpPromise ??= import('sharp').then((m) => (m.default ?? m) as unknown as SharpFn);
  return sharpPromise;
}

export type ImageFormat = 'gif' | 'jpeg' | 'png';
export const EXT: Record<ImageFormat, string> = { gif: 'gif', jpeg: 'jpg', png: 'png' };
const CONTENT_TYPES: Record<string, string> = { gif: 'image/gif', jpg: 'image/jpeg', png: 'image/png' };

export interface Probe {
  format: ImageFormat;
  width: number;
  height: number;
  animated: boolean;
  orientation: number;
}

/** Reads the header of an upload. Returns undefined when it is not a GIF, JPEG or PNG image. */
export async function probeImage(buf: Buffer): Promise<Probe | undefined> {
  if (buf.length === 0) return undefined;
  const sharp = await loadSharp();
  try {
    const meta = await sharp(buf).metadata();
    const format = meta.format;
    if (format !== 'gif' && format !== 'jpeg' && format !== 'png') return undefined;
    if (!meta.width || !meta.height) return undefined;
    const orientation = meta.orientation ?? 1;
    const rotated = orientation >= 5 && orientation <= 8;
    return {
      format,
      width: rotated ? meta.height : meta.width,
      height: rotated ? meta.width : meta.height,
      animated: format === 'gif' && (meta.pages ?? 1) > 1,
      orientation,
    };
  } catch {
    return undefined;
  }
}

export interface RenderedImage {
  data: Buffer;
  ext: string;
}

export interface RenderedShot {
  hidpi: RenderedImage | null;
  normal: RenderedImage;
  teaser: RenderedImage;
}

/**
 * Produces teaser (200x150), normal (400x300) and hidpi (800x600, or null for a 400x300 upload).
 * An animated GIF stays animated only in the largest image; the smaller ones are PNG stills.
 * Throws when the image cannot be decoded (for example a truncated file with a valid header).
 */
export async function renderShotImages(buf: Buffer, probe: Probe): Promise<RenderedShot> {
  const sharp = await loadSharp();
  const ext = EXT[probe.format];
  const encode = (s: Sharp, fmt: ImageFormat): Promise<Buffer> => {
    if (fmt === 'jpeg') return s.jpeg({ quality: 88 }).toBuffer();
    if (fmt === 'gif') return s.gif().toBuffer();
    return s.png().toBuffer();
  };
  // Stills of an animated GIF become PNG; otherwise every size keeps the upload's format.
  const stillFormat: ImageFormat = probe.animated ? 'png' : probe.format;
  const still = async (w: number, h: number): Promise<RenderedImage> => ({
    data: await encode(sharp(buf, { failOn: 'error' }).rotate().resize(w, h, { fit: 'fill' }), stillFormat),
    ext: EXT[stillFormat],
  });
  const largest = async (): Promise<RenderedImage> => {
    if (probe.animated) {
      // Decode every frame once to prove the file is whole, but keep the original bytes.
      await sharp(buf, { animated: true, failOn: 'error' }).raw().toBuffer();
      return { data: buf, ext: 'gif' };
    }
    return { data: await encode(sharp(buf, { failOn: 'error' }).rotate(), probe.format), ext };
  };
  if (probe.width === 800) {
    const [hidpi, normal, teaser] = await Promise.all([largest(), still(400, 300), still(200, 150)]);
    return { hidpi, normal, teaser };
  }
  const [normal, teaser] = await Promise.all([largest(), still(200, 150)]);
  return { hidpi: null, normal, teaser };
}

// ---- seed images ---------------------------------------------------------------------------

const seedCache = new Map<string, Promise<Buffer>>();
const SEED_SIZES: Record<string, [number, number]> = {
  hidpi: [800, 600],
  normal: [400, 300],
  teaser: [200, 150],
  avatar: [96, 96],
};

/** A deterministic gradient picture for a seed shot or avatar; cached in memory for the process. */
function seedImage(seedNumber: number, variant: string): Promise<Buffer> {
  const key = `${seedNumber}/${variant}`;
  let p = seedCache.get(key);
  if (!p) {
    const size = SEED_SIZES[variant] ?? [400, 300];
    p = loadSharp().then((sharp) => {
      const [w, h] = size;
      const raw = Buffer.alloc(w * h * 3);
      const hue = (seedNumber * 47) % 360;
      const [r1, g1, b1] = hsl(hue, 0.6, 0.55);
      const [r2, g2, b2] = hsl((hue + 60) % 360, 0.6, 0.35);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const f = (x / w + y / h) / 2;
          const stripe = Math.floor((x + y) / (w / 8)) % 2 === 0 ? 0 : 12;
          const i = (y * w + x) * 3;
          raw[i] = Math.min(255, r1 + (r2 - r1) * f + stripe);
          raw[i + 1] = Math.min(255, g1 + (g2 - g1) * f + stripe);
          raw[i + 2] = Math.min(255, b1 + (b2 - b1) * f + stripe);
        }
      }
      return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
        .png({ compressionLevel: 3 })
        .toBuffer();
    });
    p.catch(() => seedCache.delete(key));
    seedCache.set(key, p);
  }
  return p;
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

// ---- storage -------------------------------------------------------------------------------

// Uploaded shots' images sit under an unguessable folder (u/<id>/<random>/…); seeds have none.
const KEY = /^(seed|u)\/(\d{1,9})\/(?:([\w-]{16,64})\/)?(hidpi|normal|teaser)\.(png|jpg|gif)$/;
const AVATAR = /^avatars\/(\d{1,9})\.png$/;

/** Image files: in memory, or under <dataDir>/images when the sandbox persists. */
export class ImageStore {
  private readonly memory = new Map<string, Buffer>();

  constructor(private readonly dir: string | undefined) {}

  put(key: string, data: Buffer): void {
    if (this.dir) {
      const file = join(this.dir, key);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, data);
    } else {
      this.memory.set(key, data);
    }
  }

  removeShot(shotId: number): void {
    if (this.dir) rmSync(join(this.dir, 'u', String(shotId)), { recursive: true, force: true });
    for (const key of [...this.memory.keys()]) if (key.startsWith(`u/${shotId}/`)) this.memory.delete(key);
  }

  clear(): void {
    this.memory.clear();
    if (this.dir) rmSync(join(this.dir, 'u'), { recursive: true, force: true });
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | undefined> {
    const avatar = AVATAR.exec(key);
    if (avatar) return { data: await seedImage(Number(avatar[1]) * 13 + 5, 'avatar'), contentType: 'image/png' };
    const m = KEY.exec(key);
    if (!m) return undefined;
    const [, kind, id, secret, variant, ext] = m as unknown as [
      string,
      string,
      string,
      string | undefined,
      string,
      string,
    ];
    if (kind === 'seed' && secret !== undefined) return undefined;
    if (kind === 'seed') return { data: await seedImage(Number(id), variant), contentType: 'image/png' };
    let data = this.memory.get(key);
    if (!data && this.dir) {
      try {
        data = readFileSync(join(this.dir, key));
      } catch {
        return undefined;
      }
    }
    return data ? { data, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' } : undefined;
  }
}

// Real image files for the image tests, made with sharp in a temp dir removed after each file's tests.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Sharp } from 'sharp';

export interface Scratch {
  dir: string;
  file(name: string): string;
  write(name: string, data: Buffer | string): Promise<string>;
  cleanup(): Promise<void>;
}

export async function scratch(): Promise<Scratch> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shotput-images-'));
  return {
    dir,
    file: (name) => path.join(dir, name),
    async write(name, data) {
      const file = path.join(dir, name);
      await writeFile(file, data);
      return file;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A photo-like image: colour field plus grain, so JPEG sizes and quantisation are realistic. */
export function photo(width: number, height: number, background = '#6a8caf'): Sharp {
  return sharp({
    create: { width, height, channels: 3, background, noise: { type: 'gaussian', mean: 120, sigma: 30 } },
  });
}

/** A flat image split into coloured quadrants: left-top red, right-top green, left-bottom blue, right-bottom white. */
export function quadrants(width: number, height: number): Sharp {
  const w = Math.floor(width / 2);
  const h = Math.floor(height / 2);
  const block = (colour: string, cw: number, ch: number) => ({
    create: { width: cw, height: ch, channels: 3 as const, background: colour },
  });
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).composite([
    { input: block('#ff0000', w, h), left: 0, top: 0 },
    { input: block('#00ff00', width - w, h), left: w, top: 0 },
    { input: block('#0000ff', w, height - h), left: 0, top: h },
  ]);
}

/** An animated GIF whose frames differ (so none are merged): a bar moving across a flat field. */
export async function animatedGif(width: number, height: number, delays: number[], loop = 0): Promise<Buffer> {
  const frames = delays.length;
  const bar = Math.max(2, Math.floor(width / frames));
  const layers = delays.map((_, i) => ({
    input: { create: { width: bar, height, channels: 3 as const, background: '#ffcc00' } },
    left: i * bar,
    top: i * height,
  }));
  return sharp({ create: { width, height: height * frames, channels: 3, background: '#224466', pageHeight: height } })
    .composite(layers)
    .gif({ delay: delays, loop, effort: 1, keepDuplicateFrames: true })
    .toBuffer();
}

/** An animated WebP of a bar moving over a smooth gradient: thousands of colours, so a GIF palette needs dithering. */
export async function gradientAnimation(width: number, height: number, frames: number): Promise<Buffer> {
  const field = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#1d3f8a"/><stop offset="0.5" stop-color="#d9a441"/><stop offset="1" stop-color="#7a1f5c"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const bar = Math.max(2, Math.floor(width / frames));
  const layers = Array.from({ length: frames }, (_, i) => [
    { input: field, left: 0, top: i * height },
    {
      input: { create: { width: bar, height, channels: 3 as const, background: '#ffffff' } },
      left: i * bar,
      top: i * height,
    },
  ]).flat();
  return sharp({ create: { width, height: height * frames, channels: 3, background: '#000000', pageHeight: height } })
    .composite(layers)
    .webp({ lossless: true, effort: 0, delay: Array.from({ length: frames }, () => 100), loop: 0 })
    .toBuffer();
}

/** An animated WebP of independent noise frames: as incompressible as a GIF gets. */
export async function noiseAnimation(width: number, height: number, frames: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height: height * frames,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 70 },
      pageHeight: height,
    },
  })
    .webp({ quality: 100, effort: 0, delay: Array.from({ length: frames }, () => 100), loop: 0 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit greyscale PNG of width x height, all black: ~110 KB on disk for 30000x30000
 * (900 megapixels). Rows are streamed through deflate, 100 at a time (height: a multiple of 100), so little memory is needed.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * 100); // 100 rows: filter byte 0, black pixels
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < height; y += 100) {
    if (!deflate.write(rows)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The RGB of one pixel of an encoded image (first frame). */
export async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const data = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return [data[0]!, data[1]!, data[2]!];
}

/** Names the dominant primary of a pixel: 'red', 'green', 'blue', 'white', 'black' or 'other'. */
export function colourName([r, g, b]: [number, number, number]): string {
  const hi = (v: number) => v > 190;
  const lo = (v: number) => v < 70;
  if (hi(r) && lo(g) && lo(b)) return 'red';
  if (lo(r) && hi(g) && lo(b)) return 'green';
  if (lo(r) && lo(g) && hi(b)) return 'blue';
  if (hi(r) && hi(g) && hi(b)) return 'white';
  if (lo(r) && lo(g) && lo(b)) return 'black';
  if (hi(r) && lo(g) && hi(b)) return 'magenta';
  return 'other';
}

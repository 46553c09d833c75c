// Generates the benchmark corpus: the kinds of files designers drop, at realistic sizes.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Sharp } from 'sharp';

export interface CorpusFile {
  path: string;
  kind: 'photo-jpeg' | 'export-png' | 'webp' | 'screenshot' | 'animated-gif';
}

let grainCache: Buffer | undefined;

/** Film grain for the largest photo, made once: gaussian noise is the slowest thing to generate. */
async function grain(): Promise<Buffer> {
  grainCache ??= await sharp({
    create: {
      width: 6000,
      height: 4000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 14 },
    },
  })
    .raw()
    .toBuffer();
  return grainCache;
}

/** Smooth colour fields (a blurred, enlarged noise) plus fine grain: compresses like a photo. */
async function photoPixels(width: number, height: number, seed: number): Promise<Sharp> {
  const base = await sharp({
    create: {
      width: 48,
      height: 32,
      channels: 3,
      background: { r: 40 + ((seed * 37) % 160), g: 90, b: 140 },
      noise: { type: 'gaussian', mean: 128, sigma: 70 },
    },
  })
    .blur(2)
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const noise = await grain();
  const shift = (seed * 7919) % 1000;
  for (let i = 0; i < base.length; i++) {
    const value = base[i]! + noise[(i + shift) % noise.length]! - 128;
    base[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  return sharp(base, { raw: { width, height, channels: 3 } });
}

function exportSvg(width: number, height: number, seed: number): Buffer {
  const shapes = Array.from({ length: 24 }, (_, i) => {
    const x = ((seed * 131 + i * 97) % 100) / 100;
    const y = ((seed * 71 + i * 53) % 100) / 100;
    const hue = (seed * 40 + i * 15) % 360;
    return `<rect x="${x * width}" y="${y * height}" width="${width / 5}" height="${height / 6}" rx="40" fill="hsl(${hue},70%,55%)" opacity="0.85"/>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#f4f1ea"/><stop offset="1" stop-color="#c9d6e8"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>${shapes}<text x="120" y="${height - 160}" font-size="${height / 12}" font-family="sans-serif" fill="#222">Shot ${seed}</text></svg>`,
  );
}

/** An animation: a gradient field with a disc moving across it. */
async function animation(width: number, height: number, frames: number, seed: number): Promise<Buffer> {
  const field = await (await photoPixels(width, height, seed)).blur(3).raw().toBuffer();
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${height / 3}" height="${height / 3}"><circle cx="50%" cy="50%" r="48%" fill="#ffcc33"/></svg>`,
  );
  const size = Math.round(height / 3);
  const layers = Array.from({ length: frames }, (_, i) => [
    { input: field, raw: { width, height, channels: 3 as const }, left: 0, top: i * height },
    { input: disc, left: Math.round(((width - size) * i) / (frames - 1)), top: i * height + Math.round(height / 3) },
  ]).flat();
  return sharp({ create: { width, height: height * frames, channels: 3, background: '#000', pageHeight: height } })
    .composite(layers)
    .gif({ delay: Array.from({ length: frames }, () => 80), loop: 0, effort: 1, keepDuplicateFrames: true })
    .toBuffer();
}

/** Makes the corpus in dir; files already there (from an earlier run) are kept as they are. */
export async function generateCorpus(dir: string, log: (line: string) => void): Promise<CorpusFile[]> {
  await mkdir(dir, { recursive: true });
  const files: CorpusFile[] = [];
  const make = async (name: string, kind: CorpusFile['kind'], write: (file: string) => Promise<unknown>) => {
    const file = path.join(dir, name);
    files.push({ path: file, kind });
    if (!existsSync(file)) await write(file);
  };
  for (let i = 0; i < 12; i++) {
    // A third of the phone photos stand sideways by EXIF, as phones write them.
    await make(`photo-${i}.jpg`, 'photo-jpeg', async (file) => {
      const image = (await photoPixels(6000, 4000, i)).jpeg({ quality: 90 });
      return (i % 3 === 0 ? image.withMetadata({ orientation: 6 }) : image).toFile(file);
    });
  }
  log('  12 JPEG photos 6000x4000');
  for (let i = 0; i < 12; i++)
    await make(`export-${i}.png`, 'export-png', (file) =>
      sharp(exportSvg(3200, 2400, i))
        .png()
        .toFile(file),
    );
  log('  12 PNG exports 3200x2400');
  for (let i = 0; i < 12; i++) {
    const [w, h] = i % 2 === 0 ? [2400, 1600] : [1200, 900];
    await make(`web-${i}.webp`, 'webp', async (file) =>
      (await photoPixels(w, h, 50 + i)).webp({ quality: 82 }).toFile(file),
    );
  }
  log('  12 WebP 2400x1600 and 1200x900');
  const screens = [
    [640, 400],
    [1280, 800],
    [390, 844],
    [1024, 768],
  ] as const;
  for (let i = 0; i < 24; i++) {
    const [w, h] = screens[i % screens.length]!;
    await make(`screen-${i}.png`, 'screenshot', (file) =>
      sharp(exportSvg(w, h, 100 + i))
        .png()
        .toFile(file),
    );
  }
  log('  24 PNG screenshots');
  // Screen recordings as designers export them: larger than the shot, so every tool scales them down.
  for (let i = 0; i < 8; i++) {
    await make(`anim-${i}.gif`, 'animated-gif', async (file) =>
      sharp(await animation(1200, 900, 24, 200 + i), { animated: true }).toFile(file),
    );
  }
  log('  8 animated GIFs 1200x900, 24 frames');
  return files;
}

// Which inputs are motion, and the decoder for each: animated GIF and WebP through sharp (as
// before, no ffmpeg needed), videos, APNG and animated AVIF through ffmpeg. Stills answer
// undefined and go through the still pipeline untouched.
import { randomUUID } from 'node:crypto';
import { open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ImageError } from '../image-error';
import { configureSharp } from '../sharp-setup';
import type { ImageSource } from '../sharp-setup';
import { FFMPEG_MISSING, findFfmpeg, openFfmpeg } from './ffmpeg';
import { openLottie } from './lottie';
import { isDotLottie, isLottieJson } from './lottie-sniff';
import { pagedSource } from './sharp-frames';
import type { MotionFrame, MotionInfo, MotionSource } from './source';

export type MotionKind = 'gif' | 'webp' | 'apng' | 'avif-sequence' | 'video' | 'lottie';

const STILL_HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'avif'];

/** Reads up to `bytes` from the start of the source. */
async function head(source: ImageSource, bytes: number): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source.subarray(0, bytes);
  const handle = await open(source, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** True when a PNG's chunks before its image data include acTL (animation control): an APNG. */
export function isApng(png: Buffer): boolean {
  let at = 8;
  while (at + 8 <= png.length) {
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'acTL') return true;
    if (type === 'IDAT') return false;
    at += 12 + png.readUInt32BE(at);
  }
  return false;
}

/** Names what the first bytes say, for the kinds that can move; undefined for everything else. */
export function motionKind(start: Buffer): MotionKind | 'maybe-gif' | 'maybe-webp' | undefined {
  const ascii = start.subarray(0, 16).toString('latin1');
  if (ascii.startsWith('GIF8')) return 'maybe-gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'maybe-webp';
  if (ascii.startsWith('\x89PNG')) return isApng(start) ? 'apng' : undefined;
  if (start.length >= 4 && start.readUInt32BE(0) === 0x1a45dfa3) return 'video';
  if (isLottieJson(start) || isDotLottie(start)) return 'lottie';
  if (ascii.slice(4, 8) === 'ftyp') {
    const brand = ascii.slice(8, 12);
    if (brand === 'avis') return 'avif-sequence';
    if (STILL_HEIF_BRANDS.includes(brand)) return undefined;
    return 'video';
  }
  return undefined;
}

function containerName(start: Buffer): string {
  // By the EBML header's DocType, not the name: a draft's clip is read from a copy named by its hash.
  if (start.readUInt32BE(0) === 0x1a45dfa3)
    return start.toString('latin1', 0, 64).includes('matroska') ? 'MKV' : 'WebM';
  const brand = start.toString('latin1', 8, 12);
  if (brand === 'qt  ') return 'MOV';
  return 'MP4';
}

/**
 * Opens a motion input, or answers undefined for a still (including a one-frame GIF). Bytes in
 * memory that need ffmpeg are written to a private temporary file first, removed by `close`.
 */
export async function openMotion(
  source: ImageSource,
  animate = true,
): Promise<{ source: MotionSource; close: () => Promise<void> } | undefined> {
  configureSharp();
  const start = await head(source, 64 * 1024);
  const kind = motionKind(start);
  if (!kind) return undefined;
  if (!animate) {
    // A still format was asked for: GIF, WebP and APNG give their first frame; a video or a Lottie cannot.
    if (kind === 'lottie')
      throw new ImageError('invalid-options', 'A Lottie becomes an animated GIF: choose the format auto or gif.');
    if (kind === 'video' || kind === 'avif-sequence')
      throw new ImageError('invalid-options', 'A video becomes an animated GIF: choose the format auto or gif.');
    return undefined;
  }
  if (kind === 'maybe-gif' || kind === 'maybe-webp') {
    const meta = await sharp(source, { animated: true, limitInputPixels: false }).metadata();
    const pages = meta.pages ?? 1;
    if (pages < 2) return undefined;
    const paged = pagedSource(source, {
      label: kind === 'maybe-gif' ? 'GIF' : 'WebP',
      width: meta.width,
      height: meta.pageHeight ?? meta.height,
      pages,
      delays: meta.delay ?? [],
      loop: meta.loop ?? 0,
      hasAlpha: meta.hasAlpha,
    });
    return { source: paged, close: async () => {} };
  }
  if (kind === 'lottie') return openLottie(source);
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new ImageError('unsupported-format', FFMPEG_MISSING);
  let file = typeof source === 'string' ? source : '';
  let close = async () => {};
  if (Buffer.isBuffer(source)) {
    file = path.join(os.tmpdir(), `shotput-motion-${randomUUID()}`);
    await writeFile(file, source, { mode: 0o600 });
    close = () => rm(file, { force: true });
  }
  const container = kind === 'apng' ? 'APNG' : kind === 'avif-sequence' ? 'AVIF' : containerName(start);
  try {
    return { source: await openFfmpeg(file, container, ffmpeg), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Whether ffmpeg decodes this file (a video, an APNG, an animated AVIF), reading it from its path. */
export async function decodedByFfmpeg(file: string): Promise<boolean> {
  const kind = motionKind(await head(file, 4096));
  return kind === 'video' || kind === 'apng' || kind === 'avif-sequence';
}

/** For probe(): what a file sharp does not read (video, APNG, animated AVIF, Lottie) is; undefined for the rest. */
export async function probeMotion(
  source: ImageSource,
): Promise<{ kind: 'apng' | 'video' | 'lottie'; info: MotionInfo } | undefined> {
  const kind = motionKind(await head(source, 64 * 1024));
  if (kind !== 'video' && kind !== 'apng' && kind !== 'avif-sequence' && kind !== 'lottie') return undefined;
  const opened = (await openMotion(source))!;
  await opened.close();
  return { kind: kind === 'apng' || kind === 'lottie' ? kind : 'video', info: opened.source.info };
}

/** The first frame of a motion input as RGBA, for previews; undefined for a still. */
export async function firstMotionFrame(source: ImageSource): Promise<MotionFrame | undefined> {
  const opened = await openMotion(source);
  if (!opened) return undefined;
  try {
    for await (const frame of opened.source.frames()) return frame;
    return undefined;
  } finally {
    await opened.close();
  }
}

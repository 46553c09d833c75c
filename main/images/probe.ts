// probe(): what an input file is, read from its header only (fast, no pixel decoding).
import { open, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { ImageError, sniffFormat, toImageError, tooLargeFileError } from './image-error';
import { MAX_INPUT_BYTES, MAX_INPUT_PIXELS } from './limits';
import { probeMotion } from './motion/open';
import { shownDelay } from './motion/retime';
import { configureSharp } from './sharp-setup';
import type { ImageSource } from './sharp-setup';
import { loadSource, refuseUncleanedSvg } from './svg-source';

/** Input formats we read. AVIF is sharp's 'heif' with AV1 compression; HEIC (HEVC) is not decodable here. */
export type InputFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'tiff' | 'svg' | 'apng' | 'video' | 'lottie';

export interface ImageInfo {
  format: InputFormat;
  /** Width of one frame after EXIF orientation. */
  width: number;
  /** Height of one frame after EXIF orientation. */
  height: number;
  /** True for GIF or WebP with more than one frame, APNG, animated AVIF and videos. */
  animated: boolean;
  /** Frames (animations) or pages (multi-page TIFF); 1 for a still image. */
  pages: number;
  /** Per-frame delays in milliseconds, for animations. */
  delays?: number[];
  /** Length of an animation or video in milliseconds as it plays (GIF delays of 0 or 10 ms shown as 100 ms), when known. */
  durationMs?: number;
  /** Times an animation plays; 0 means forever. */
  loop?: number;
  /** libvips colour interpretation, e.g. 'srgb', 'cmyk', 'b-w', 'rgb16'. */
  space: string;
  hasAlpha: boolean;
  /** Embedded ICC profile present (colours get converted to sRGB through it). */
  hasProfile: boolean;
  /** EXIF orientation tag (1..8), when present. */
  orientation?: number;
  /** Size of the input in bytes. */
  bytes: number;
}

const READABLE: Record<string, InputFormat | undefined> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  tiff: 'tiff',
  svg: 'svg',
};

async function readHead(source: ImageSource): Promise<{ head: Buffer; bytes: number }> {
  if (Buffer.isBuffer(source)) return { head: source.subarray(0, 32), bytes: source.length };
  const info = await stat(source);
  if (!info.isFile()) throw new ImageError('not-found', 'The path is not a regular file.');
  if (info.size === 0) return { head: Buffer.alloc(0), bytes: 0 };
  const handle = await open(source, 'r');
  try {
    const head = Buffer.alloc(32);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return { head: head.subarray(0, bytesRead), bytes: info.size };
  } finally {
    await handle.close();
  }
}

function megapixels(pixels: number): string {
  return `${Math.round(pixels / 1e6)} megapixels`;
}

export async function probe(given: ImageSource): Promise<ImageInfo> {
  configureSharp();
  try {
    const { source } = await loadSource(given);
    const { head, bytes } = await readHead(source);
    if (bytes === 0) throw new ImageError('empty', 'The file is empty (0 bytes).');
    if (bytes > MAX_INPUT_BYTES) throw tooLargeFileError(bytes, MAX_INPUT_BYTES);
    const motion = await probeMotion(source);
    if (motion) {
      const { info } = motion;
      return {
        format: motion.kind,
        width: info.width,
        height: info.height,
        animated: true,
        pages: info.frames ?? Math.max(1, Math.round((info.durationMs * info.fps) / 1000)),
        loop: info.loop,
        ...(info.durationMs > 0 ? { durationMs: info.durationMs } : {}),
        space: 'srgb',
        hasAlpha: info.hasAlpha,
        hasProfile: false,
        bytes,
      };
    }
    // A `.json` given on its own that is no Lottie: most often a sidecar, read with its image instead.
    if (
      /^\s*\{/.test(
        head
          .subarray(0, 256)
          .toString('utf8')
          .replace(/^\uFEFF/, ''),
      )
    )
      throw new ImageError(
        'not-an-image',
        'The file is JSON but not a Lottie animation; a sidecar (name.json) is read with its image only in a watched folder.',
      );
    const sniffed = sniffFormat(head);
    // The header is read with no pixel limit so a bomb can be named with its size; nothing is decoded here.
    const meta = await sharp(source, { limitInputPixels: false, animated: true })
      .metadata()
      .catch((error: unknown) => {
        if (sniffed && sniffed !== 'AVIF')
          throw new ImageError(
            'unsupported-format',
            `${sniffed} files are not supported; export the image as PNG, JPEG or GIF.`,
          );
        throw toImageError(error);
      });
    refuseUncleanedSvg(source, meta.format);
    let format = READABLE[meta.format];
    if (meta.format === 'heif') {
      if (meta.compression !== 'av1')
        throw new ImageError('unsupported-format', 'HEIC photos are not supported; export the image as JPEG or PNG.');
      format = 'avif';
    }
    if (!format)
      throw new ImageError(
        'unsupported-format',
        `${sniffed ?? meta.format.toUpperCase()} images are not supported; export the image as PNG, JPEG or GIF.`,
      );
    const pages = meta.pages ?? 1;
    const frameHeight = meta.pageHeight ?? meta.height;
    // The bomb limit is per frame: animations stream a few frames at a time, whatever their length.
    const framePixels = meta.width * frameHeight;
    if (framePixels > MAX_INPUT_PIXELS) {
      throw new ImageError(
        'too-many-pixels',
        `The image is ${meta.width}x${frameHeight} (${megapixels(framePixels)}); the limit is ${megapixels(MAX_INPUT_PIXELS)}.`,
      );
    }
    const animated = pages > 1 && (format === 'gif' || format === 'webp');
    // Orientations 5..8 swap the axes; autoOrient reports the result for stills, not for frames.
    const swapped = (meta.orientation ?? 1) >= 5;
    const info: ImageInfo = {
      format,
      width: swapped ? frameHeight : meta.width,
      height: swapped ? meta.width : frameHeight,
      animated,
      pages,
      space: meta.space,
      hasAlpha: meta.hasAlpha,
      hasProfile: meta.hasProfile,
      bytes,
    };
    if (animated && meta.delay) {
      info.delays = meta.delay;
      info.durationMs = Array.from({ length: pages }, (_, i) => shownDelay(meta.delay![i] ?? 100)).reduce(
        (a, b) => a + b,
        0,
      );
    }
    if (animated && meta.loop !== undefined) info.loop = meta.loop;
    if (meta.orientation !== undefined) info.orientation = meta.orientation;
    return info;
  } catch (error) {
    throw toImageError(error);
  }
}

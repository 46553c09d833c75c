// Every failure of the image pipeline is an ImageError: a stable code for programs and a
// sentence for people. Nothing else escapes probe(), preview() or prepare().
import { INPUT_LABELS } from '../../common/input-types';
import type { ImageErrorCode, Problem } from '../../common/problem';

export type { ImageErrorCode } from '../../common/problem';

export class ImageError extends Error {
  override name = 'ImageError';
  constructor(
    readonly code: ImageErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** As a value: the Problem every failure is, its code `image-<code>`. */
  toProblem(): Problem {
    return { code: `image-${this.code}`, message: this.message };
  }
}

/** A file larger than Shotput agrees to read (MAX_INPUT_BYTES), whatever reads it. */
export function tooLargeFileError(bytes: number, limit: number): ImageError {
  return new ImageError(
    'too-large-file',
    `The file is ${Math.round(bytes / 1048576)} MB; files over ${limit / 1048576} MB are not read.`,
  );
}

/** Names a format from its first bytes, so a refusal can say what the file really is. */
export function sniffFormat(head: Buffer): string | undefined {
  const ascii = head.subarray(0, 16).toString('latin1');
  if (ascii.startsWith('%PDF')) return 'PDF';
  if (ascii.startsWith('8BPS')) return 'Photoshop (PSD)';
  if (ascii.startsWith('BM')) return 'BMP';
  if (ascii.slice(4, 8) === 'ftyp') {
    const brand = ascii.slice(8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'HEIC';
    if (brand.startsWith('avi')) return 'AVIF';
    // Any other brand is a video, which the motion path reads before a format is ever named.
  }
  if (ascii.startsWith('\x00\x00\x01\x00')) return 'ICO';
  if (ascii.startsWith('\xff\x0a') || ascii.slice(4, 12) === 'JXL \r\n\x87\n') return 'JPEG XL';
  return undefined;
}

/** Turns whatever sharp or the file system threw into an ImageError with a human sentence. */
export function toImageError(error: unknown): ImageError {
  if (error instanceof ImageError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR')
    return new ImageError('not-found', 'The file does not exist or is not a regular file.');
  if (code === 'EACCES' || code === 'EPERM')
    return new ImageError('not-found', 'The file cannot be read: permission denied.');
  const text = error instanceof Error ? error.message : String(error);
  const first = text.split('\n')[0] ?? text;
  if (/^timeout/i.test(first))
    return new ImageError(
      'timed-out',
      'Preparing this image took too long and was stopped; try a smaller or shorter file.',
    );
  if (/pixel limit/i.test(text))
    return new ImageError('too-many-pixels', 'The image has too many pixels to process safely.');
  if (/empty/i.test(first)) return new ImageError('empty', 'The file is empty (0 bytes).');
  if (/unsupported image format/i.test(text))
    return new ImageError('not-an-image', `The file is not an image Shotput can read (${INPUT_LABELS}).`);
  if (
    /premature end|truncated|read error|corrupt|invalid|bad|unexpected end|not enough|out of order|unable to/i.test(
      text,
    )
  ) {
    return new ImageError('corrupt', 'The image is damaged or incomplete (the file may be truncated).');
  }
  return new ImageError('corrupt', `The image could not be decoded: ${first}`);
}

/**
 * Any failure met preparing an image, as the one Problem it is (`image-<code>` and its sentence):
 * the words of a draft's error, a job's failure and the CLI's problem line all come from here.
 */
export function imageProblem(error: unknown): Problem {
  return toImageError(error).toProblem();
}

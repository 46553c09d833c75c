// The last gate: an output must be exactly what the service accepts. Right after encoding it is
// checked from what the encoder reports and from its header bytes (no decode); bytes from elsewhere
// (a file about to be sent) are re-read with sharp's header parser.
import sharp from 'sharp';
import type { OutputInfo } from 'sharp';
import { ImageError } from './image-error';
import { MAX_SHOT_BYTES } from '../../common/service-rules';
import type { Size } from './limits';
import type { OutputFormat } from './options';
import { readOutputHeader } from './output-header';
import type { MetadataBlock } from './output-header';

export interface VerifiedOutput {
  format: OutputFormat;
  width: number;
  height: number;
  pages: number;
  bytes: number;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.ceil(bytes / 1000)} KB`;
}

export interface ExpectedOutput {
  format: OutputFormat;
  size: Size;
  pages: number;
  maxBytes?: number;
}

function checkBytes(bytes: number, maxBytes: number | undefined): void {
  const limit = Math.min(maxBytes ?? MAX_SHOT_BYTES, MAX_SHOT_BYTES);
  if (bytes > limit)
    throw new ImageError(
      'too-large-output',
      `The prepared image is ${formatBytes(bytes)}, over the ${formatBytes(limit)} limit.`,
    );
}

function wrong(problems: string[]): void {
  if (problems.length > 0)
    throw new ImageError('output-check-failed', `The prepared image is wrong (${problems.join(', ')}).`);
}

const METADATA_NAMES: Record<MetadataBlock, string> = { exif: 'EXIF', xmp: 'XMP', icc: 'an ICC profile' };

/**
 * The check made right after encoding, from the encoder's report and the header bytes: format
 * (both), pixel size (both), frame count (encoder), colour (sRGB: three colour channels and no
 * embedded profile), metadata gone unless kept (header), bytes within the limit. The orientation
 * was applied before encoding and its tag goes with the EXIF; the size check catches a turned image.
 */
export function checkEncoded(
  buffer: Buffer,
  info: OutputInfo,
  expected: ExpectedOutput & { keptMetadata: boolean },
): VerifiedOutput {
  const header = readOutputHeader(buffer);
  if (!header)
    throw new ImageError('output-check-failed', 'The prepared image has no readable PNG, JPEG or GIF header.');
  const { width, height } = expected.size;
  const frameHeight = info.pageHeight ?? info.height;
  const pages = info.pages ?? 1;
  const problems: string[] = [];
  if (header.format !== expected.format || info.format !== expected.format)
    problems.push(`format ${header.format} instead of ${expected.format}`);
  if (header.width !== width || header.height !== height)
    problems.push(`size ${header.width}x${header.height} instead of ${width}x${height}`);
  else if (info.width !== width || frameHeight !== height)
    problems.push(`frames of ${info.width}x${frameHeight} instead of ${width}x${height}`);
  if (pages !== expected.pages) problems.push(`${pages} frames instead of ${expected.pages}`);
  if (info.channels < 3) problems.push('grey instead of sRGB colour');
  for (const block of header.metadata) {
    if (block === 'icc' || !expected.keptMetadata) problems.push(`it carries ${METADATA_NAMES[block]}`);
  }
  wrong(problems);
  checkBytes(buffer.length, expected.maxBytes);
  return { format: expected.format, width, height, pages, bytes: buffer.length };
}

/** Throws 'output-check-failed' when format, size or frame count is wrong; 'too-large-output' when over the limit. */
export async function verifyOutput(buffer: Buffer, expected: ExpectedOutput): Promise<VerifiedOutput> {
  const meta = await sharp(buffer, { animated: true })
    .metadata()
    .catch(() => {
      throw new ImageError('output-check-failed', 'The prepared image could not be read back.');
    });
  const height = meta.pageHeight ?? meta.height;
  const pages = meta.pages ?? 1;
  const problems: string[] = [];
  if (meta.format !== expected.format) problems.push(`format ${meta.format} instead of ${expected.format}`);
  if (meta.width !== expected.size.width || height !== expected.size.height)
    problems.push(`size ${meta.width}x${height} instead of ${expected.size.width}x${expected.size.height}`);
  if (pages !== expected.pages) problems.push(`${pages} frames instead of ${expected.pages}`);
  wrong(problems);
  checkBytes(buffer.length, expected.maxBytes);
  return { format: expected.format, width: meta.width, height, pages, bytes: buffer.length };
}

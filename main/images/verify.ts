// The last gate: an output is re-read from its bytes and must be exactly what the service accepts.
import sharp from 'sharp';
import { ImageError } from './image-error';
import { MAX_SHOT_BYTES } from '../../common/service-rules';
import type { Size } from './limits';
import type { OutputFormat } from './options';

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

/** Throws 'output-check-failed' when format, size or frame count is wrong; 'too-large-output' when over the limit. */
export async function verifyOutput(buffer: Buffer, expected: { format: OutputFormat; size: Size; pages: number; maxBytes?: number }): Promise<VerifiedOutput> {
  const meta = await sharp(buffer, { animated: true }).metadata().catch(() => {
    throw new ImageError('output-check-failed', 'The prepared image could not be read back.');
  });
  const height = meta.pageHeight ?? meta.height;
  const pages = meta.pages ?? 1;
  const problems: string[] = [];
  if (meta.format !== expected.format) problems.push(`format ${meta.format} instead of ${expected.format}`);
  if (meta.width !== expected.size.width || height !== expected.size.height) problems.push(`size ${meta.width}x${height} instead of ${expected.size.width}x${expected.size.height}`);
  if (pages !== expected.pages) problems.push(`${pages} frames instead of ${expected.pages}`);
  if (problems.length > 0) throw new ImageError('output-check-failed', `The prepared image is wrong (${problems.join(', ')}).`);
  const limit = Math.min(expected.maxBytes ?? MAX_SHOT_BYTES, MAX_SHOT_BYTES);
  if (buffer.length > limit) {
    throw new ImageError('too-large-output', `The prepared image is ${formatBytes(buffer.length)}, over the ${formatBytes(limit)} limit.`);
  }
  return { format: expected.format, width: meta.width, height, pages, bytes: buffer.length };
}

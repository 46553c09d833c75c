// Small images the renderer can show at once: a thumbnail of the input, and data URLs of results.
import sharp from 'sharp';
import { toImageError } from './image-error';
import { probe } from './probe';
import type { ImageSource } from './sharp-setup';
import { firstMotionFrame } from './motion/open';
import { openImage } from './sharp-setup';
import { loadSource } from './svg-source';

export interface Preview {
  buffer: Buffer;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
  /** `data:image/...;base64,...`, ready for an <img src>. */
  dataUrl: string;
}

export function toDataUrl(buffer: Buffer, format: 'jpeg' | 'png' | 'gif'): string {
  return `data:image/${format};base64,${buffer.toString('base64')}`;
}

/**
 * A thumbnail no larger than maxSize on its longer side (default 320), oriented, first frame only.
 * PNG when the image has transparency (so the UI can show a checkerboard), JPEG otherwise.
 * Decoding is limited like prepare(), so a bad file fails here with the same ImageError.
 */
export async function preview(given: ImageSource, options: { maxSize?: number } = {}): Promise<Preview> {
  const maxSize = Math.max(16, Math.min(options.maxSize ?? 320, 2048));
  try {
    const { source } = await loadSource(given);
    const info = await probe(source);
    // A video or a Lottie: its first frame, decoded like every frame (sharp reads APNG as a still, too).
    const frame = info.format === 'video' || info.format === 'lottie' ? await firstMotionFrame(source) : undefined;
    const image = (
      frame
        ? sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 4 } })
        : openImage(source, { pages: 1 })
    )
      .resize(maxSize, maxSize, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    const format = info.hasAlpha ? 'png' : 'jpeg';
    const encoded = format === 'png' ? image.png({ compressionLevel: 3 }) : image.jpeg({ quality: 75 });
    const { data, info: out } = await encoded.toBuffer({ resolveWithObject: true });
    return { buffer: data, format, width: out.width, height: out.height, dataUrl: toDataUrl(data, format) };
  } catch (error) {
    throw toImageError(error);
  }
}

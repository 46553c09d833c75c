// What each tool's outputs are worth: how many have exactly the size asked for, and for animations
// how close the middle frame is to the source's middle frame resized the same way (PSNR).
import path from 'node:path';
import sharp from 'sharp';
import type { Job } from './image-tools';
import { outputName } from './image-tools';

export interface Quality {
  /** Outputs with exactly the size asked for (every frame). */
  exact: number;
  /** Animations: mean PSNR (dB) of the middle frame against the reference, full size. */
  psnr?: number;
  /**
   * The same at half size (both frames halved with a linear filter): dithering trades a little
   * full-size PSNR for smoother gradients, and at half size its dots average out as the eye does.
   */
  psnrHalf?: number;
}

function psnr(a: Buffer, b: Buffer): number {
  let squares = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    squares += d * d;
  }
  return squares === 0 ? 99 : 10 * Math.log10((255 * 255 * a.length) / squares);
}

async function half(rgb: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(Math.round(width / 2), Math.round(height / 2), { kernel: 'linear' })
    .raw()
    .toBuffer();
}

/**
 * The reference: the source's middle frame, cover-resized to the output size in full colour with
 * libvips' Lanczos-3 (no palette, no dithering), the best any tool could hand over at that size.
 */
async function middleFrames(job: Job, output: string): Promise<{ reference: Buffer; got: Buffer } | undefined> {
  const meta = await sharp(job.file.path, { animated: true }).metadata();
  const page = Math.floor((meta.pages ?? 1) / 2);
  const reference = await sharp(job.file.path, { page })
    .resize(job.width, job.height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const got = await sharp(output, { page })
    .removeAlpha()
    .raw()
    .toBuffer()
    .catch(() => undefined);
  return got && got.length === reference.length ? { reference, got } : undefined;
}

export async function outputQuality(dir: string, jobs: Job[]): Promise<Quality> {
  let exact = 0;
  const full: number[] = [];
  const halves: number[] = [];
  for (const job of jobs) {
    const output = path.join(dir, outputName(job));
    const meta = await sharp(output, { animated: true })
      .metadata()
      .catch(() => undefined);
    if (meta && meta.width === job.width && (meta.pageHeight ?? meta.height) === job.height) exact++;
    if (job.ext !== 'gif' || !meta) continue;
    const frames = await middleFrames(job, output);
    if (!frames) continue;
    full.push(psnr(frames.reference, frames.got));
    halves.push(
      psnr(await half(frames.reference, job.width, job.height), await half(frames.got, job.width, job.height)),
    );
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  return full.length > 0 ? { exact, psnr: mean(full), psnrHalf: mean(halves) } : { exact };
}

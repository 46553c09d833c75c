// Small clips made by ffmpeg (from its lavfi test sources) for the motion tests: real MP4, WebM,
// MOV and APNG files, a few hundred KB each, written to the test's scratch dir.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A flat field with a square moving across it: cheap to encode, every frame different. */
export function movingSquare(size: string, rate: number, seconds: number): string[] {
  const field = `color=c=0x224466:s=${size}:r=${rate}:d=${seconds}[field]`;
  const square = `color=c=0xffcc00:s=80x80:r=${rate}[square]`;
  return ['-f', 'lavfi', '-i', `${field};${square};[field][square]overlay=x=t*200:y=40:shortest=1`];
}

/** ffmpeg's busy test pattern (moving gradients, noise-like detail): large as a GIF. */
export function busyPattern(size: string, rate: number, seconds: number): string[] {
  return ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`];
}

/** Runs ffmpeg with the given input and output arguments, writing `file`. */
export async function ffmpegClip(file: string, input: string[], output: string[]): Promise<string> {
  await run('ffmpeg', ['-v', 'error', '-y', ...input, ...output, file]);
  return file;
}

export const H264 = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'ultrafast'];
export const VP9 = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '500k'];
export const APNG = ['-f', 'apng', '-plays', '0'];

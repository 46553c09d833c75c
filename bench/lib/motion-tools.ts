// The three ways bench:motion turns a clip into a GIF that fits 8 MB, each searching down from its
// best until it fits, as a designer would: shotput prepare (its own fitter), ffmpeg's two-pass
// palettegen/paletteuse recipe (frame rate, then 400x300), and gifski (quality 90 down in tens,
// then 400x300). gifski is AGPL: it is never a dependency of Shotput; the bench runs a binary
// found through GIFSKI, on PATH, or left by `npm install --no-save gifski` (node_modules/gifski).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { measure } from './measure';
import type { MotionClip } from './motion-corpus';

const run = promisify(execFile);
const LIMIT = 8 * 1024 * 1024;

export interface MotionResult {
  tool: string;
  clip: string;
  file?: string;
  width: number;
  height: number;
  bytes: number;
  fps: number;
  seconds: number;
  peakRssMb: number;
  ssim?: number;
  psnr?: number;
  note?: string;
}

/** Frame rate and size of a clip as ffprobe reads them. */
export async function clipRate(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=avg_frame_rate,r_frame_rate',
    '-of',
    'csv=p=0',
    file,
  ]);
  const rates = stdout
    .trim()
    .split(/[\n,]/)
    .map((r) => {
      const [a, b] = r.split('/').map(Number);
      return b ? a! / b : Number(a);
    });
  return rates.find((r) => Number.isFinite(r) && r > 0 && r < 1000) ?? 25;
}

async function gifFacts(file: string): Promise<{ width: number; height: number; bytes: number; fps: number }> {
  const meta = await sharp(file, { animated: true }).metadata();
  const total = (meta.delay ?? []).reduce((a, b) => a + b, 0);
  return {
    width: meta.width,
    height: meta.pageHeight ?? meta.height,
    bytes: (await stat(file)).size,
    fps: total ? ((meta.pages ?? 1) * 1000) / total : 0,
  };
}

export async function runShotputMotion(root: string, clip: MotionClip, out: string): Promise<MotionResult> {
  const args = [path.join(root, 'bin/shotput.js'), '--json', 'prepare', clip.file, '--out', out, '--overwrite'];
  const measured = await measure(process.execPath, args, root);
  const line = JSON.parse(measured.stdout.trim().split('\n')[0] ?? '{}') as { output?: string; message?: string };
  const base = { tool: 'shotput', clip: clip.name, seconds: measured.seconds, peakRssMb: measured.peakRssMb };
  if (!line.output) return { ...base, width: 0, height: 0, bytes: 0, fps: 0, note: line.message ?? measured.stderr };
  return { ...base, file: line.output, ...(await gifFacts(line.output)) };
}

/**
 * Scaled to cover w x h, centred. The frames are made RGBA at their own size first: scaling a
 * YUV 4:2:0 frame straight to RGB makes ffmpeg interpolate its colour planes coarsely. On the
 * busy clip's first frame, that one-step path lands 30.5 dB from the RGB picture the clip was
 * encoded from (scaled the same way), the two steps 43.1 dB. Every reference and the anchors'
 * own frames go through this path, so none of them is scored against a blurred reference.
 */
const cover = (w: number, h: number) =>
  `format=rgba,scale=${w}:${h}:force_original_aspect_ratio=increase:flags=lanczos,crop=${w}:${h}`;

export async function runFfmpegPalette(clip: MotionClip, out: string): Promise<MotionResult> {
  const own = Math.min(50, await clipRate(clip.reference));
  const file = path.join(out, `${clip.name}.gif`);
  const tries = [
    [800, own],
    [800, 25],
    [800, 15],
    [800, 10],
    [400, own],
    [400, 10],
  ] as const;
  let seconds = 0;
  let peak = 0;
  for (const [width, fps] of tries.filter(([, f]) => f <= own)) {
    const height = (width * 3) / 4;
    const graph = `fps=${fps},${cover(width, height)},split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle`;
    const measured = await measure('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      clip.reference,
      '-lavfi',
      graph,
      '-loop',
      '0',
      file,
    ]);
    seconds += measured.seconds;
    peak = Math.max(peak, measured.peakRssMb);
    if ((await stat(file)).size <= LIMIT) break;
  }
  return { tool: 'ffmpeg palette', clip: clip.name, file, seconds, peakRssMb: peak, ...(await gifFacts(file)) };
}

export function findGifski(root: string): string | undefined {
  if (process.env.GIFSKI) return process.env.GIFSKI;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (existsSync(path.join(dir, 'gifski'))) return path.join(dir, 'gifski');
  }
  const os = process.platform === 'darwin' ? 'macos' : process.platform === 'win32' ? 'windows' : 'debian';
  const kept = path.join(
    root,
    'node_modules',
    'gifski',
    'bin',
    os,
    process.platform === 'win32' ? 'gifski.exe' : 'gifski',
  );
  return existsSync(kept) ? kept : undefined;
}

export async function runGifski(gifski: string, clip: MotionClip, out: string): Promise<MotionResult> {
  const own = Math.min(50, await clipRate(clip.reference));
  const file = path.join(out, `${clip.name}.gif`);
  let seconds = 0;
  let peak = 0;
  for (const width of [800, 400]) {
    const height = (width * 3) / 4;
    const frames = path.join(out, `${clip.name}-frames-${width}`);
    await mkdir(frames, { recursive: true });
    const extract = await measure('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      clip.reference,
      '-vf',
      `fps=${own},${cover(width, height)}`,
      path.join(frames, 'f%05d.png'),
    ]);
    seconds += extract.seconds;
    peak = Math.max(peak, extract.peakRssMb);
    const pngs = (await readdir(frames)).sort().map((name) => path.join(frames, name));
    for (const quality of [90, 80, 70, 60, 50]) {
      const measured = await measure(gifski, [
        '--quiet',
        '--fps',
        String(own),
        '--quality',
        String(quality),
        '-W',
        String(width),
        '-H',
        String(height),
        '-o',
        file,
        ...pngs,
      ]);
      seconds += measured.seconds;
      peak = Math.max(peak, measured.peakRssMb);
      if ((await stat(file)).size <= LIMIT) {
        await rm(frames, { recursive: true, force: true });
        return {
          tool: 'gifski',
          clip: clip.name,
          file,
          seconds,
          peakRssMb: peak,
          note: `quality ${quality}`,
          ...(await gifFacts(file)),
        };
      }
    }
    await rm(frames, { recursive: true, force: true });
  }
  return {
    tool: 'gifski',
    clip: clip.name,
    file,
    seconds,
    peakRssMb: peak,
    note: 'over 8 MB',
    ...(await gifFacts(file)),
  };
}

/**
 * SSIM and PSNR of a GIF against its clip framed the same way (scaled to cover, centred), both
 * sampled at the same 10 instants a second, so tools with other frame rates compare fairly.
 */
export async function quality(
  gif: string,
  reference: string,
  width: number,
  height: number,
): Promise<{ ssim: number; psnr: number }> {
  const graph = [
    `[0:v]fps=10,format=rgb24,split[a1][a2]`,
    `[1:v]fps=10,${cover(width, height)},format=rgb24,split[b1][b2]`,
    `[a1][b1]ssim`,
    `[a2][b2]psnr`,
  ].join(';');
  const result = await run(
    'ffmpeg',
    ['-v', 'info', '-nostats', '-i', gif, '-i', reference, '-lavfi', graph, '-f', 'null', '-'],
    { maxBuffer: 1 << 24 },
  ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? '' }));
  const ssim = /SSIM .*All:([\d.]+)/.exec(result.stderr);
  const psnr = /PSNR .*average:([\d.]+|inf)/.exec(result.stderr);
  return { ssim: ssim ? Number(ssim[1]) : NaN, psnr: psnr ? (psnr[1] === 'inf' ? 99 : Number(psnr[1])) : NaN };
}

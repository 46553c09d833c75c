// Decoding with ffmpeg for the CLI, which has no browser: found on PATH or named by SHOTPUT_FFMPEG,
// spawned per decode, frames read as raw RGBA from its standard output as they come (never the
// whole clip). ffmpeg applies a phone's rotation itself; the header is read from its stderr report.
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { ImageError } from '../image-error';
import { MAX_INPUT_PIXELS } from '../limits';
import type { FrameRange, MotionFrame, MotionInfo, MotionSource } from './source';

/** One sentence per OS on getting ffmpeg; stills work without it. */
export const FFMPEG_MISSING =
  'Videos and APNG need ffmpeg, which was not found: install it (macOS: brew install ffmpeg; Windows: winget install ffmpeg; Debian or Ubuntu: sudo apt install ffmpeg) or set SHOTPUT_FFMPEG to its path; images other than videos work without it.';

async function executable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** The ffmpeg to run: SHOTPUT_FFMPEG if set, else the first on PATH; undefined when there is none. */
export async function findFfmpeg(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  if (env.SHOTPUT_FFMPEG) return (await executable(env.SHOTPUT_FFMPEG)) ? env.SHOTPUT_FFMPEG : undefined;
  const names = process.platform === 'win32' ? ['ffmpeg.exe'] : ['ffmpeg'];
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of names) if (await executable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

const CODEC_NAMES: Record<string, string> = {
  h264: 'H.264',
  hevc: 'HEVC',
  vp8: 'VP8',
  vp9: 'VP9',
  av1: 'AV1',
  apng: 'APNG',
  gif: 'GIF',
  webp: 'WebP',
  prores: 'ProRes',
  mpeg4: 'MPEG-4',
};

/** What `ffmpeg -i FILE` reports about the first video stream. */
export function parseReport(report: string, container: string): MotionInfo | { problem: string } {
  const stream = /Stream #\d+:\d+[^:]*: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})[^\n]*/.exec(report);
  if (!stream) return { problem: 'no-video' };
  const [line, codec, w, h] = stream as unknown as [string, string, string, string];
  const rate = /([\d.]+) fps/.exec(line) ?? /([\d.]+) tbr/.exec(line);
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(report);
  const rotation = /rotation of (-?[\d.]+) degrees/.exec(report.slice(report.indexOf(line)));
  const quarter = rotation ? Math.round(Number(rotation[1]) / 90) % 2 !== 0 : false;
  const fps = rate ? Number(rate[1]) : 25;
  const durationMs = duration
    ? (Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000
    : NaN;
  const name = CODEC_NAMES[codec] ?? codec.toUpperCase();
  return {
    label: codec === 'apng' ? 'APNG' : `${name} ${container}`,
    width: quarter ? Number(h) : Number(w),
    height: quarter ? Number(w) : Number(h),
    durationMs: Number.isFinite(durationMs) && durationMs > 0 ? durationMs : 0,
    fps: Number.isFinite(fps) && fps > 0 ? fps : 25,
    loop: 0,
    hasAlpha: /yuva|rgba|argb|bgra|pal8|ya8/.test(line),
  };
}

function run(ffmpeg: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      if (stderr.length < 64 * 1024) stderr += text;
    });
    child.on('error', reject).on('close', (code) => resolve({ code, stderr }));
  });
}

/** The sentence for a file ffmpeg could not read, by what its report says. */
function unreadable(stderr: string, label: string): ImageError {
  if (/Invalid data found|moov atom not found|End of file|Truncat|corrupt/i.test(stderr))
    return new ImageError(
      'corrupt',
      `The ${label} file is damaged or incomplete (it may still be copying); export it again as H.264 MP4.`,
    );
  return new ImageError('unsupported-format', `This ${label} file cannot be decoded here; export it as H.264 MP4.`);
}

/** Reads the clip's header with ffmpeg; refuses a file with no picture or a codec ffmpeg lacks. */
export async function openFfmpeg(file: string, container: string, ffmpeg: string): Promise<MotionSource> {
  const probe = await run(ffmpeg, ['-hide_banner', '-nostdin', '-i', file]);
  const info = parseReport(probe.stderr, container);
  if ('problem' in info) {
    if (/Invalid data|moov atom|could not find codec|End of file/i.test(probe.stderr))
      throw unreadable(probe.stderr, container);
    throw new ImageError(
      'unsupported-format',
      `The ${container} file has no video track; export the clip with its picture as H.264 MP4.`,
    );
  }
  if (info.width * info.height > MAX_INPUT_PIXELS)
    throw new ImageError(
      'too-many-pixels',
      `The video is ${info.width}x${info.height}; frames over ${MAX_INPUT_PIXELS / 1e6} megapixels are not read.`,
    );
  // A short test decode: a codec this ffmpeg lacks (or a damaged stream) is said now, not mid-batch.
  const check = await run(ffmpeg, ['-v', 'error', '-nostdin', '-i', file, '-frames:v', '1', '-f', 'null', '-']);
  if (check.code !== 0 || /decoder .* not found|Decoder not found|no decoder/i.test(check.stderr))
    throw unreadable(check.stderr, info.label);
  return {
    info,
    frames: (options) => decode(ffmpeg, file, info, options?.range, options?.fps),
  };
}

async function* decode(
  ffmpeg: string,
  file: string,
  info: MotionInfo,
  range: FrameRange | undefined,
  fps: number | undefined,
): AsyncGenerator<MotionFrame> {
  const rate = fps ?? info.fps;
  const filters = [`fps=${rate}`];
  const seek = range ? ['-ss', (range.startMs / 1000).toFixed(3)] : [];
  const length = range ? ['-t', ((range.endMs - range.startMs) / 1000).toFixed(3)] : [];
  const args = ['-v', 'error', '-nostdin', ...seek, '-i', file, ...length, '-an', '-sn', '-vf', filters.join(',')];
  args.push('-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1');
  const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    if (stderr.length < 16 * 1024) stderr += text;
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const frameBytes = info.width * info.height * 4;
  const start = range?.startMs ?? 0;
  let pending: Buffer[] = [];
  let held = 0;
  let index = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      pending.push(chunk);
      held += chunk.length;
      while (held >= frameBytes) {
        const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
        const data = Buffer.from(all.subarray(0, frameBytes));
        pending = all.length > frameBytes ? [all.subarray(frameBytes)] : [];
        held -= frameBytes;
        yield { data, width: info.width, height: info.height, timeMs: start + (index * 1000) / rate };
        index++;
      }
    }
    const code = await closed;
    if (code !== 0 && index === 0) throw unreadable(stderr, info.label);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

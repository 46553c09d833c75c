// bench:motion's corpus, made by ffmpeg from its own test sources so every run has the same
// clips: the kinds designers publish (UI recordings with text and flat colours at 60 fps,
// gradients that band, busy motion, a portrait phone recording, a 16:9 MOV, APNG, animated WebP,
// a long GIF). Each clip has a reference ffmpeg can read (the animated WebP's is its own frames as
// libwebp decodes them, losslessly: this ffmpeg cannot decode animated WebP).
import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

export interface MotionClip {
  name: string;
  what: string;
  file: string;
  /** A file ffmpeg decodes with the same pictures (the clip itself, but for animated WebP); the anchors encode it. */
  reference: string;
}

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const H264 = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-crf', '18'];

/** A UI recording: flat panels, text, a card sliding in, a cursor; 60 fps. */
function uiRecording(size: string, seconds: number): string {
  const [w, h] = size.split('x').map(Number) as [number, number];
  return [
    `color=c=0xf4f5f7:s=${size}:r=60:d=${seconds}[bg]`,
    `color=c=0x3b5bdb:s=${Math.round(w * 0.3)}x${h}:r=60[side]`,
    `color=c=0xffffff:s=${Math.round(w * 0.4)}x${Math.round(h * 0.3)}:r=60[card]`,
    `color=c=0x222222:s=14x20:r=60[cursor]`,
    `[bg][side]overlay=0:0:shortest=1[a]`,
    `[a][card]overlay=x='${Math.round(w * 0.35)}':y='${h}-min(t,1)*${Math.round(h * 0.6)}':shortest=1[b]`,
    `[b][cursor]overlay=x='${Math.round(w * 0.5)}+200*sin(t*2)':y='${Math.round(h * 0.5)}+120*cos(t*3)':shortest=1[c]`,
    `[c]drawtext=fontfile=${FONT}:text='Inbox  Projects  Settings':x=40:y=60:fontsize=${Math.round(h / 24)}:fontcolor=white,` +
      `drawtext=fontfile=${FONT}:text='Frame %{n}':x=${Math.round(w * 0.4)}:y=40:fontsize=${Math.round(h / 16)}:fontcolor=0x333333`,
  ].join(';');
}

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-v', 'error', '-y', ...args], { maxBuffer: 1 << 20 });
}

export async function makeMotionCorpus(dir: string, log: (line: string) => void): Promise<MotionClip[]> {
  const at = (name: string) => path.join(dir, name);
  const clips: MotionClip[] = [];
  const add = (name: string, what: string, file: string, reference = file) => {
    clips.push({ name, what, file, reference });
    log(`  ${name}: ${what}`);
  };
  await ffmpeg(['-f', 'lavfi', '-i', uiRecording('1440x1080', 3), ...H264, at('ui-60fps.mp4')]);
  add('ui-60fps', 'UI recording, text and flat colours, 1440x1080, 60 fps, 3 s, H.264 MP4', at('ui-60fps.mp4'));
  // Seeded: unseeded, ffmpeg's gradients differ from run to run (SSIM 0.93 to 0.997 over four runs).
  await ffmpeg(
    ['-f', 'lavfi', '-i', 'gradients=s=1280x960:r=30:d=3:speed=0.02:n=3:seed=1', '-c:v', 'libvpx-vp9'].concat([
      '-deadline',
      'realtime',
      '-cpu-used',
      '6',
      '-b:v',
      '4M',
      at('gradients.webm'),
    ]),
  );
  add('gradients', 'gradients that band, 1280x960, 30 fps, 3 s, VP9 WebM', at('gradients.webm'));
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=1024x768:r=30:d=3', ...H264, at('busy.mp4')]);
  add('busy', 'busy motion (testsrc2), 1024x768, 30 fps, 3 s, H.264 MP4', at('busy.mp4'));
  await ffmpeg(['-f', 'lavfi', '-i', uiRecording('720x1280', 3).replace(/r=60/g, 'r=30'), ...H264, at('portrait.mp4')]);
  add('portrait', 'portrait phone recording, 720x1280, 30 fps, 3 s, H.264 MP4', at('portrait.mp4'));
  await ffmpeg(['-f', 'lavfi', '-i', 'mandelbrot=s=1920x1080:r=30:end_scale=0.3', '-t', '3', ...H264, at('wide.mov')]);
  add('wide-mov', '16:9 MOV (zooming fractal), 1920x1080, 30 fps, 3 s, H.264', at('wide.mov'));
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    uiRecording('800x600', 2).replace(/r=60/g, 'r=20'),
    '-f',
    'apng',
    '-plays',
    '0',
    at('loop.apng'),
  ]);
  add('apng', 'APNG, 800x600, 20 fps, 2 s', at('loop.apng'));
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=s=800x600:r=25:d=2', ...H264, at('webp-source.mp4')]);
  await ffmpeg([
    '-i',
    at('webp-source.mp4'),
    '-c:v',
    'libwebp_anim',
    '-lossless',
    '0',
    '-q:v',
    '90',
    '-loop',
    '0',
    at('anim.webp'),
  ]);
  add('webp', 'animated WebP, 800x600, 25 fps, 2 s', at('anim.webp'), await webpFrames(at('anim.webp'), 25));
  await ffmpeg(['-f', 'lavfi', '-i', uiRecording('800x600', 10).replace(/r=60/g, 'r=24'), '-f', 'gif', at('long.gif')]);
  add('long-gif', 'long GIF, 800x600, 240 frames (10 s at 24 fps)', at('long.gif'));
  await ffmpeg(['-f', 'lavfi', '-i', uiRecording('800x600', 2).replace(/r=60/g, 'r=30'), '-f', 'gif', at('short.gif')]);
  add('gif-2s', 'GIF, 800x600, 60 frames (2 s: the time goal)', at('short.gif'));
  return clips;
}

/**
 * An animated WebP's frames as libwebp decodes them (as browsers show it, and as Shotput reads it),
 * kept losslessly (FFV1) for ffmpeg: the reference every tool is measured against, and what the
 * anchors encode. Measured against the clip the WebP was made from, each tool would be charged
 * for the WebP's own lossy encoding (29 dB from it on its first frame) where the anchors, given
 * that clip, skipped it.
 */
async function webpFrames(file: string, fps: number): Promise<string> {
  const frames = `${file}-frames`;
  await mkdir(frames, { recursive: true });
  const { pages = 1 } = await sharp(file, { animated: true }).metadata();
  for (let page = 0; page < pages; page++) {
    const name = path.join(frames, `f${String(page).padStart(5, '0')}.png`);
    await sharp(file, { page }).png().toFile(name);
  }
  const out = `${file}-frames.mkv`;
  await ffmpeg(['-framerate', String(fps), '-i', path.join(frames, 'f%05d.png'), '-c:v', 'ffv1', out]);
  await rm(frames, { recursive: true, force: true });
  return out;
}

/** The clip of the memory goal: 10 s, 60 fps, 1920x1080 (made only when asked: it is slow here). */
export async function makeBigClip(dir: string): Promise<MotionClip> {
  const file = path.join(dir, 'big-1080p60.mp4');
  await ffmpeg(['-f', 'lavfi', '-i', uiRecording('1920x1080', 10), ...H264, file]);
  return { name: 'big-1080p60', what: '10 s, 60 fps, 1920x1080 UI recording (memory goal)', file, reference: file };
}

// Motion through the CLI: `prepare` writes GIFs from an MP4, a WebM, an APNG and a Lottie beside a still,
// a bad clip is one sentence and the rest of the batch goes on; `--trim` keeps a part of a clip;
// `upload` sends a trimmed clip to the sandbox, which then holds an animated 800x600 GIF within 8 MB.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SHOT_BYTES } from '../../common/service-rules';
import { listAllShots, sandboxToken, startSandboxProcess } from '../../bench/lib/uploads-sandbox';
import type { SandboxProcess } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../cli/run-cli';
import { photo } from './fixtures';
import { dotLottie, slidingSquare } from './lottie-fixtures';
import { APNG, H264, VP9, ffmpegClip, movingSquare } from './motion-fixtures';

let root: string;
let sandbox: SandboxProcess | undefined;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-motion-cli-'));
});
afterAll(async () => {
  await sandbox?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('shotput prepare with motion', () => {
  it('turns MP4, WebM and APNG into animated GIFs beside a still; a damaged clip is one sentence', async () => {
    const mp4 = await ffmpegClip(path.join(root, 'clip.mp4'), movingSquare('320x240', 30, 1), H264);
    const webm = await ffmpegClip(path.join(root, 'clip.webm'), movingSquare('320x240', 25, 1), VP9);
    const apng = await ffmpegClip(path.join(root, 'loop.apng'), movingSquare('320x240', 10, 1), APNG);
    const broken = path.join(root, 'broken.mov');
    fs.writeFileSync(broken, fs.readFileSync(mp4).subarray(0, 2000));
    const still = path.join(root, 'still.png');
    await photo(800, 600).png().toFile(still);
    const out = path.join(root, 'out');
    const run = await runCli(['--json', 'prepare', mp4, broken, webm, apng, still, '--out', out]);
    expect(run.code, run.stderr).toBe(1);
    const lines = jsonLines(run.stdout);
    expect(lines.map((line) => line.type)).toEqual(['prepared', 'problem', 'prepared', 'prepared', 'prepared']);
    expect(lines[0]).toMatchObject({ output: path.join(out, 'clip.gif'), format: 'gif', width: 400, height: 300 });
    expect(lines[1]).toMatchObject({
      file: broken,
      message: expect.stringMatching(/damaged or incomplete.*H\.264 MP4\.$/),
    });
    expect(lines[2]).toMatchObject({ output: path.join(out, 'clip-2.gif'), format: 'gif' });
    expect(lines[3]).toMatchObject({ output: path.join(out, 'loop.gif'), format: 'gif' });
    expect(lines[4]).toMatchObject({ output: path.join(out, 'still.png'), format: 'png' });
    const frames = async (file: string) => (await sharp(file, { animated: true }).metadata()).pages;
    expect(await frames(path.join(out, 'clip.gif'))).toBe(30);
    expect(await frames(path.join(out, 'clip-2.gif'))).toBe(25);
    expect(await frames(path.join(out, 'loop.gif'))).toBe(10);
  }, 120_000);

  it('draws a Lottie (JSON or .lottie) as an 800x600 GIF, trimmed where asked; a sidecar alone is one sentence', async () => {
    const square = slidingSquare({ width: 400, height: 300, fps: 30, frames: 60 });
    const animation = path.join(root, 'loader.json');
    fs.writeFileSync(animation, JSON.stringify(square));
    const archive = path.join(root, 'spinner.lottie');
    fs.writeFileSync(archive, dotLottie(square));
    const sidecar = path.join(root, 'cover.json');
    fs.writeFileSync(sidecar, JSON.stringify({ title: 'Cover' }));
    const out = path.join(root, 'out-lottie');
    const run = await runCli(['--json', 'prepare', animation, archive, sidecar, '--out', out]);
    expect(run.code, run.stderr).toBe(1);
    const lines = jsonLines(run.stdout);
    expect(lines[0]).toMatchObject({ output: path.join(out, 'loader.gif'), format: 'gif', width: 800, height: 600 });
    expect(lines[1]).toMatchObject({ output: path.join(out, 'spinner.gif'), format: 'gif', width: 800, height: 600 });
    expect(lines[2]).toMatchObject({
      type: 'problem',
      file: sidecar,
      message:
        'The file is JSON but not a Lottie animation; a sidecar (name.json) is read with its image only in a watched folder.',
    });
    for (const name of ['loader.gif', 'spinner.gif']) {
      const meta = await sharp(path.join(out, name), { animated: true }).metadata();
      expect(meta.pages, name).toBe(60);
      expect(
        meta.delay!.reduce((a, b) => a + b),
        name,
      ).toBe(2000);
    }
    const trimmed = await runCli([
      'prepare',
      animation,
      '--trim',
      '0.5-1',
      '--out',
      path.join(root, 'out-lottie-trim'),
    ]);
    expect(trimmed.code, trimmed.stderr).toBe(0);
    const meta = await sharp(path.join(root, 'out-lottie-trim', 'loader.gif'), { animated: true }).metadata();
    expect(meta.pages).toBe(15);
    expect(meta.delay!.reduce((a, b) => a + b)).toBe(500);
  }, 120_000);

  it('--trim keeps that part of a clip (a still beside it is not trimmed); a trim that ends first is a usage error', async () => {
    const mp4 = await ffmpegClip(path.join(root, 'long.mp4'), movingSquare('320x240', 30, 2), H264);
    const still = path.join(root, 'beside.png');
    await photo(800, 600).png().toFile(still);
    const out = path.join(root, 'trimmed');
    const run = await runCli(['--json', 'prepare', mp4, still, '--trim', '0.5-1', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(jsonLines(run.stdout).map((line) => line.format)).toEqual(['gif', 'png']);
    const meta = await sharp(path.join(out, 'long.gif'), { animated: true }).metadata();
    expect(meta.pages).toBe(15);
    expect(meta.delay!.reduce((a, b) => a + b, 0)).toBe(500);
    const backwards = await runCli(['prepare', mp4, '--trim', '2-1', '--out', out]);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toContain('--trim must be START-END in seconds with the end after the start');
  }, 120_000);

  it('without ffmpeg, a clip says how to get it on each OS and a still is prepared', async () => {
    const mp4 = await ffmpegClip(path.join(root, 'alone.mp4'), movingSquare('320x240', 10, 1), H264);
    const still = path.join(root, 'alone.png');
    await photo(400, 300).png().toFile(still);
    const out = path.join(root, 'out-no-ffmpeg');
    const saved = process.env.SHOTPUT_FFMPEG;
    process.env.SHOTPUT_FFMPEG = path.join(root, 'missing-ffmpeg');
    try {
      const run = await runCli(['--json', 'prepare', mp4, still, '--out', out]);
      expect(run.code).toBe(1);
      const [clip, picture] = jsonLines(run.stdout);
      expect(clip).toMatchObject({
        type: 'problem',
        message: expect.stringMatching(/^Videos and APNG need ffmpeg, which was not found: install it \(macOS: brew/),
      });
      expect(picture).toMatchObject({ type: 'prepared', format: 'png' });
    } finally {
      if (saved === undefined) delete process.env.SHOTPUT_FFMPEG;
      else process.env.SHOTPUT_FFMPEG = saved;
    }
  }, 60_000);
});

describe('shotput upload with motion', () => {
  it('the sandbox holds an animated 800x600 GIF within 8 MB, of the part --trim kept', async () => {
    sandbox = await startSandboxProcess({ dataDir: path.join(root, 'sandbox'), processingMs: 100 });
    const clip = await ffmpegClip(path.join(root, 'demo.mp4'), movingSquare('1024x768', 25, 2), H264);
    const token = await sandboxToken(sandbox.url);
    const run = await runCli([
      '--api',
      sandbox.url,
      '--token',
      token,
      '--data-dir',
      path.join(root, 'data'),
      '--json',
      'upload',
      clip,
      '--trim',
      '0.4-1.4',
    ]);
    expect(run.code, run.stderr).toBe(0);
    // Own shots come newest first: the one just uploaded.
    const [shot] = (await listAllShots(sandbox.url, token)) as { images?: { hidpi?: string } }[];
    expect(shot?.images?.hidpi).toBeTruthy();
    const bytes = Buffer.from(await (await fetch(shot!.images!.hidpi!)).arrayBuffer());
    expect(bytes.length).toBeLessThanOrEqual(MAX_SHOT_BYTES);
    expect(await sharp(bytes, { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      width: 800,
      pageHeight: 600,
      pages: 25,
    });
    const delays = (await sharp(bytes, { animated: true }).metadata()).delay!;
    expect(delays.reduce((a, b) => a + b, 0)).toBe(1000);
  }, 120_000);
});

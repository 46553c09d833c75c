// `npm run bench:motion`: shotput prepare against ffmpeg's two-pass palette recipe and gifski on
// a corpus of clips made by ffmpeg (bench/lib/motion-corpus.ts), each tool searching down until
// its GIF fits 8 MB. Prints per clip and in total: size, fps, SSIM and PSNR against the clip
// framed the same way, seconds and peak RSS. BENCH_BIG=1 adds the memory goal's 10 s 1080p60 clip.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeBigClip, makeMotionCorpus } from './lib/motion-corpus';
import type { MotionClip } from './lib/motion-corpus';
import { findGifski, quality, runFfmpegPalette, runGifski, runShotputMotion } from './lib/motion-tools';
import type { MotionResult } from './lib/motion-tools';

const root = fileURLToPath(new URL('..', import.meta.url));
const log = (line: string) => process.stderr.write(`${line}\n`);
const LIMIT = 8 * 1024 * 1024;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
const fixed = (n: number | undefined, digits: number) => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits));

function row(result: MotionResult): string {
  const size = result.width ? `${result.width}x${result.height}` : 'failed';
  const note = result.note ? ` (${result.note})` : '';
  return `| ${result.clip} | ${result.tool}${note} | ${size} | ${mb(result.bytes)} | ${fixed(result.fps, 1)} | ${fixed(result.ssim, 4)} | ${fixed(result.psnr, 2)} | ${result.seconds.toFixed(1)} | ${Math.round(result.peakRssMb)} |`;
}

function total(tool: string, results: MotionResult[]): string {
  const mine = results.filter((r) => r.tool === tool);
  const at800 = mine.filter((r) => r.width === 800 && r.bytes <= LIMIT).length;
  const measured = mine.filter((r) => Number.isFinite(r.ssim));
  const mean = (pick: (r: MotionResult) => number) => measured.reduce((sum, r) => sum + pick(r), 0) / measured.length;
  const seconds = mine.reduce((sum, r) => sum + r.seconds, 0);
  const peak = Math.max(...mine.map((r) => r.peakRssMb));
  return `| ${tool} | ${at800} of ${mine.length} | ${fixed(
    mean((r) => r.ssim!),
    4,
  )} | ${fixed(
    mean((r) => r.psnr!),
    2,
  )} | ${seconds.toFixed(1)} | ${Math.round(peak)} |`;
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'shotput-bench-motion-'));
  try {
    log('Making the corpus with ffmpeg:');
    const clips: MotionClip[] = await makeMotionCorpus(work, log);
    if (process.env.BENCH_BIG === '1') clips.push(await makeBigClip(work));
    const gifski = findGifski(root);
    if (!gifski) log('gifski not found (GIFSKI, PATH or `npm install --no-save gifski`): its column is left out.');
    const results: MotionResult[] = [];
    for (const clip of clips) {
      log(`${clip.name}:`);
      const tools: [string, (out: string) => Promise<MotionResult>][] = [
        ['shotput', (out) => runShotputMotion(root, clip, out)],
        ['ffmpeg', (out) => runFfmpegPalette(clip, out)],
      ];
      if (gifski && clip.name !== 'big-1080p60') tools.push(['gifski', (out) => runGifski(gifski, clip, out)]);
      for (const [name, runTool] of tools) {
        const out = path.join(work, 'out', name);
        await mkdir(out, { recursive: true });
        const result = await runTool(out);
        if (result.file && result.width)
          Object.assign(result, await quality(result.file, clip.reference, result.width, result.height));
        log(`  ${row(result)}`);
        results.push(result);
      }
    }
    const uptime = execFileSync('uptime', { encoding: 'utf8' }).trim();
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log(`Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB; ${uptime}\n`);
    console.log('| clip | tool | size | MB | fps | SSIM | PSNR | s | peak RSS MB |');
    console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const result of results) console.log(row(result));
    console.log('\n| tool | 800x600 within 8 MB | mean SSIM | mean PSNR | total s | peak RSS MB |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: |');
    for (const tool of ['shotput', 'ffmpeg palette', 'gifski'])
      if (results.some((r) => r.tool === tool)) console.log(total(tool, results));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();

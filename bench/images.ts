// `npm run bench:images`: shotput prepare against the same job in a plain sharp script (the
// practical limit), vipsthumbnail and ImageMagick, on one generated corpus, stills and animations
// apart. Every tool runs in every round, side by side, so ratios compare runs made under the same
// load; figures are medians of the rounds (BENCH_ROUNDS, default 3). Prints Markdown.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { generateCorpus } from './lib/corpus';
import type { CorpusFile } from './lib/corpus';
import { runBareSharp, runMagick, runShotput, runVips } from './lib/image-tools';
import type { Job, Run, Tool } from './lib/image-tools';
import { measure } from './lib/measure';
import { outputQuality } from './lib/output-quality';
import type { Quality } from './lib/output-quality';

type SetName = 'stills' | 'animations';

interface ToolResult {
  runs: Run[];
  quality?: Quality;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const log = (line: string) => process.stderr.write(`${line}\n`);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const TOOLS: Record<SetName, Tool[]> = {
  stills: ['shotput prepare', 'bare sharp', 'vipsthumbnail', 'ImageMagick convert'],
  animations: ['shotput prepare', 'bare sharp', 'ImageMagick convert'],
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const loads = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function machine(): Promise<string> {
  const cpu = await readFile('/proc/cpuinfo', 'utf8');
  const model = /model name\s*:\s*(.+)/.exec(cpu)?.[1] ?? 'unknown CPU';
  const magick = execFileSync('/usr/bin/convert', ['-version'], { encoding: 'utf8' })
    .split('\n')[0]!
    .replace(/^Version: /, '')
    .replace(/ https?:\S+/, '');
  return `${os.availableParallelism()} cores (${model}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ${magick}`;
}

/** `shotput --help` start time: median of 10 runs, as /usr/bin/time sees them. */
async function cliStart(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 10; i++)
    times.push((await measure(process.execPath, [path.join(root, 'bin/shotput.js'), '--help'], root)).seconds);
  return median(times);
}

async function runTool(tool: Tool, jobs: Job[], out: string): Promise<Run> {
  if (tool === 'bare sharp') return runBareSharp(jobs, out);
  if (tool === 'vipsthumbnail') return runVips(jobs, out);
  return runMagick(jobs, out);
}

/**
 * One round of one set: every tool once, each into a fresh folder. The jobs are what Shotput chose
 * in round 1; from then on Shotput and bare sharp swap places every other round, so neither always
 * runs first under a load that drifts.
 */
async function runRound(
  set: SetName,
  files: CorpusFile[],
  dir: string,
  round: number,
  results: Map<Tool, ToolResult>,
  jobs: Job[],
): Promise<Job[]> {
  const [ours, bare, ...rest] = TOOLS[set] as [Tool, Tool, ...Tool[]];
  const order = round % 2 === 0 ? [bare, ours, ...rest] : [ours, bare, ...rest];
  for (const tool of order) {
    const out = path.join(dir, `${set}-${round}-${tool.split(' ')[0]}`);
    await mkdir(out);
    log(`round ${round}, ${set}: ${tool}`);
    let run: Run;
    if (tool === 'shotput prepare') {
      const shotput = await runShotput(files, out);
      run = shotput.run;
      if (round === 1) jobs = shotput.jobs;
    } else run = await runTool(tool, jobs, out);
    const result = results.get(tool) ?? { runs: [] };
    result.runs.push(run);
    // Outputs are the same every round: their quality is read once.
    result.quality ??= await outputQuality(out, jobs);
    results.set(tool, result);
    if (round > 1) await rm(out, { recursive: true, force: true });
  }
  return jobs;
}

function ratio(results: Map<Tool, ToolResult>, over: Tool, under: Tool, key: 'seconds' | 'cpuSeconds'): number {
  const a = results.get(over)!.runs;
  const b = results.get(under)!.runs;
  return median(a.map((run, i) => run[key] / b[i]![key]));
}

function table(results: Map<Tool, ToolResult>, images: number): string {
  const lines = [
    `| tool | done | exact size | wall s | CPU s | peak RSS MB | wall ÷ bare sharp | CPU ÷ bare sharp | ImageMagick wall ÷ this | PSNR dB | PSNR half size dB |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [tool, { runs, quality }] of results) {
    const psnr = quality?.psnr === undefined ? '–' : quality.psnr.toFixed(2);
    const psnrHalf = quality?.psnrHalf === undefined ? '–' : quality.psnrHalf.toFixed(2);
    lines.push(
      `| ${tool} | ${runs[0]!.done}/${images} | ${quality?.exact ?? 0} | ${median(runs.map((r) => r.seconds)).toFixed(2)} | ${median(runs.map((r) => r.cpuSeconds)).toFixed(2)} | ${Math.max(...runs.map((r) => r.peakRssMb)).toFixed(0)} | ` +
        `${ratio(results, tool, 'bare sharp', 'seconds').toFixed(2)}x | ${ratio(results, tool, 'bare sharp', 'cpuSeconds').toFixed(2)}x | ${ratio(results, 'ImageMagick convert', tool, 'seconds').toFixed(2)}x | ${psnr} | ${psnrHalf} |`,
    );
  }
  return lines.join('\n');
}

function verdicts(set: SetName, results: Map<Tool, ToolResult>): string[] {
  const ours = results.get('shotput prepare')!;
  const magick = results.get('ImageMagick convert')!;
  const toBare = ratio(results, 'shotput prepare', 'bare sharp', 'seconds');
  const rss = Math.max(...ours.runs.map((r) => r.peakRssMb));
  const lines = [
    `${set}: within 1.1x of bare sharp: ${toBare <= 1.1 ? 'met' : 'missed'} (${toBare.toFixed(2)}x wall, ${ratio(results, 'shotput prepare', 'bare sharp', 'cpuSeconds').toFixed(2)}x CPU)`,
    `${set}: peak RSS under 400 MB: ${rss < 400 ? 'met' : 'missed'} (${rss.toFixed(0)} MB)`,
  ];
  if (set === 'animations') {
    const faster = ratio(results, 'ImageMagick convert', 'shotput prepare', 'seconds');
    const q = ours.quality!;
    const m = magick.quality!;
    const noWorse = (q.psnr ?? 0) >= (m.psnr ?? 0) && (q.psnrHalf ?? 0) >= (m.psnrHalf ?? 0);
    lines.push(
      `animations: at least 2x faster than ImageMagick: ${faster >= 2 ? 'met' : 'missed'} (${faster.toFixed(2)}x wall, ${ratio(results, 'ImageMagick convert', 'shotput prepare', 'cpuSeconds').toFixed(2)}x CPU)`,
      `animations: quality no worse than ImageMagick: ${noWorse ? 'met' : 'missed'} (PSNR ${q.psnr?.toFixed(2)} vs ${m.psnr?.toFixed(2)} dB; at half size ${q.psnrHalf?.toFixed(2)} vs ${m.psnrHalf?.toFixed(2)} dB)`,
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shotput-bench-'));
  try {
    // BENCH_CORPUS: a folder that keeps the corpus between runs (files already there are not made again).
    const corpus = process.env.BENCH_CORPUS ?? path.join(dir, 'corpus');
    log(`Generating the corpus in ${corpus}`);
    const files = await generateCorpus(corpus, log);
    const sets: Record<SetName, CorpusFile[]> = {
      stills: files.filter((f) => f.kind !== 'animated-gif'),
      animations: files.filter((f) => f.kind === 'animated-gif'),
    };
    const loadBefore = loads();
    const results: Record<SetName, Map<Tool, ToolResult>> = { stills: new Map(), animations: new Map() };
    const jobs: Record<SetName, Job[]> = { stills: [], animations: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const set of ['stills', 'animations'] as const)
        jobs[set] = await runRound(set, sets[set], dir, round, results[set], jobs[set]);
    }
    const start = await cliStart();
    const mix = Object.entries(
      files.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.kind]: (acc[f.kind] ?? 0) + 1 }), {}),
    )
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ');
    const out = [
      `Corpus: ${files.length} images (${mix}); medians of ${rounds} rounds, every tool in every round.`,
      `Machine: ${await machine()}; load average (1, 5, 15 min) ${loadBefore} before, ${loads()} after.`,
      '',
      `Stills (${sets.stills.length}):`,
      '',
      table(results.stills, sets.stills.length),
      '',
      `Animations (${sets.animations.length}); PSNR: the middle frame against the source's middle frame cover-resized to the same size in full colour (Lanczos-3), mean over the animations:`,
      '',
      table(results.animations, sets.animations.length),
      '',
      `\`shotput --help\` start, median of 10: ${(start * 1000).toFixed(0)} ms (target under 150 ms: ${start < 0.15 ? 'met' : 'missed'})`,
      '',
      'Targets:',
      ...[...verdicts('stills', results.stills), ...verdicts('animations', results.animations)].map(
        (line) => `- ${line}`,
      ),
    ];
    process.stdout.write(`\n${out.join('\n')}\n`);
  } finally {
    if (process.env.KEEP_BENCH) log(`Outputs kept in ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

await main();

// `npm run bench:images`: shotput prepare against vipsthumbnail and ImageMagick on one generated
// corpus, same crop-to-fill, same output sizes and formats. Prints a Markdown table.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { generateCorpus } from './lib/corpus';
import type { CorpusFile } from './lib/corpus';
import { measure } from './lib/measure';

interface Job {
  file: CorpusFile;
  width: number;
  height: number;
  ext: 'jpg' | 'png' | 'gif';
}

interface Row {
  set: string;
  tool: string;
  images: number;
  seconds: number;
  peakRssMb: number;
  exact: number;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const log = (line: string) => process.stderr.write(`${line}\n`);

async function machine(): Promise<string> {
  const cpu = await readFile('/proc/cpuinfo', 'utf8');
  const model = /model name\s*:\s*(.+)/.exec(cpu)?.[1] ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `${os.availableParallelism()} cores (${model}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}); load average ${load}`;
}

/** How many outputs in dir have exactly the size asked for (frames included), read back with sharp. */
async function countExact(dir: string, jobs: Job[]): Promise<number> {
  let exact = 0;
  for (const job of jobs) {
    const out = path.join(dir, `${path.basename(job.file.path, path.extname(job.file.path))}.${job.ext}`);
    const meta = await sharp(out, { animated: true })
      .metadata()
      .catch(() => undefined);
    if (meta && meta.width === job.width && (meta.pageHeight ?? meta.height) === job.height) exact++;
  }
  return exact;
}

async function runShotput(files: CorpusFile[], out: string): Promise<{ row: Row; jobs: Job[] }> {
  const args = [path.join(root, 'bin/shotput.js'), '--json', 'prepare', ...files.map((f) => f.path), '--out', out];
  const result = await measure(process.execPath, args, root);
  const byInput = new Map<string, { width: number; height: number; format: string }>();
  for (const line of result.stdout.split('\n').filter(Boolean)) {
    const entry = JSON.parse(line) as {
      input: string;
      width?: number;
      height?: number;
      format?: string;
      error?: string;
    };
    if (entry.error) log(`  shotput failed on ${entry.input}: ${entry.error}`);
    else byInput.set(entry.input, { width: entry.width!, height: entry.height!, format: entry.format! });
  }
  const jobs: Job[] = [];
  for (const file of files) {
    const done = byInput.get(file.path);
    if (done)
      jobs.push({
        file,
        width: done.width,
        height: done.height,
        ext: done.format === 'jpeg' ? 'jpg' : (done.format as 'png' | 'gif'),
      });
  }
  const row = {
    set: '',
    tool: 'shotput prepare',
    images: byInput.size,
    seconds: result.seconds,
    peakRssMb: result.peakRssMb,
    exact: await countExact(out, jobs),
  };
  return { row, jobs };
}

/** The same job in one plain sharp script: the practical limit. */
async function runBareSharp(jobs: Job[], out: string): Promise<Row> {
  const list = path.join(out, 'jobs.json');
  await writeFile(
    list,
    JSON.stringify(jobs.map((j) => ({ path: j.file.path, width: j.width, height: j.height, ext: j.ext }))),
  );
  const result = await measure(process.execPath, [path.join(root, 'bench/lib/bare-sharp.mjs'), list, out], root);
  await rm(list);
  if (result.code !== 0) log(`  bare sharp: ${result.stderr.split('\n')[0]}`);
  return {
    set: '',
    tool: 'bare sharp',
    images: result.code === 0 ? jobs.length : 0,
    seconds: result.seconds,
    peakRssMb: result.peakRssMb,
    exact: await countExact(out, jobs),
  };
}

/** vipsthumbnail takes many files per call but one size and one output pattern: one call per group. */
async function runVips(jobs: Job[], out: string): Promise<Row> {
  const groups = new Map<string, Job[]>();
  for (const job of jobs) {
    const key = `${job.width}x${job.height}.${job.ext}`;
    groups.set(key, [...(groups.get(key) ?? []), job]);
  }
  let seconds = 0;
  let peak = 0;
  let failed = 0;
  for (const [key, group] of groups) {
    const [size, ext] = key.split('.') as [string, string];
    const options = ext === 'jpg' ? '[Q=90,strip]' : '[strip]';
    // [n=-1] loads every frame so animations stay animated, as ours do. libvips 8.14 cannot crop
    // an animation (it keeps only the first frame), so animations are resized without the crop:
    // the corpus animations are 4:3, where resizing to fill and resizing to fit are the same.
    const inputs = group.map((j) => (j.ext === 'gif' ? `${j.file.path}[n=-1]` : j.file.path));
    const crop = ext === 'gif' ? [] : ['--smartcrop', 'centre'];
    const result = await measure('vipsthumbnail', [
      '--size',
      size,
      ...crop,
      '-o',
      `${out}/%s.${ext}${options}`,
      ...inputs,
    ]);
    if (result.code !== 0) {
      failed += group.length;
      log(`  vipsthumbnail ${key}: ${result.stderr.split('\n')[0]}`);
    }
    seconds += result.seconds;
    peak = Math.max(peak, result.peakRssMb);
  }
  return {
    set: '',
    tool: 'vipsthumbnail',
    images: jobs.length - failed,
    seconds,
    peakRssMb: peak,
    exact: await countExact(out, jobs),
  };
}

/** ImageMagick the way scripts use it: one convert per image, resize to fill, centre, cut. */
async function runMagick(jobs: Job[], out: string): Promise<Row> {
  let seconds = 0;
  let peak = 0;
  let done = 0;
  for (const job of jobs) {
    const size = `${job.width}x${job.height}`;
    const target = path.join(out, `${path.basename(job.file.path, path.extname(job.file.path))}.${job.ext}`);
    const geometry = ['-resize', `${size}^`, '-gravity', 'center', '-extent', size, '+repage', '-strip'];
    const args =
      job.ext === 'gif'
        ? [job.file.path, '-coalesce', ...geometry, '-layers', 'Optimize', target]
        : [job.file.path, '-auto-orient', ...geometry, ...(job.ext === 'jpg' ? ['-quality', '90'] : []), target];
    const result = await measure('/usr/bin/convert', args);
    if (result.code === 0) done++;
    else log(`  convert ${job.file.path}: ${result.stderr.split('\n')[0]}`);
    seconds += result.seconds;
    peak = Math.max(peak, result.peakRssMb);
  }
  return {
    set: '',
    tool: 'ImageMagick convert',
    images: done,
    seconds,
    peakRssMb: peak,
    exact: await countExact(out, jobs),
  };
}

/** `shotput --help` start time: median of 10 runs, as /usr/bin/time sees them. */
async function cliStart(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 10; i++)
    times.push((await measure(process.execPath, [path.join(root, 'bin/shotput.js'), '--help'], root)).seconds);
  times.sort((a, b) => a - b);
  return (times[4]! + times[5]!) / 2;
}

function table(rows: Row[]): string {
  const lines = [
    '| images | tool | count | exact size | total s | images/s | s per image | peak RSS MB | time vs bare sharp | time vs vipsthumbnail | time vs ImageMagick |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const bare = rows.find((x) => x.set === r.set && x.tool === 'bare sharp')!;
    const vips = rows.find((x) => x.set === r.set && x.tool === 'vipsthumbnail')!;
    const magick = rows.find((x) => x.set === r.set && x.tool === 'ImageMagick convert')!;
    lines.push(
      `| ${r.set} | ${r.tool} | ${r.images} | ${r.exact} | ${r.seconds.toFixed(2)} | ${(r.images / r.seconds).toFixed(2)} | ${(r.seconds / r.images).toFixed(3)} | ${r.peakRssMb.toFixed(0)} | ${(r.seconds / bare.seconds).toFixed(2)}x | ${(r.seconds / vips.seconds).toFixed(2)}x | ${(r.seconds / magick.seconds).toFixed(2)}x |`,
    );
  }
  return lines.join('\n');
}

async function runSet(name: string, files: CorpusFile[], dir: string): Promise<Row[]> {
  const outs = ['shotput', 'vips', 'magick', 'bare'].map((tool) => path.join(dir, `${name}-${tool}`));
  await Promise.all(outs.map((o) => mkdir(o)));
  log(`${name}: shotput prepare`);
  const shotput = await runShotput(files, outs[0]!);
  log(`${name}: bare sharp`);
  const bare = await runBareSharp(shotput.jobs, outs[3]!);
  log(`${name}: vipsthumbnail`);
  const vips = await runVips(shotput.jobs, outs[1]!);
  log(`${name}: ImageMagick convert`);
  const magick = await runMagick(shotput.jobs, outs[2]!);
  return [shotput.row, bare, vips, magick].map((row) => ({ ...row, set: name }));
}

function verdict(rows: Row[], set: string): string {
  const pick = (tool: string) => rows.find((r) => r.set === set && r.tool === tool)!;
  const ours = pick('shotput prepare');
  const ratioBare = ours.seconds / pick('bare sharp').seconds;
  const ratioVips = ours.seconds / pick('vipsthumbnail').seconds;
  const ratioMagick = pick('ImageMagick convert').seconds / ours.seconds;
  return (
    `${set}: within 1.1x of bare sharp: ${ratioBare <= 1.1 ? 'met' : 'missed'} (${ratioBare.toFixed(2)}x); ` +
    `within 1.3x of vipsthumbnail: ${ratioVips <= 1.3 ? 'met' : 'missed'} (${ratioVips.toFixed(2)}x); ` +
    `at least 4x faster than ImageMagick: ${ratioMagick >= 4 ? 'met' : 'missed'} (${ratioMagick.toFixed(1)}x faster); ` +
    `peak RSS under 400 MB: ${ours.peakRssMb < 400 ? 'met' : 'missed'} (${ours.peakRssMb.toFixed(0)} MB)`
  );
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shotput-bench-'));
  try {
    log(`Generating the corpus in ${dir}`);
    const started = Date.now();
    const files = await generateCorpus(path.join(dir, 'corpus'), log);
    log(`  ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const before = await machine();
    const stills = files.filter((f) => f.kind !== 'animated-gif');
    const animations = files.filter((f) => f.kind === 'animated-gif');
    const rows = [
      ...(await runSet('all', files, dir)),
      ...(await runSet('stills', stills, dir)),
      ...(await runSet('animations', animations, dir)),
    ];
    const mix = Object.entries(
      files.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.kind]: (acc[f.kind] ?? 0) + 1 }), {}),
    )
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ');
    const start = await cliStart();
    const verdicts = ['all', 'stills', 'animations'].map((set) => `- ${verdict(rows, set)}`).join('\n');
    process.stdout.write(
      `\nCorpus: ${files.length} images (${mix}).\nMachine: ${before}\nAfter the run: load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )}\n\n${table(rows)}\n\n\`shotput --help\` start, median of 10: ${(start * 1000).toFixed(0)} ms (target under 150 ms: ${start < 0.15 ? 'met' : 'missed'})\n\nTargets:\n${verdicts}\n`,
    );
  } finally {
    if (!process.env.KEEP_BENCH) await rm(dir, { recursive: true, force: true });
  }
}

await main();

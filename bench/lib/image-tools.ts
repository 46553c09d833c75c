// The tools bench:images compares, each run once over a set of files into its own folder: Shotput's
// CLI, the same job in a plain sharp script, vipsthumbnail and ImageMagick's convert.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusFile } from './corpus';
import { measure } from './measure';

/** One file's job as Shotput chose it: the others are asked for exactly the same output. */
export interface Job {
  file: CorpusFile;
  width: number;
  height: number;
  ext: 'jpg' | 'png' | 'gif';
}

export interface Run {
  /** Files the tool reported done. */
  done: number;
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
}

export type Tool = 'shotput prepare' | 'bare sharp' | 'vipsthumbnail' | 'ImageMagick convert';

const root = fileURLToPath(new URL('../..', import.meta.url));
const log = (line: string) => process.stderr.write(`${line}\n`);

export function outputName(job: Job): string {
  return `${path.basename(job.file.path, path.extname(job.file.path))}.${job.ext}`;
}

export async function runShotput(files: CorpusFile[], out: string): Promise<{ run: Run; jobs: Job[] }> {
  const args = [
    path.join(root, 'bin/shotput.js'),
    '--json',
    'prepare',
    ...files.map((f) => f.path),
    '--out',
    out,
    '--overwrite',
  ];
  const result = await measure(process.execPath, args, root);
  const byInput = new Map<string, { width: number; height: number; format: string }>();
  for (const line of result.stdout.split('\n').filter(Boolean)) {
    const entry = JSON.parse(line) as {
      file: string;
      width?: number;
      height?: number;
      format?: string;
      message?: string;
    };
    if (entry.message) log(`  shotput failed on ${entry.file}: ${entry.message}`);
    else byInput.set(entry.file, { width: entry.width!, height: entry.height!, format: entry.format! });
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
  return {
    run: { done: byInput.size, seconds: result.seconds, cpuSeconds: result.cpuSeconds, peakRssMb: result.peakRssMb },
    jobs,
  };
}

/** The same job in one plain sharp script: the practical limit. */
export async function runBareSharp(jobs: Job[], out: string): Promise<Run> {
  const list = path.join(out, 'jobs.json');
  await writeFile(
    list,
    JSON.stringify(jobs.map((j) => ({ path: j.file.path, width: j.width, height: j.height, ext: j.ext }))),
  );
  const result = await measure(process.execPath, [path.join(root, 'bench/lib/bare-sharp.mjs'), list, out], root);
  await rm(list);
  if (result.code !== 0) log(`  bare sharp: ${result.stderr.split('\n')[0]}`);
  return {
    done: result.code === 0 ? jobs.length : 0,
    seconds: result.seconds,
    cpuSeconds: result.cpuSeconds,
    peakRssMb: result.peakRssMb,
  };
}

/**
 * vipsthumbnail takes many files per call but one size and one output pattern: one call per group.
 * Stills only: vipsthumbnail cannot crop an animation (it keeps the first frame); the bare sharp
 * column is libvips' own figure for animations.
 */
export async function runVips(jobs: Job[], out: string): Promise<Run> {
  const groups = new Map<string, Job[]>();
  for (const job of jobs) {
    const key = `${job.width}x${job.height}.${job.ext}`;
    groups.set(key, [...(groups.get(key) ?? []), job]);
  }
  const run: Run = { done: 0, seconds: 0, cpuSeconds: 0, peakRssMb: 0 };
  for (const [key, group] of groups) {
    const [size, ext] = key.split('.') as [string, string];
    const options = ext === 'jpg' ? '[Q=90,strip]' : '[strip]';
    const result = await measure('vipsthumbnail', [
      '--size',
      size,
      '--smartcrop',
      'centre',
      '-o',
      `${out}/%s.${ext}${options}`,
      ...group.map((j) => j.file.path),
    ]);
    if (result.code === 0) run.done += group.length;
    else log(`  vipsthumbnail ${key}: ${result.stderr.split('\n')[0]}`);
    run.seconds += result.seconds;
    run.cpuSeconds += result.cpuSeconds;
    run.peakRssMb = Math.max(run.peakRssMb, result.peakRssMb);
  }
  return run;
}

/** ImageMagick the way scripts use it: one convert per image, resize to fill, centre, cut. */
export async function runMagick(jobs: Job[], out: string): Promise<Run> {
  const run: Run = { done: 0, seconds: 0, cpuSeconds: 0, peakRssMb: 0 };
  for (const job of jobs) {
    const size = `${job.width}x${job.height}`;
    const target = path.join(out, outputName(job));
    const geometry = ['-resize', `${size}^`, '-gravity', 'center', '-extent', size, '+repage', '-strip'];
    const args =
      job.ext === 'gif'
        ? [job.file.path, '-coalesce', ...geometry, '-layers', 'Optimize', target]
        : [job.file.path, '-auto-orient', ...geometry, ...(job.ext === 'jpg' ? ['-quality', '90'] : []), target];
    const result = await measure('/usr/bin/convert', args);
    if (result.code === 0) run.done++;
    else log(`  convert ${job.file.path}: ${result.stderr.split('\n')[0]}`);
    run.seconds += result.seconds;
    run.cpuSeconds += result.cpuSeconds;
    run.peakRssMb = Math.max(run.peakRssMb, result.peakRssMb);
  }
  return run;
}

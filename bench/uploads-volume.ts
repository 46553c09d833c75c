// The volume part of `npm run bench:uploads`: 1,000 files (640x480 PNG) through the upload queue.
//  - at no binding rate limit (the sandbox at 100,000 requests a minute, 100 ms processing);
//  - at the benchmark's limit, 60 requests per 6 s (a floor of 100 s for 1,000 POSTs), and the
//    same with 100 files, for the peak RSS at 100 against 1,000;
//  - a watched folder fed 1,000 files over 100 s at the same limit.
// Each run is a process of its own (bench/lib/volume-run.ts) against a sandbox of its own.
// BENCH_ONLY=text runs only the runs whose name holds it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LONG_RUN_ENV, LONG_RUN_NODE_FLAGS } from '../bin/long-run.js';
import { REPO_ROOT, makeImages, sandboxToken, startSandboxProcess } from './lib/uploads-sandbox';

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Scenario {
  name: string;
  count: number;
  rateLimit: number;
  rateWindowS: number;
  processingMs: number;
  mode: 'batch' | 'watch';
  feedMs?: number;
}

export interface VolumeRow extends Scenario {
  published: number;
  failed: number;
  requests: number;
  tooMany: number;
  seconds: number;
  peakRssMb: number;
  /** User plus system CPU time of the run's process. */
  cpuSeconds: number;
  /** Least possible time: every POST at the limit (0 when the limit does not bind). */
  floorSeconds: number;
}

export const SCENARIOS: Scenario[] = [
  {
    name: '1,000 files, no binding limit',
    count: 1000,
    rateLimit: 100_000,
    rateWindowS: 60,
    processingMs: 100,
    mode: 'batch',
  },
  { name: '100 files at 60 per 6 s', count: 100, rateLimit: 60, rateWindowS: 6, processingMs: 100, mode: 'batch' },
  { name: '1,000 files at 60 per 6 s', count: 1000, rateLimit: 60, rateWindowS: 6, processingMs: 100, mode: 'batch' },
  {
    name: 'watched folder fed 1,000 files over 100 s, at 60 per 6 s',
    count: 1000,
    rateLimit: 60,
    rateWindowS: 6,
    processingMs: 100,
    mode: 'watch',
    feedMs: 100_000,
  },
];

async function runOne(scenario: Scenario, root: string, sourceDir: string): Promise<VolumeRow> {
  const dir = fs.mkdtempSync(path.join(root, 'run-'));
  const sandbox = await startSandboxProcess({
    dataDir: path.join(dir, 'sandbox'),
    rateLimit: scenario.rateLimit,
    rateWindowS: scenario.rateWindowS,
    processingMs: scenario.processingMs,
  });
  try {
    const watchDir = path.join(dir, 'watched');
    fs.mkdirSync(watchDir);
    const input = {
      url: sandbox.url,
      token: await sandboxToken(sandbox.url),
      dataDir: path.join(dir, 'data'),
      sourceDir,
      watchDir,
      ...scenario,
    };
    // As `shotput upload` and `watch` run (bin/shotput.js with bin/long-run.js): the same malloc
    // arenas and V8 flags, unless BENCH_ARENAS or BENCH_NODE_FLAGS say otherwise ('default' leaves
    // that one out; BENCH_NODE_FLAGS is a space-separated list).
    const given = (value: string | undefined, fallback: string) =>
      value === 'default' ? undefined : (value ?? fallback);
    const env: NodeJS.ProcessEnv = { ...process.env, ...LONG_RUN_ENV };
    env.MALLOC_ARENA_MAX = given(process.env.BENCH_ARENAS, LONG_RUN_ENV.MALLOC_ARENA_MAX);
    if (env.MALLOC_ARENA_MAX === undefined) delete env.MALLOC_ARENA_MAX;
    const flags = given(process.env.BENCH_NODE_FLAGS, LONG_RUN_NODE_FLAGS.join(' '))?.split(' ') ?? [];
    const script = path.join(REPO_ROOT, 'bench', 'lib', 'volume-run.ts');
    const child = spawn(process.execPath, [...flags, '--import', 'tsx', script, JSON.stringify(input)], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`${scenario.name}: the run exited ${code}`);
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as Omit<VolumeRow, keyof Scenario | 'floorSeconds'>;
    const perSecond = scenario.rateLimit / scenario.rateWindowS;
    const postFloor = perSecond >= 1_000 ? 0 : scenario.count / perSecond;
    return { ...scenario, ...result, floorSeconds: Math.max(postFloor, (scenario.feedMs ?? 0) / 1000) };
  } finally {
    await sandbox.stop();
  }
}

export async function runVolume(root: string): Promise<VolumeRow[]> {
  // BENCH_VOLUME_IMAGES=dir keeps the 1,000 images between runs.
  const sourceDir = process.env.BENCH_VOLUME_IMAGES ?? path.join(root, 'volume-images');
  const present = fs.existsSync(sourceDir) ? fs.readdirSync(sourceDir).filter((n) => n.endsWith('.png')).length : 0;
  if (present < 1000) {
    log('making 1,000 images (640x480 PNG)…');
    await makeImages(sourceDir, 1000, 'vol', 5000, { width: 640, height: 480 });
  }
  const rows: VolumeRow[] = [];
  for (const scenario of SCENARIOS.filter((s) => !process.env.BENCH_ONLY || s.name.includes(process.env.BENCH_ONLY))) {
    log(`${scenario.name}… (load average ${os.loadavg()[0]!.toFixed(2)})`);
    const row = await runOne(scenario, root, sourceDir);
    log(`  ${JSON.stringify(row)}`);
    rows.push(row);
  }
  return rows;
}

export function volumeTable(rows: VolumeRow[]): string[] {
  const at = (count: number) => rows.find((r) => r.mode === 'batch' && r.count === count && r.rateLimit === 60);
  const small = at(100);
  const large = at(1000);
  return [
    '| Run | Published | Failed | Requests per shot | 429s | Wall time | Floor | × floor | Peak RSS | CPU |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.published}/${r.count} | ${r.failed} | ${(r.requests / Math.max(1, r.published)).toFixed(3)} | ${r.tooMany} | ${r.seconds.toFixed(1)} s | ${r.floorSeconds ? `${r.floorSeconds.toFixed(0)} s` : 'none'} | ${r.floorSeconds ? (r.seconds / r.floorSeconds).toFixed(3) : '–'} | ${r.peakRssMb.toFixed(0)} MB | ${r.cpuSeconds.toFixed(1)} s |`,
    ),
    ...(small && large
      ? ['', `Peak RSS at 1,000 files ÷ at 100: ${(large.peakRssMb / small.peakRssMb).toFixed(2)}.`]
      : []),
  ];
}

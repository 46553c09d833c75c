// One volume run of the upload queue, in a process of its own so its peak RSS is its own:
// `node --import tsx bench/lib/volume-run.ts '<json>'` with { url, token, dataDir, sourceDir,
// count, mode, processingMs, feedMs?, watchDir? }. mode "batch" adds every file at once (as
// `shotput upload` does); mode "watch" feeds the files one by one into a watched folder over
// feedMs. Prints one JSON line: published, failed, requests, tooMany, seconds, peakRssMb,
// cpuSeconds.
import fs from 'node:fs';
import path from 'node:path';
import { RateLimitGovernor } from '../../main/service/rate-limit-governor';
import { ServiceClient } from '../../main/service/service-client';
import { UploadQueue, WatchedFolder, imagePreparer, serviceAdapter } from '../../main/uploads/index';

interface RunInput {
  url: string;
  token: string;
  dataDir: string;
  sourceDir: string;
  count: number;
  mode: 'batch' | 'watch';
  processingMs: number;
  feedMs?: number;
  watchDir?: string;
}

const input = JSON.parse(process.argv[2]!) as RunInput;
let requests = 0;
let tooMany = 0;
const counting: typeof fetch = async (url, init) => {
  requests++;
  const response = await fetch(url, init);
  if (response.status === 429) tooMany++;
  return response;
};

async function main(): Promise<void> {
  if (process.env.BENCH_MEMLOG) {
    setInterval(() => {
      const m = process.memoryUsage();
      process.stderr.write(
        `rss ${(m.rss / 1048576).toFixed(0)} heap ${(m.heapUsed / 1048576).toFixed(0)}/${(m.heapTotal / 1048576).toFixed(0)} external ${(m.external / 1048576).toFixed(0)} buffers ${(m.arrayBuffers / 1048576).toFixed(0)}\n`,
      );
    }, 3_000).unref();
  }
  // BENCH_MEMLOG=2 adds, every 15 s and at the end, V8's spaces (size/used MB) and the process's
  // resident memory by mapping (MB): what a peak is made of.
  if (process.env.BENCH_MEMLOG === '2') {
    const v8 = await import('node:v8');
    const dump = () => {
      const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
      const spaces = v8
        .getHeapSpaceStatistics()
        .filter((s) => s.space_size > 0)
        .map((s) => `${s.space_name.replace('_space', '')} ${mb(s.space_size)}/${mb(s.space_used_size)}`);
      const resident = new Map<string, number>();
      let mapping = '';
      for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
        const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
        if (head) mapping = path.basename(head[1] || '[anon]');
        const rss = /^Rss:\s+(\d+) kB/.exec(line);
        if (rss) resident.set(mapping, (resident.get(mapping) ?? 0) + Number(rss[1]) * 1024);
      }
      const top = [...resident].sort((a, b) => b[1] - a[1]).slice(0, 6);
      process.stderr.write(
        `spaces: ${spaces.join(', ')}\nresident: ${top.map(([name, bytes]) => `${name} ${mb(bytes)}`).join(', ')}\n`,
      );
    };
    setInterval(dump, 15_000).unref();
    process.on('beforeExit', dump);
  }
  const files = fs
    .readdirSync(input.sourceDir)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .slice(0, input.count)
    .map((name) => path.join(input.sourceDir, name));
  const client = new ServiceClient({
    apiUrl: input.url,
    accessToken: input.token,
    governor: new RateLimitGovernor(),
    fetch: counting,
  });
  const queue = UploadQueue.open({
    dataDir: input.dataDir,
    service: serviceAdapter(client),
    preparer: imagePreparer,
    expectedProcessingMs: input.processingMs,
  });
  const started = performance.now();
  if (input.mode === 'batch') {
    await queue.add(files.map((file) => ({ sourcePath: file, metadata: { title: path.parse(file).name } })));
    await queue.whenIdle();
  } else {
    const folder = new WatchedFolder(queue, { folder: input.watchDir!, stableMs: 500 });
    await folder.start();
    const gap = (input.feedMs ?? 0) / files.length;
    for (const [i, file] of files.entries()) {
      const due = started + i * gap;
      if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
      fs.copyFileSync(file, path.join(input.watchDir!, path.basename(file)));
    }
    // Every file taken and every job ended.
    for (;;) {
      await folder.settled();
      await queue.whenIdle();
      const counts = folder.getCounts();
      if (counts.uploaded + counts.failed + counts.skipped >= files.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await folder.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const jobs = queue.list();
  await queue.close();
  process.stdout.write(
    `${JSON.stringify({
      published: jobs.filter((j) => j.state === 'published').length,
      failed: jobs.filter((j) => j.state === 'failed').length,
      requests,
      tooMany,
      seconds,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      cpuSeconds: (process.resourceUsage().userCPUTime + process.resourceUsage().systemCPUTime) / 1e6,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`volume run failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

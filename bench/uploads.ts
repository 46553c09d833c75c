// `npm run bench:uploads`: 120 files to a sandbox limited to 60 requests per 6 s, by Shotput's
// upload queue and by a naive client (POST each file, poll each Location every 500 ms), one
// after the other in the same run, each as its own account so they do not share a window.
// Requests are counted on the client side by wrapping fetch. Prints a Markdown table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { RateLimitGovernor } from '../main/service/rate-limit-governor';
import { ServiceClient } from '../main/service/service-client';
import { UploadQueue, imagePreparer, serviceAdapter } from '../main/uploads/index';
import { makeImages, sandboxToken, startSandboxProcess } from './lib/uploads-sandbox';
import { runVolume, volumeTable } from './uploads-volume';

const FILES = 120;
const RATE_LIMIT = 60;
const RATE_WINDOW_S = 6;
const PROCESSING_MS = 500;
const NAIVE_TIMEOUT_MS = 180_000;

interface Counter {
  requests: number;
  tooMany: number;
  /** Send times (ms) of the requests that opened a new rate window (remaining = limit - 1). */
  windowStarts: number[];
}

interface Row {
  client: string;
  published: number;
  requests: number;
  tooMany: number;
  seconds: number;
  lateSeconds: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function countingFetch(counter: Counter): typeof fetch {
  return async (input, init) => {
    counter.requests++;
    const sentAt = performance.now();
    const response = await fetch(input, init);
    if (response.status === 429) counter.tooMany++;
    if (response.headers.get('x-ratelimit-remaining') === String(RATE_LIMIT - 1)) counter.windowStarts.push(sentAt);
    return response;
  };
}

/** Seconds the client waited past the nominal end of each rate window before the next one opened. */
function lateness(counter: Counter): number {
  const starts = [...counter.windowStarts].sort((a, b) => a - b);
  let late = 0;
  for (let i = 1; i < starts.length; i++) late += Math.max(0, starts[i]! - starts[i - 1]! - RATE_WINDOW_S * 1000);
  return late / 1000;
}

async function runShotput(url: string, token: string, files: string[], dataDir: string): Promise<Row> {
  const counter: Counter = { requests: 0, tooMany: 0, windowStarts: [] };
  const client = new ServiceClient({
    apiUrl: url,
    accessToken: token,
    governor: new RateLimitGovernor(),
    fetch: countingFetch(counter),
  });
  const queue = UploadQueue.open({
    dataDir,
    service: serviceAdapter(client),
    preparer: imagePreparer,
    expectedProcessingMs: PROCESSING_MS,
  });
  const started = performance.now();
  await queue.add(files.map((file) => ({ sourcePath: file, metadata: { title: `bench-${path.parse(file).name}` } })));
  await queue.whenIdle();
  const seconds = (performance.now() - started) / 1000;
  const published = queue.list().filter((j) => j.state === 'published').length;
  await queue.close();
  return {
    client: 'Shotput queue',
    published,
    requests: counter.requests,
    tooMany: counter.tooMany,
    seconds,
    lateSeconds: lateness(counter),
  };
}

/** What a quick script would do: POST every file in turn, poll each Location every 500 ms, wait 1 s on a 429. */
async function runNaive(url: string, token: string, files: string[]): Promise<Row> {
  const counter: Counter = { requests: 0, tooMany: 0, windowStarts: [] };
  const call = countingFetch(counter);
  const headers = { authorization: `Bearer ${token}` };
  const deadline = Date.now() + NAIVE_TIMEOUT_MS;
  let published = 0;
  const polls: Promise<void>[] = [];
  const started = performance.now();
  for (const file of files) {
    let location: string | null = null;
    while (!location && Date.now() < deadline) {
      const form = new FormData();
      form.append('image', new Blob([fs.readFileSync(file)], { type: 'image/png' }), path.basename(file));
      form.append('title', `naive-${path.parse(file).name}`);
      const response = await call(`${url}/v2/shots`, { method: 'POST', headers, body: form });
      await response.body?.cancel();
      if (response.status === 202) location = response.headers.get('location');
      else await sleep(1_000);
    }
    if (!location) break;
    const address = location;
    polls.push(
      (async () => {
        while (Date.now() < deadline) {
          await sleep(500);
          const response = await call(address, { headers });
          await response.body?.cancel();
          if (response.status === 200) {
            published++;
            return;
          }
        }
      })(),
    );
  }
  await Promise.all(polls);
  const seconds = (performance.now() - started) / 1000;
  return {
    client: 'Naive (POST, poll Location every 500 ms)',
    published,
    requests: counter.requests,
    tooMany: counter.tooMany,
    seconds,
    lateSeconds: lateness(counter),
  };
}

function machine(): string {
  const cpu = fs.readFileSync('/proc/cpuinfo', 'utf8');
  const model = /model name\s*:\s*(.+)/.exec(cpu)?.[1] ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `${os.availableParallelism()} cores (${model}), Node ${process.version}, sharp ${sharp.versions.sharp}; load average ${load}`;
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-bench-uploads-'));
  const sandbox = await startSandboxProcess({
    dataDir: path.join(root, 'sandbox'),
    rateLimit: RATE_LIMIT,
    rateWindowS: RATE_WINDOW_S,
    processingMs: PROCESSING_MS,
  });
  try {
    log(`sandbox at ${sandbox.url}; making ${FILES} images…`);
    const files = await makeImages(path.join(root, 'images'), FILES, 'shot');
    const rows: Row[] = [];
    log('Shotput queue…');
    rows.push(await runShotput(sandbox.url, await sandboxToken(sandbox.url, 'ada'), files, path.join(root, 'data')));
    log('naive client…');
    rows.push(await runNaive(sandbox.url, await sandboxToken(sandbox.url, 'ben'), files));

    // At a steady 60 requests per 6 s, 120 POSTs take 12 s. A fixed window lets the first 60 go at
    // once, but 120 POSTs plus any confirmation need a third window, which opens 12 s after the first.
    const least = FILES / (RATE_LIMIT / RATE_WINDOW_S);
    const lines = [
      `Uploads: ${FILES} files (400x300 PNG), sandbox at ${RATE_LIMIT} requests per ${RATE_WINDOW_S} s, processing ${PROCESSING_MS} ms. Least possible time: ${FILES} POSTs at the limit = ${least.toFixed(1)} s.`,
      '',
      '| Client | Published | Requests | Requests per shot | 429s | Wall time | × least possible |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.client} | ${r.published}/${FILES} | ${r.requests} | ${(r.requests / Math.max(1, r.published)).toFixed(3)} | ${r.tooMany} | ${r.seconds.toFixed(1)} s | ${(r.seconds / least).toFixed(2)} |`,
      ),
      '',
      `Shotput waited ${rows[0]!.lateSeconds.toFixed(1)} s in all past the nominal ends of the rate windows (the governor waits for X-RateLimit-Reset plus a small safety margin).`,
      '',
      `Machine: ${machine()}.`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    // The volume runs (BENCH_VOLUME=0 leaves them out): 1,000 files, each run in its own process.
    if (process.env.BENCH_VOLUME !== '0') {
      const volume = await runVolume(root);
      process.stdout.write(
        `\nVolume: 1,000 files (640x480 PNG), 100 ms processing.\n\n${volumeTable(volume).join('\n')}\n\nMachine: ${machine()}.\n`,
      );
    }
  } finally {
    await sandbox.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  log(`bench:uploads failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});

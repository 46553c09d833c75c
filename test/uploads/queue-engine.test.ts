// The upload queue with the real service client, the real image pipeline and the sandbox over
// HTTP. Where a lost answer is needed, the real service port is wrapped to lose it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/index';
import type { Sandbox } from '../../sandbox/index';
import { RateLimitGovernor } from '../../main/service/rate-limit-governor';
import { ServiceClient } from '../../main/service/service-client';
import { UploadQueue, imagePreparer, serviceAdapter } from '../../main/uploads/index';
import type { JobEvent, UploadQueueOptions, UploadService } from '../../main/uploads/index';
import { listAllShots, makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';

let root: string;
let sandbox: Sandbox;
let slowSandbox: Sandbox;
let seed = 2000;
const queues: UploadQueue[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-queue-'));
  sandbox = await startSandbox({ port: 0, processingMs: 200, rateLimit: 1000, rateWindowS: 5 });
  // A service that never finishes processing within the test.
  slowSandbox = await startSandbox({ port: 0, processingMs: 600_000, rateLimit: 1000, rateWindowS: 5 });
});

afterAll(async () => {
  for (const queue of queues) await queue.close();
  await sandbox?.close();
  await slowSandbox?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function service(target: Sandbox, username = 'ada'): Promise<UploadService> {
  const token = await sandboxToken(target.url, username);
  return serviceAdapter(
    new ServiceClient({ apiUrl: target.url, accessToken: token, governor: new RateLimitGovernor() }),
  );
}

function open(port: UploadService, dataDir: string, options: Partial<UploadQueueOptions> = {}): UploadQueue {
  const queue = UploadQueue.open({
    dataDir,
    service: port,
    preparer: imagePreparer,
    expectedProcessingMs: 200,
    busyCheckGapMs: 500,
    retryBaseMs: 50,
    ...options,
  });
  queues.push(queue);
  return queue;
}

async function images(count: number, prefix: string): Promise<string[]> {
  seed += 50;
  return makeImages(path.join(root, prefix), count, prefix, seed);
}

async function titles(target: Sandbox, prefix: string): Promise<string[]> {
  const reader = await sandboxToken(target.url, 'ada', 'web-demo');
  return (await listAllShots(target.url, reader))
    .map((s) => s.title)
    .filter((t) => t.startsWith(prefix))
    .sort();
}

describe('upload queue', () => {
  it('publishes every file once and reports each state change', { timeout: 60_000 }, async () => {
    const files = await images(5, 'q1');
    const queue = open(await service(sandbox), path.join(root, 'd1'));
    const events: JobEvent[] = [];
    queue.on('event', (e) => events.push(e));
    const added = await queue.add(files.map((f, i) => ({ sourcePath: f, metadata: { title: `q1 shot ${i}` } })));
    expect(added.map((a) => a.status)).toEqual(Array(5).fill('added'));
    await queue.whenIdle();
    expect(queue.list().map((j) => j.state)).toEqual(Array(5).fill('published'));
    expect(await titles(sandbox, 'q1 ')).toEqual(['q1 shot 0', 'q1 shot 1', 'q1 shot 2', 'q1 shot 3', 'q1 shot 4']);
    const first = events
      .filter((e) => e.type === 'job' && e.job.sourcePath === files[0])
      .map((e) => (e.type === 'job' ? e.job.state : ''));
    expect(first).toEqual(['queued', 'preparing', 'ready', 'uploading', 'processing', 'published']);
    expect(events.some((e) => e.type === 'progress' && e.sentBytes === e.totalBytes)).toBe(true);
  });

  it(
    'finds a shot whose 202 was lost instead of sending it again, and resends one that never arrived',
    { timeout: 60_000 },
    async () => {
      const files = await images(2, 'q2');
      const real = await service(sandbox);
      let posts = 0;
      // The first POST reaches the service but its answer is lost; the second never leaves.
      const lossy: UploadService = {
        ...real,
        async createShot(form, onProgress) {
          posts++;
          if (posts === 1) {
            const created = await real.createShot(form, onProgress);
            expect(created.ok).toBe(true);
            return {
              ok: false,
              error: { code: 'unknown-outcome', message: 'The connection broke after sending.', retryable: true },
            };
          }
          if (posts === 2)
            return {
              ok: false,
              error: { code: 'unknown-outcome', message: 'The connection broke before sending.', retryable: true },
            };
          return real.createShot(form, onProgress);
        },
      };
      const queue = open(lossy, path.join(root, 'd2'), { uploadConcurrency: 1 });
      await queue.add(files.map((f, i) => ({ sourcePath: f, metadata: { title: `q2 shot ${i}` } })));
      await queue.whenIdle();
      expect(queue.list().map((j) => j.state)).toEqual(['published', 'published']);
      expect(posts).toBe(3);
      expect(await titles(sandbox, 'q2 ')).toEqual(['q2 shot 0', 'q2 shot 1']);
    },
  );

  it('resumes after a restart and never adds the same content twice', { timeout: 60_000 }, async () => {
    const [file] = await images(1, 'q3');
    const port = await service(sandbox);
    const data = path.join(root, 'd3');
    const first = open(port, data);
    first.pause();
    await first.add([{ sourcePath: file!, metadata: { title: 'q3 once' } }]);
    await first.close();

    const second = open(port, data);
    const again = await second.add([{ sourcePath: file!, metadata: { title: 'q3 once' } }]);
    expect(again[0]?.status).toBe('existing');
    await second.whenIdle();
    expect(second.list().map((j) => j.state)).toEqual(['published']);
    expect(second.clearFinished()).toBe(1);
    const later = await second.add([{ sourcePath: file!, metadata: { title: 'q3 once' } }]);
    expect(later[0]).toMatchObject({ status: 'skipped' });
    expect(await titles(sandbox, 'q3 ')).toEqual(['q3 once']);
  });

  it('refuses what the service would refuse before any request', { timeout: 60_000 }, async () => {
    const files = await images(5, 'q4');
    // ben is not pro and on no team.
    const queue = open(await service(sandbox, 'ben'), path.join(root, 'd4'));
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await queue.add([
      { sourcePath: files[0]!, metadata: { title: ' ' } },
      { sourcePath: files[1]!, metadata: { title: 'q4 tags', tags: Array.from({ length: 13 }, (_, i) => `t${i}`) } },
      { sourcePath: files[2]!, metadata: { title: 'q4 later', scheduledFor: later } },
      { sourcePath: files[3]!, metadata: { title: 'q4 team', teamId: 4 } },
      { sourcePath: files[4]!, metadata: { title: 'q4 wrong size' }, prepare: { size: '400x300', format: 'gif' } },
    ]);
    await queue.whenIdle();
    const reasons = queue.list().map((j) => `${j.state}: ${j.failure?.message ?? ''}`);
    expect(reasons[0]).toMatch(/^failed: A shot needs a title/);
    expect(reasons[1]).toMatch(/^failed: A shot has at most 12 tags; this one has 13: remove 1\./);
    expect(reasons[2]).toMatch(/^failed: Scheduling a shot is only for pro accounts, teams and team members/);
    expect(reasons[3]).toMatch(/^failed: This account is not a member of team 4/);
    // A GIF output is a valid choice of the pipeline: that one is uploaded.
    expect(reasons[4]).toBe('published: ');
    // Each failure keeps the code of the rule it broke.
    expect(queue.list().map((j) => j.failure?.code)).toEqual([
      'invalid-shot',
      'invalid-shot',
      'cannot-schedule',
      'not-on-team',
      undefined,
    ]);
    expect(
      queue
        .list()
        .slice(0, 4)
        .every((j) => j.attempts === 0),
    ).toBe(true);
  });

  it('schedules a batch one every N hours, ending as scheduled', { timeout: 60_000 }, async () => {
    const { spreadSchedule } = await import('../../main/uploads/index');
    const files = await images(3, 'q5');
    const times = spreadSchedule({ start: '2031-03-01T09:00:00Z', everyHours: 6 }, files.length);
    expect(times).toEqual(['2031-03-01T09:00:00.000Z', '2031-03-01T15:00:00.000Z', '2031-03-01T21:00:00.000Z']);
    const queue = open(await service(sandbox, 'ada'), path.join(root, 'd5'));
    await queue.add(files.map((f, i) => ({ sourcePath: f, metadata: { title: `q5 ${i}`, scheduledFor: times[i] } })));
    await queue.whenIdle();
    const jobs = queue.list();
    expect(jobs.map((j) => j.state)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    expect(jobs.map((j) => Date.parse(j.scheduledFor!))).toEqual(times.map((t) => Date.parse(t)));
  });

  it('pauses, edits, cancels and resumes jobs before they are sent', { timeout: 60_000 }, async () => {
    const files = await images(3, 'q6');
    const queue = open(await service(sandbox), path.join(root, 'd6'));
    queue.pause();
    const added = await queue.add(files.map((f, i) => ({ sourcePath: f, metadata: { title: `q6 draft ${i}` } })));
    const [a, b, c] = added.map((r) => (r.status === 'added' ? r.job.id : ''));
    expect(queue.edit(a!, { metadata: { title: 'q6 edited', tags: ['edited'] } }).ok).toBe(true);
    expect(queue.cancel(b!).ok).toBe(true);
    expect(queue.pauseJob(c!).ok).toBe(true);
    queue.resume();
    await queue.whenIdle();
    expect(queue.get(a!)?.state).toBe('published');
    expect(queue.get(b!)?.state).toBe('cancelled');
    expect(queue.get(c!)).toMatchObject({ state: 'queued', paused: true });
    expect(queue.edit(a!, { metadata: { title: 'too late' } })).toMatchObject({ ok: false });
    expect(queue.resumeJob(c!).ok).toBe(true);
    await queue.whenIdle();
    expect(queue.get(c!)?.state).toBe('published');
    expect(await titles(sandbox, 'q6 ')).toEqual(['q6 draft 2', 'q6 edited']);
  });

  it('gives up on a shot whose Location keeps answering 404, with a reason', { timeout: 60_000 }, async () => {
    const [file] = await images(1, 'q7');
    const queue = open(await service(slowSandbox), path.join(root, 'd7'), { processingTimeoutMs: 2_000 });
    await queue.add([{ sourcePath: file!, metadata: { title: 'q7 never' } }]);
    await queue.whenIdle();
    const [job] = queue.list();
    expect(job?.state).toBe('failed');
    expect(job?.failure?.message).toMatch(/accepted the shot \(id \d+\) but it was still not available after/);
    expect(job?.failure).toMatchObject({ code: 'not-confirmed', retryable: true });
  });
});

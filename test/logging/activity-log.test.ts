// Rate-limit waits and job changes as log lines: a real governor against a local server that
// reports an exhausted budget, and job events as the queue emits them.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeFolderChanges, logJobEvent, logRateLimitWaits } from '../../main/logging/activity-log';
import { createLogger } from '../../main/logging/logger';
import { RateLimitGovernor } from '../../main/service/rate-limit-governor';
import type { UploadJob } from '../../main/uploads/types';
import { FakeClock } from '../service/fake-clock';

function memoryLog() {
  const lines: string[] = [];
  return {
    lines,
    log: createLogger({ sinks: [{ write: (line) => void lines.push(line.replace(/^\S+ /, '')) }] }, 'service'),
  };
}

describe('logRateLimitWaits', () => {
  it('logs one line when requests start waiting for the window and one when they go on', async () => {
    let served = 0;
    const server = createServer((_request, response) => {
      served += 1;
      // The first answer spends the whole budget; the window resets a second later.
      const reset = Math.ceil(Date.now() / 1000) + 1;
      response.writeHead(200, {
        'x-ratelimit-limit': '1',
        'x-ratelimit-remaining': served === 1 ? '0' : '1',
        'x-ratelimit-reset': String(reset),
      });
      response.end('{}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/user`;
    try {
      // The wait is the governor's own timer, not the subject: its clock is moved past the window.
      const clock = new FakeClock();
      const governor = new RateLimitGovernor({ resetMarginMs: 50, clock });
      const { lines, log } = memoryLog();
      const stop = logRateLimitWaits(log, (listener) => governor.onState(listener));
      const get = () => governor.run({ method: 'GET', path: '/v2/user', send: (signal) => fetch(url, { signal }) });
      await (await get()).text();
      const second = get();
      await clock.advance(500);
      expect(served).toBe(1);
      await clock.advance(2_000);
      await (await second).text();
      stop();
      expect(served).toBe(2);
      expect(lines[0]).toMatch(
        /^INFO {2}\[service\] rate limit: 1 request\(s\) wait \d s for the window to reset \(0\/1 left\)\n$/,
      );
      expect(lines.at(-1)).toBe('INFO  [service] rate limit: the window reset, requests go on\n');
      expect(lines.filter((line) => line.includes('wait'))).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});

describe('logJobEvent', () => {
  const job = (state: UploadJob['state'], extra: Partial<UploadJob> = {}) =>
    ({ id: 'job-1', state, paused: false, ...extra }) as UploadJob;

  it('logs changes of state, with the shot and the reason of a failure; unchanged saves say nothing', () => {
    const { lines, log } = memoryLog();
    logJobEvent(log, { type: 'job', job: job('processing', { shotId: 42 }), previous: 'uploading' });
    logJobEvent(log, {
      type: 'job',
      job: job('failed', {
        failure: { code: 'rejected', message: 'The service refused the image.', retryable: false },
      }),
      previous: 'uploading',
    });
    logJobEvent(log, { type: 'job', job: job('queued'), previous: 'queued' });
    logJobEvent(log, { type: 'progress', id: 'job-1', sentBytes: 10, totalBytes: 20 });
    logJobEvent(log, { type: 'idle' });
    expect(lines).toEqual([
      'INFO  [service] job job-1: uploading → processing (shot 42)\n',
      'WARN  [service] job job-1: uploading → failed: The service refused the image.\n',
      'INFO  [service] queue idle\n',
    ]);
  });
});

describe('describeFolderChanges', () => {
  const folder = (
    status: string,
    counts = { seen: 0, uploaded: 0, skipped: 0, failed: 0 },
    problem: string | null = null,
  ) => ({ id: 'f1', name: 'Exports', status, problem, counts });

  it('names added and removed folders, status changes with their problem, and new counts', () => {
    expect(describeFolderChanges([], [folder('starting')])).toEqual(['watch Exports: added (starting)']);
    expect(describeFolderChanges([folder('starting')], [folder('watching')])).toEqual([
      'watch Exports: starting → watching',
    ]);
    expect(describeFolderChanges([folder('watching')], [folder('error', undefined, 'The folder is gone.')])).toEqual([
      'watch Exports: watching → error: The folder is gone.',
    ]);
    expect(
      describeFolderChanges(
        [folder('watching')],
        [folder('watching', { seen: 2, uploaded: 1, skipped: 1, failed: 0 })],
      ),
    ).toEqual(['watch Exports: 2 seen, 1 uploaded, 1 skipped, 0 failed']);
    expect(describeFolderChanges([folder('watching')], [folder('watching')])).toEqual([]);
    expect(describeFolderChanges([folder('off')], [])).toEqual(['watch Exports: removed']);
  });
});

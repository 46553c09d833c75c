// Issue 32, finding 4: the service goes away mid-batch (the sandbox's process is stopped). Within
// 15 s stderr says "Cannot reach <host>: trying again in N s; nothing is lost", at most once per
// 30 s, and when the service is back one line says so; every file is published once.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAllShots, makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../uploads/cli-process';
import type { CliRun } from '../uploads/cli-process';
import { useCliSandbox } from '../uploads/cli-sandbox';

const fixture = useCliSandbox('offline', { processingMs: 500, rateLimit: 4, rateWindowS: 2 });

/** stderr's lines with the time each arrived. */
function timedLines(run: CliRun): { at: number; line: string }[] {
  const seen: { at: number; line: string }[] = [];
  let buffered = '';
  run.child.stderr!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) seen.push({ at: Date.now(), line });
  });
  return seen;
}

describe('the service stops answering mid-batch', () => {
  it(
    'one sentence within 15 s, at most one per 30 s, one when it is back, every file once',
    { timeout: 180_000 },
    async () => {
      const url = new URL(fixture.sandbox.url);
      const token = await sandboxToken(fixture.sandbox.url, 'ada');
      const files = await makeImages(path.join(fixture.root, 'files'), 8, 'offline', 1_100);
      const run = runCli(
        ['--api', fixture.sandbox.url, '--token', token, '--data-dir', path.join(fixture.root, 'data')],
        ['upload', ...files],
        {
          SHOTPUT_EXPECTED_PROCESSING_MS: '300',
        },
      );
      fixture.children.push(run);
      const lines = timedLines(run);
      await run.waitForLine((l) => l.type === 'job' && l.state === 'processing');
      await fixture.sandbox.stop();
      const stoppedAt = Date.now();
      // Down for 12 s, shorter than the 30 s gap, which test/cli/reachability.test.ts checks on a
      // moved clock instead of this process waiting it out. The client and the queue try again
      // several times in 12 s, so a line for each failed try would show here as lines too close.
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      await fixture.startAgain();
      expect(await run.exited, run.stderr()).toBe(0);

      const outage = lines.filter((l) => l.line.startsWith(`shotput: Cannot reach ${url.host}: trying again in `));
      expect(outage.length, run.stderr()).toBeGreaterThanOrEqual(1);
      expect(outage[0]!.line).toMatch(/: trying again in \d+ s; nothing is lost\.$/);
      expect(outage[0]!.at - stoppedAt).toBeLessThan(15_000);
      for (let i = 1; i < outage.length; i++) expect(outage[i]!.at - outage[i - 1]!.at).toBeGreaterThanOrEqual(29_000);
      expect(lines.filter((l) => l.line === `shotput: ${url.host} answers again; the uploads go on.`)).toHaveLength(1);

      const reader = await sandboxToken(fixture.sandbox.url, 'ada', 'web-demo');
      const titles = (await listAllShots(fixture.sandbox.url, reader))
        .map((s) => s.title)
        .filter((t) => t.startsWith('offline-'));
      expect(titles.sort()).toEqual(files.map((f) => path.parse(f).name).sort());
    },
  );
});

// The same 30-file batch through a bad network: 10% of requests answer 500, 5% have their
// connection dropped, every request waits 200 ms. Each file still ends on the service once.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAllShots, makeImages, sandboxToken, setFaults } from '../../bench/lib/uploads-sandbox';
import { runCli } from './cli-process';
import { useCliSandbox } from './cli-sandbox';

const PROCESSING_MS = 400;
const fixture = useCliSandbox('faults', { processingMs: PROCESSING_MS, rateLimit: 60, rateWindowS: 5 });

describe('uploads through faults', () => {
  it(
    'publishes each of 30 files exactly once with 500s, dropped connections and latency',
    { timeout: 240_000 },
    async () => {
      const files = await makeImages(path.join(fixture.root, 'images'), 30, 'faulty', 500);
      const token = await sandboxToken(fixture.sandbox.url);
      // Seeded: the faults fall the same way each run, so the batch always meets some (unseeded, a
      // clean run once met none that left a job an error to say).
      await setFaults(fixture.sandbox.url, { status: 500, rate: 0.1, reset_rate: 0.05, latency_ms: 200, seed: 7 });
      const globals = ['--api', fixture.sandbox.url, '--token', token, '--data-dir', path.join(fixture.root, 'data')];
      const run = runCli(globals, ['upload', ...files], { SHOTPUT_EXPECTED_PROCESSING_MS: String(PROCESSING_MS) });
      fixture.children.push(run);
      const code = await run.exited;
      expect(code, run.stderr()).toBe(0);
      const published = run.lines.filter((l) => l.type === 'job' && l.state === 'published');
      expect(new Set(published.map((l) => l.file)).size).toBe(30);
      // The faults were really met: some POST outcomes were unknown and had to be looked for.
      expect(run.lines.some((l) => l.type === 'job' && typeof l.last_error === 'string')).toBe(true);

      await setFaults(fixture.sandbox.url, {});
      const reader = await sandboxToken(fixture.sandbox.url, 'ada', 'web-demo');
      const titles = (await listAllShots(fixture.sandbox.url, reader))
        .map((s) => s.title)
        .filter((t) => t.startsWith('faulty-'));
      expect(titles.sort()).toEqual(files.map((f) => path.parse(f).name).sort());
    },
  );
});

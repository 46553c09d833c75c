// `watch` stopped by SIGTERM drains: it takes no new file, finishes the uploads in flight (sent
// and confirmed) within a bound, leaves the rest in the queue, and exits 143 saying how to resume.
// Run again, it uploads what was left, each file once.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAllShots, makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../uploads/cli-process';
import { useCliSandbox } from '../uploads/cli-sandbox';

// Slow processing and a tight budget: at the signal, shots are processing and files still wait.
const fixture = useCliSandbox('drain', { processingMs: 2_500, rateLimit: 4, rateWindowS: 2 });

describe('watch stopped by SIGTERM', () => {
  it(
    'finishes the uploads in flight, exits 143 with how to resume, and the next run uploads the rest once',
    { timeout: 120_000 },
    async () => {
      const folder = path.join(fixture.root, 'watched');
      const files = await makeImages(folder, 8, 'drain', 900);
      const globals = [
        '--api',
        fixture.sandbox.url,
        '--token',
        await sandboxToken(fixture.sandbox.url),
        '--data-dir',
        path.join(fixture.root, 'data'),
      ];
      const env = { SHOTPUT_EXPECTED_PROCESSING_MS: '500', SHOTPUT_DRAIN_MS: '30000' };
      const watch = runCli(globals, ['watch', folder, '--stable-ms', '200'], env);
      fixture.children.push(watch);
      await watch.waitForLine((l) => l.type === 'job' && l.state === 'processing');
      const processing = new Set(
        watch.lines.filter((l) => l.type === 'job' && l.state === 'processing').map((l) => String(l.id)),
      );
      watch.child.kill('SIGTERM');
      expect(await watch.exited, watch.stderr()).toBe(143);
      expect(watch.stderr()).toMatch(
        /shotput: stopped; (\d+ files? left unfinished in the queue|the uploads in flight were finished)\. Run the same command again to resume/,
      );
      // Each shot that was processing at the signal was followed until the service published it.
      const published = new Set(
        watch.lines.filter((l) => l.type === 'job' && l.state === 'published').map((l) => String(l.id)),
      );
      for (const id of processing) expect(published.has(id), id).toBe(true);
      const counts = watch.lines.find((l) => l.type === 'folder') as { uploaded: number } | undefined;
      expect(counts?.uploaded).toBe(published.size);

      const again = runCli(globals, ['watch', folder, '--once', '--stable-ms', '200'], env);
      fixture.children.push(again);
      expect(await again.exited, again.stderr()).toBe(0);
      expect(again.lines.find((l) => l.type === 'folder')).toMatchObject({
        seen: 8,
        uploaded: 8,
        failed: 0,
        skipped: 0,
      });
      const reader = await sandboxToken(fixture.sandbox.url, 'ada', 'web-demo');
      const titles = (await listAllShots(fixture.sandbox.url, reader))
        .map((s) => s.title)
        .filter((t) => t.startsWith('drain-'));
      expect(titles.sort()).toEqual(files.map((f) => path.parse(f).name).sort());
    },
  );
});

// Issue 32, finding 3: a sign-in the service stops accepting (revoked while shots are processing)
// pauses the queue instead of failing jobs: `shotput upload` exits 1 within a minute with one
// sentence naming `shotput login` and --token; run again with a new token, every file is published
// once.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAllShots, makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../uploads/cli-process';
import type { CliRun } from '../uploads/cli-process';
import { useCliSandbox } from '../uploads/cli-sandbox';

const fixture = useCliSandbox('revoked', { processingMs: 2_000 });

function upload(token: string, files: string[]): CliRun {
  const run = runCli(
    ['--api', fixture.sandbox.url, '--token', token, '--data-dir', path.join(fixture.root, 'data')],
    ['upload', ...files],
    {
      SHOTPUT_EXPECTED_PROCESSING_MS: '500',
    },
  );
  fixture.children.push(run);
  return run;
}

async function revoke(token: string): Promise<void> {
  const response = await fetch(`${fixture.sandbox.url}/_sandbox/tokens/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ access_token: token }),
  });
  expect(response.ok).toBe(true);
}

describe('a sign-in revoked while shots are processing', () => {
  it(
    'pauses the queue: exit 1 within 60 s with one sentence, then a new token publishes every file once',
    { timeout: 180_000 },
    async () => {
      const files = await makeImages(path.join(fixture.root, 'files'), 6, 'revoked', 500);
      const first = await sandboxToken(fixture.sandbox.url, 'ada');
      const run = upload(first, files);
      await run.waitForLine((l) => l.type === 'job' && l.state === 'processing');
      await revoke(first);
      const revokedAt = Date.now();
      expect(await run.exited, run.stderr()).toBe(1);
      expect(Date.now() - revokedAt).toBeLessThan(60_000);
      // No job failed for it; the one sentence names the terminal's way to go on.
      expect(run.lines.filter((l) => l.type === 'job' && l.state === 'failed')).toEqual([]);
      const said = run
        .stderr()
        .split('\n')
        .filter((line) => /no longer accepts this sign-in/.test(line));
      expect(said).toEqual([
        expect.stringMatching(
          new RegExp(
            `^shotput: 127\\.0\\.0\\.1:\\d+ no longer accepts this sign-in, so \\d+ uploads? waits? in the queue \\(nothing is lost\\): run \`shotput --api ${fixture.sandbox.url.replace(/\./g, '\\.')} login\` \\(or give a new token with --token\\), then the same command again\\.$`,
          ),
        ),
      ]);

      const second = upload(await sandboxToken(fixture.sandbox.url, 'ada'), files);
      expect(await second.exited, second.stderr()).toBe(0);
      const reader = await sandboxToken(fixture.sandbox.url, 'ada', 'web-demo');
      const titles = (await listAllShots(fixture.sandbox.url, reader))
        .map((s) => s.title)
        .filter((t) => t.startsWith('revoked-'));
      expect(titles.sort()).toEqual(files.map((f) => path.parse(f).name).sort());
    },
  );
});

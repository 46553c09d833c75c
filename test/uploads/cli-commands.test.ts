// The CLI commands as a user runs them: `watch --once`, `watch` stopped by SIGTERM, a bad file
// in `upload`, and `queue list|retry|pause|resume|cancel|clear`, against a sandbox over HTTP.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAllShots, makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';
import { exitedWithin, runCli } from './cli-process';
import type { CliRun } from './cli-process';
import { useCliSandbox } from './cli-sandbox';

const fixture = useCliSandbox('cli-uploads', { processingMs: 300, rateLimit: 300, rateWindowS: 5 });
let globals: string[];
const env = { SHOTPUT_EXPECTED_PROCESSING_MS: '300' };

function cli(args: string[], dataDir = 'data'): CliRun {
  const run = runCli([...globals, '--data-dir', path.join(fixture.root, dataDir)], args, env);
  fixture.children.push(run);
  return run;
}

beforeAll(async () => {
  globals = ['--api', fixture.sandbox.url, '--token', await sandboxToken(fixture.sandbox.url)];
});

describe('shotput watch, upload and queue', () => {
  it(
    'watch --once uploads the files present with the folder defaults, moves them, and exits',
    { timeout: 90_000 },
    async () => {
      const folder = path.join(fixture.root, 'once');
      await makeImages(folder, 3, 'once', 700);
      fs.writeFileSync(
        path.join(folder, 'once-001.json'),
        JSON.stringify({ title: 'once from sidecar', description: 'Sidecar text' }),
      );
      fs.writeFileSync(path.join(folder, 'draft.png.part'), 'not finished');
      const run = cli([
        'watch',
        folder,
        '--once',
        '--move-uploaded',
        '--tags',
        'batch,cli',
        '--low-profile',
        '--stable-ms',
        '200',
      ]);
      // A run that hangs says where (CI saw this one still running at the test's 90 s, once).
      expect(await exitedWithin(run, 75_000), run.stderr()).toBe(0);
      const counts = run.lines.find((l) => l.type === 'folder');
      expect(counts).toMatchObject({ seen: 3, uploaded: 3, skipped: 0, failed: 0 });
      expect(fs.readdirSync(path.join(folder, 'uploaded')).sort()).toEqual([
        'once-000.png',
        'once-001.json',
        'once-001.png',
        'once-002.png',
      ]);
      expect(fs.existsSync(path.join(folder, 'draft.png.part'))).toBe(true);

      const reader = await sandboxToken(fixture.sandbox.url, 'ada', 'web-demo');
      const shots = (await listAllShots(fixture.sandbox.url, reader)) as unknown as {
        title: string;
        tags: string[];
        low_profile: boolean;
        description?: string;
      }[];
      const mine = shots.filter((s) => s.title.startsWith('once'));
      expect(mine.map((s) => s.title).sort()).toEqual(['once from sidecar', 'once-000', 'once-002']);
      expect(mine.every((s) => s.low_profile && s.tags.includes('batch') && s.tags.includes('cli'))).toBe(true);
    },
  );

  it('watch keeps taking new files until SIGTERM, then finishes its work and exits', { timeout: 90_000 }, async () => {
    const folder = path.join(fixture.root, 'live');
    fs.mkdirSync(folder);
    const run = cli(['watch', folder, '--stable-ms', '200'], 'data-live');
    // Give the watcher time to start, then drop a file in.
    await new Promise((r) => setTimeout(r, 3_000));
    await makeImages(folder, 1, 'live', 800);
    const published = await run.waitForLine((l) => l.type === 'job' && l.state === 'published');
    expect(published).toBeDefined();
    run.child.kill('SIGTERM');
    // 143: stopped by SIGTERM, with how to resume.
    expect(await run.exited, run.stderr()).toBe(143);
    expect(run.stderr()).toContain('Run the same command again to resume');
    expect(run.lines.find((l) => l.type === 'folder')).toMatchObject({ seen: 1, uploaded: 1 });
  });

  it(
    'upload fails a file that is not an image with a reason, and queue retry/pause/resume/cancel/clear manage it',
    { timeout: 90_000 },
    async () => {
      const bad = path.join(fixture.root, 'not-an-image.png');
      fs.writeFileSync(bad, 'plain text, not a PNG');
      const [good] = await makeImages(path.join(fixture.root, 'q'), 1, 'queue-good', 900);
      const run = cli(['upload', bad, good!], 'data-q');
      expect(await run.exited, run.stderr()).toBe(1);
      const failed = run.lines.find((l) => l.type === 'job' && l.state === 'failed');
      expect(failed).toMatchObject({ file: bad, retryable: false });
      expect(String(failed?.reason)).toMatch(/not an image|could not be read|damaged/i);
      expect(run.lines.find((l) => l.type === 'summary')).toMatchObject({ published: 1, failed: 1 });

      const list = cli(['queue', 'list'], 'data-q');
      expect(await list.exited, list.stderr()).toBe(0);
      expect((JSON.parse(list.stdout()) as Array<{ state: string }>).map((l) => l.state).sort()).toEqual([
        'failed',
        'published',
      ]);

      const retry = cli(['queue', 'retry', String(failed!.id)], 'data-q');
      expect(await retry.exited, retry.stderr()).toBe(0);
      expect(retry.lines[0]).toMatchObject({ id: failed!.id, state: 'queued' });

      // A paused job is held back from the next run, which sends only the rest.
      const pause = cli(['queue', 'pause', String(failed!.id)], 'data-q');
      expect(await pause.exited, pause.stderr()).toBe(0);
      expect(pause.lines[0]).toMatchObject({ id: failed!.id, state: 'queued', paused: true });
      const [later] = await makeImages(path.join(fixture.root, 'q'), 1, 'queue-later', 950);
      const next = cli(['upload', later!], 'data-q');
      expect(await next.exited, next.stderr()).toBe(0);
      const held = cli(['queue', 'list'], 'data-q');
      expect(await held.exited, held.stderr()).toBe(0);
      const heldJobs = JSON.parse(held.stdout()) as Array<{ id: string; file: string }>;
      expect(heldJobs.find((l) => l.id === failed!.id)).toMatchObject({ state: 'queued', paused: true });
      expect(heldJobs.find((l) => l.file === later)).toMatchObject({ state: 'published' });
      const resume = cli(['queue', 'resume', String(failed!.id)], 'data-q');
      expect(await resume.exited, resume.stderr()).toBe(0);
      expect(resume.lines[0]).toMatchObject({ id: failed!.id, state: 'queued', paused: false });

      const cancel = cli(['queue', 'cancel', String(failed!.id), '--yes'], 'data-q');
      expect(await cancel.exited, cancel.stderr()).toBe(0);
      expect(cancel.lines[0]).toMatchObject({ state: 'cancelled' });
      const clear = cli(['queue', 'clear', '--yes'], 'data-q');
      expect(await clear.exited, clear.stderr()).toBe(0);
      expect(clear.lines[0]).toEqual({ removed: 3 });
      const empty = cli(['queue', 'list'], 'data-q');
      expect(await empty.exited, empty.stderr()).toBe(0);
      expect(JSON.parse(empty.stdout())).toEqual([]);
    },
  );
});

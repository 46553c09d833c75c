// A batch interrupted with Ctrl-C and run again, as people do: every file is reported once per
// run (done by the earlier run's job, with its shot, or done now), --force is never offered for
// what the same command sent, and the summary counts equal the lines.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAllShots, makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../uploads/cli-process';
import type { CliRun } from '../uploads/cli-process';
import { useCliSandbox } from '../uploads/cli-sandbox';

let token: string;
let reader: string;
const fixture = useCliSandbox('interrupted', { processingMs: 1_500, rateLimit: 8, rateWindowS: 1 });

beforeAll(async () => {
  token = await sandboxToken(fixture.sandbox.url);
  reader = await sandboxToken(fixture.sandbox.url, 'ada', 'web-demo');
});

function upload(data: string, files: string[]): CliRun {
  const run = runCli(
    ['--api', fixture.sandbox.url, '--token', token, '--data-dir', path.join(fixture.root, data)],
    ['upload', ...files],
    { SHOTPUT_EXPECTED_PROCESSING_MS: '300' },
  );
  fixture.children.push(run);
  return run;
}

/** Each file's reported outcomes in one run: final job lines and skipped/error notes. */
function outcomes(run: CliRun): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const line of run.lines) {
    const final = line.type === 'job' && ['published', 'scheduled', 'failed', 'cancelled'].includes(String(line.state));
    if (!final && line.type !== 'skipped' && line.type !== 'error') continue;
    const file = String(line.file);
    byFile.set(file, [...(byFile.get(file) ?? []), final ? String(line.state) : String(line.type)]);
  }
  return byFile;
}

async function interruptedThenAgain(
  data: string,
  files: string[],
  interruptWhen: (line: Record<string, unknown>) => boolean,
): Promise<CliRun> {
  const first = upload(data, files);
  await first.waitForLine(interruptWhen);
  first.child.kill('SIGINT');
  expect(await first.exited, first.stderr()).toBe(130);
  const again = upload(data, files);
  expect(await again.exited, again.stderr()).toBe(0);
  return again;
}

function expectOneReportEach(run: CliRun, files: string[]): void {
  const byFile = outcomes(run);
  expect([...byFile.keys()].sort()).toEqual([...files].sort());
  for (const file of files) expect(byFile.get(file), file).toEqual(['published']);
  expect(run.lines.filter((l) => l.type === 'skipped')).toEqual([]);
  expect(run.lines.find((l) => l.type === 'summary')).toEqual({
    type: 'summary',
    published: files.length,
    scheduled: 0,
    failed: 0,
    skipped: 0,
  });
}

describe('an upload interrupted and run again', () => {
  it(
    'mid-batch (some published, some processing, some not sent): each file once, as published, with no --force',
    { timeout: 120_000 },
    async () => {
      const files = await makeImages(path.join(fixture.root, 'mid'), 20, 'mid', 100);
      let published = 0;
      const again = await interruptedThenAgain(
        'data-mid',
        files,
        (l) => l.type === 'job' && l.state === 'published' && ++published >= 1,
      );
      expectOneReportEach(again, files);
      const titles = (await listAllShots(fixture.sandbox.url, reader))
        .map((s) => s.title)
        .filter((t) => t.startsWith('mid-'));
      expect(titles.sort()).toEqual(files.map((f) => path.parse(f).name).sort());
    },
  );

  it('just after the first shot reached the service: each file once, as published', { timeout: 120_000 }, async () => {
    const files = await makeImages(path.join(fixture.root, 'early'), 6, 'early', 200);
    const again = await interruptedThenAgain('data-early', files, (l) => l.type === 'job' && l.state === 'processing');
    expectOneReportEach(again, files);
    const titles = (await listAllShots(fixture.sandbox.url, reader))
      .map((s) => s.title)
      .filter((t) => t.startsWith('early-'));
    expect(titles.sort()).toEqual(files.map((f) => path.parse(f).name).sort());
  });
});

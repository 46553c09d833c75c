// Publish times checked as dates, on a clock with daylight saving (Europe/Berlin: the clocks go
// forward at 02:00 on 31 March 2030), through the real command in a child process with its TZ.
// --dry-run asks no service, so the same checks as the real run are seen without one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImages } from '../../bench/lib/uploads-sandbox';
import { runCliProcess } from './run-cli';

let root: string;
let files: string[];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-dates-'));
  files = await makeImages(path.join(root, 'images'), 3, 'when', 40);
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const BERLIN = { TZ: 'Europe/Berlin' };

function dryRun(args: string[], json = true) {
  return runCliProcess(
    ['--data-dir', path.join(root, 'data'), ...(json ? ['--json'] : []), 'upload', '--dry-run', ...args],
    {
      env: BERLIN,
    },
  );
}

function planned(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.type === 'planned');
}

describe('publish times', () => {
  it('a date that is not in the calendar is bad usage, naming the date', async () => {
    const run = await dryRun(['--schedule', '2030-02-30T09:00:00Z', files[0]!]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('2030-02-30 is not a date: February has no day 30');
    expect(run.stdout).toBe('');
  });

  it('a local time the clock skips is moved to the first that exists, with a warning', async () => {
    const run = await dryRun(['--schedule', '2030-03-31T02:30', files[0]!]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      '2030-03-31 02:30 does not exist on this computer’s clock (it skips that hour when daylight saving starts); 03:30 is used instead.',
    );
    // 03:30 CEST is 01:30 UTC.
    expect(planned(run.stdout)[0]).toMatchObject({ scheduled_for: '2030-03-31T01:30:00.000Z' });
  });

  it('--every keeps the wall clock across the change to summer time, and says so in its help', async () => {
    const run = await dryRun(['--schedule', '2030-03-30T01:30', '--every', '24', ...files], false);
    expect(run.code, run.stderr).toBe(0);
    const times = run.stdout.split('\n').filter((l) => l.startsWith('would send'));
    expect(times.map((l) => /scheduled for (.*)$/.exec(l)?.[1])).toEqual([
      '2030-03-30 01:30 GMT+1',
      '2030-03-31 01:30 GMT+1',
      '2030-04-01 01:30 GMT+2',
    ]);
    const help = await runCliProcess(['upload', '--help'], { env: BERLIN });
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'every 24 stays at the same local time across daylight-saving changes',
    );
  });

  it('--dry-run refuses what the real run refuses: 13 tags, a time past, a title too long', async () => {
    const tags = Array.from({ length: 13 }, (_, i) => `t${i}`).join(',');
    const many = await dryRun(['--tags', tags, files[0]!]);
    expect(many.code).toBe(1);
    expect(many.stdout).toContain('A shot has at most 12 tags; this one has 13: remove 1.');
    expect(many.stdout).not.toContain('"type":"planned"');

    const past = await dryRun(['--schedule', '2001-02-03T04:05:06Z', files[0]!], false);
    expect(past.code).toBe(1);
    // Local, without milliseconds: 04:05:06 UTC is 05:05:06 in Berlin in winter.
    expect(past.stderr).toContain('The publish time 2001-02-03 05:05:06 GMT+1 is already past');
    expect(past.stderr + past.stdout).not.toContain('.000Z');

    const long = await dryRun(['--title', 'x'.repeat(256), files[0]!]);
    expect(long.code).toBe(1);
    expect(long.stdout).toContain('The title has 256 characters; a shot’s title has at most 255. Shorten it by 1.');
  });
});

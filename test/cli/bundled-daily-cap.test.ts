// On the bundled sandbox with the deployed profile (SHOTPUT_SANDBOX_PROFILE=deployed), the day's
// count of uploads is kept with the sandbox's other state in the data folder: a second command the
// same day does not start counting afresh (5 a day, 4 sent by the first run: 1 more by the second).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImages, stopChild } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../uploads/cli-process';
import type { CliRun } from '../uploads/cli-process';

let root: string;
const children: CliRun[] = [];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-bundled-cap-'));
});

afterAll(async () => {
  for (const run of children) await stopChild(run.child, 'SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

function upload(files: string[]): CliRun {
  const run = runCli(['--data-dir', path.join(root, 'data')], ['upload', ...files], {
    SHOTPUT_SANDBOX_PROFILE: 'deployed',
    SHOTPUT_EXPECTED_PROCESSING_MS: '300',
  });
  children.push(run);
  return run;
}

describe('the bundled sandbox’s daily count', () => {
  it('is kept across commands in the data folder', { timeout: 120_000 }, async () => {
    const first = upload(await makeImages(path.join(root, 'one'), 4, 'first', 300));
    expect(await first.exited, first.stderr()).toBe(0);
    expect(first.lines.find((l) => l.type === 'summary')).toMatchObject({ published: 4 });

    const second = upload(await makeImages(path.join(root, 'two'), 3, 'second', 400));
    expect(await second.exited, second.stderr()).toBe(1);
    expect(second.lines.find((l) => l.type === 'summary')).toMatchObject({ published: 1, waiting: 2 });
    expect(second.stderr()).toMatch(/daily/i);
  });
});

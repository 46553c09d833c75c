// An --every schedule gives its slots only to files that will be sent: a damaged image (a PNG cut
// short, whose header still reads) takes no slot, so the next file gets it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImages } from '../../bench/lib/uploads-sandbox';
import { runCli } from './run-cli';

let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-slots-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('upload --schedule --every', () => {
  it('gives a truncated image no slot', { timeout: 90_000 }, async () => {
    const [p0, p1, p2, p3] = await makeImages(path.join(root, 'batch'), 4, 'p', 300);
    const whole = fs.readFileSync(p1!);
    fs.writeFileSync(p1!, whole.subarray(0, Math.floor(whole.length / 2)));
    const start = new Date(Date.now() + 72 * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    const hours = (n: number) => new Date(start.getTime() + n * 3_600_000).toISOString().replace('.000Z', 'Z');
    const run = await runCli([
      '--data-dir',
      path.join(root, 'data'),
      '--json',
      'upload',
      p0!,
      p1!,
      p2!,
      p3!,
      '--schedule',
      start.toISOString(),
      '--every',
      '2',
    ]);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const scheduled = lines.filter((l) => l.type === 'job' && l.state === 'scheduled');
    expect(scheduled.map((l) => [path.basename(String(l.file)), l.scheduled_for]).sort()).toEqual([
      ['p-000.png', hours(0)],
      ['p-002.png', hours(2)],
      ['p-003.png', hours(4)],
    ]);
    expect(lines.find((l) => l.type === 'problem')).toMatchObject({ file: p1 });
    expect(String(lines.find((l) => l.type === 'problem')?.message)).toMatch(/^p-001\.png was not scheduled: /);
    expect(lines.find((l) => l.type === 'summary')).toEqual({
      type: 'summary',
      published: 0,
      scheduled: 3,
      failed: 1,
      skipped: 0,
    });
  });
});

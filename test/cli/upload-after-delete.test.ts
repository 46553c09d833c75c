// A deleted shot frees its content: after `shots delete`, the same file (or a copy of it) uploads
// again instead of being reported as already uploaded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImages } from '../../bench/lib/uploads-sandbox';
import { runCli } from './run-cli';

let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-delete-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const json = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('upload after shots delete', () => {
  it('uploads the same file again, and a copy of it, once their shots are deleted', { timeout: 90_000 }, async () => {
    const data = path.join(root, 'data');
    const cli = (...argv: string[]) => runCli(['--data-dir', data, '--json', ...argv]);
    const [file] = await makeImages(path.join(root, 'img'), 1, 'deleted', 700);

    const first = await cli('upload', file!);
    expect(first.code, first.stderr).toBe(0);
    const shot = json(first.stdout).find((l) => l.type === 'job' && l.state === 'published')?.shot_id as number;
    expect(shot).toBeGreaterThan(0);
    expect((await cli('shots', 'delete', String(shot), '--yes')).code).toBe(0);

    const again = await cli('upload', file!);
    expect(again.code, again.stderr).toBe(0);
    const lines = json(again.stdout);
    expect(lines.filter((l) => l.type === 'skipped')).toEqual([]);
    const second = lines.find((l) => l.type === 'job' && l.state === 'published')?.shot_id as number;
    expect(second).toBeGreaterThan(shot);
    expect(lines.find((l) => l.type === 'summary')).toMatchObject({ published: 1, skipped: 0 });

    // A renamed copy of content whose shot is deleted goes too.
    expect((await cli('shots', 'delete', String(second), '--yes')).code).toBe(0);
    const copy = path.join(root, 'img', 'deleted-copy.png');
    fs.copyFileSync(file!, copy);
    const copied = await cli('upload', copy);
    expect(copied.code, copied.stderr).toBe(0);
    expect(json(copied.stdout).find((l) => l.type === 'summary')).toMatchObject({ published: 1, skipped: 0 });
  });
});

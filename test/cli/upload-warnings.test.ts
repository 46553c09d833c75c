// `upload` says what preparing warned about (a crop that keeps little of the image, an image
// enlarged to the service's size), in text and with --json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImages } from '../../bench/lib/uploads-sandbox';
import { runCli } from './run-cli';

let root: string;
let files: string[];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-warnings-'));
  const [wide] = await makeImages(path.join(root, 'img'), 1, 'wide', 500, { width: 2000, height: 800 });
  const [small] = await makeImages(path.join(root, 'img'), 1, 'small', 510, { width: 200, height: 150 });
  files = [wide!, small!];
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('upload warnings', () => {
  it('prints each warning of preparing as text', { timeout: 60_000 }, async () => {
    const run = await runCli(['--data-dir', path.join(root, 'text'), 'upload', ...files]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^warning {4}wide-000\.png {2}The crop keeps \d+% of the 2000x800 image/m);
    expect(run.stdout).toMatch(/^warning {4}small-000\.png {2}.*enlarged/m);
  });

  it('carries the warnings on the job lines with --json', { timeout: 60_000 }, async () => {
    const run = await runCli(['--data-dir', path.join(root, 'json'), '--json', 'upload', ...files]);
    expect(run.code, run.stderr).toBe(0);
    const published = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.type === 'job' && l.state === 'published');
    const warnings = new Map(
      published.map((l) => [path.basename(String(l.file)), (l.warnings as string[] | undefined)?.join(' ')]),
    );
    expect(warnings.get('wide-000.png')).toMatch(/The crop keeps \d+% of the 2000x800 image/);
    expect(warnings.get('small-000.png')).toMatch(/enlarged/);
  });
});

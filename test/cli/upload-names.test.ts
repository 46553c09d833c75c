// File names as people see them in the CLI's lines: a title from a decomposed (NFD, as macOS
// writes them) file name is sent composed (NFC); a newline in a file name stays on its line,
// escaped; ten cover.png from ten folders are ten names, each with its folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeImage } from '../../bench/lib/uploads-sandbox';
import { runCliProcess } from './run-cli';

let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-names-'));
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function dryRun(files: string[], json: boolean) {
  return runCliProcess([
    '--data-dir',
    path.join(root, 'data'),
    ...(json ? ['--json'] : []),
    'upload',
    '--dry-run',
    ...files,
  ]);
}

describe('file names in the CLI', () => {
  it('a title from an NFD file name is NFC', async () => {
    const nfd = 'Cafe\u0301 de\u0301cor.png';
    const file = path.join(root, nfd);
    await writeImage(file, 3);
    const run = await dryRun([file], true);
    expect(run.code, run.stderr).toBe(0);
    const planned = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string; title?: string })
      .find((l) => l.type === 'planned')!;
    expect(planned.title).toBe('Caf\u00e9 d\u00e9cor');
    expect(planned.title).toBe(planned.title!.normalize('NFC'));
  });

  it('a newline in a file name is escaped, and names shared by several folders show their folder', async () => {
    const odd = path.join(root, 'two\nlines.png');
    await writeImage(odd, 4);
    const covers: string[] = [];
    for (let i = 0; i < 10; i++) {
      const file = path.join(root, `shoot-${i}`, 'cover.png');
      fs.mkdirSync(path.dirname(file));
      await writeImage(file, 10 + i);
      covers.push(file);
    }
    const missing = path.join(root, 'gone\nmissing.png');
    const run = await dryRun([odd, ...covers, missing], false);
    const lines = run.stdout.split('\n').filter(Boolean);
    const sends = lines.filter((l) => l.startsWith('would send'));
    expect(sends).toHaveLength(11);
    expect(sends[0]).toMatch(/^would send two\\nlines\.png {2}"two lines"/);
    const coverNames = sends.slice(1).map((l) => /^would send (\S+)/.exec(l)![1]);
    expect(coverNames).toEqual(covers.map((_, i) => `shoot-${i}/cover.png`));
    // The unreadable file's problem is one line of stderr, its name escaped.
    const problems = run.stderr.split('\n').filter((l) => l.includes('missing.png'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('gone\\nmissing.png');
  });
});

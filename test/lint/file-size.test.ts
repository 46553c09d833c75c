// The house keeps small files that each do one thing: no source file of the app, the preload, the
// window or the sandbox over 400 lines as Prettier formats it. A file that grows past that is split
// by what it does, not squeezed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['main', 'preload', 'renderer', 'sandbox', 'common'];
const MAX_LINES = 400;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|svelte|js)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe('file size', () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const files = FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file} (${lines})`);
    expect(long).toEqual([]);
  });
});

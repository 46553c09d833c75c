// The renderer's initial JavaScript (what index.html loads before the first paint) stays within
// 60 KB gzipped. The build prints the same figure (electron.vite.config.ts); this checks the
// files actually emitted. And no chunk of the renderer carries valibot: the schemas are main's
// and the preload's business, the views import only the contract's types.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { ensureBuild } from '../e2e/harness/ensure-build';
import { outDir } from '../e2e/harness/repo-paths';

const budgetBytes = 60 * 1024;
const rendererDir = join(outDir, 'renderer');

/** Scripts and module preloads named by index.html, then their static imports. */
async function initialScripts(): Promise<string[]> {
  const html = await readFile(join(rendererDir, 'index.html'), 'utf8');
  const named = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => join(rendererDir, match[1] as string));
  const seen = new Set<string>();
  while (named.length > 0) {
    const file = named.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(file, 'utf8');
    // Static imports between chunks, as Rolldown writes them: import … from "./x.js".
    for (const match of code.matchAll(/\bimport\s*(?:[\w*${}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      named.push(join(file, '..', match[1] as string));
    }
  }
  return [...seen];
}

describe('renderer bundle', () => {
  beforeAll(() => {
    ensureBuild();
  }, 300_000);

  test('initial JavaScript is at most 60 KB gzipped', async () => {
    const files = await initialScripts();
    expect(files.length).toBeGreaterThan(0);
    let total = 0;
    for (const file of files) total += gzipSync(await readFile(file), { level: 9 }).length;
    console.log(
      `renderer initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped over ${files.length} file(s) (budget 60 KB)`,
    );
    expect(total).toBeLessThanOrEqual(budgetBytes);
  });

  test('no renderer chunk holds valibot', async () => {
    const assets = join(rendererDir, 'assets');
    const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // Minifying renames valibot's functions but keeps its Standard Schema vendor name and the
    // "~run" method every schema and action has.
    const carrying: string[] = [];
    for (const name of scripts) {
      const code = await readFile(join(assets, name), 'utf8');
      if (code.includes('valibot') || code.includes('~run')) carrying.push(name);
    }
    expect(carrying).toEqual([]);
  });
});

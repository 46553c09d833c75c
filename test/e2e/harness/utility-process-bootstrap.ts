// The script every child of the fake utilityProcess.fork loads first (utility-process-child.ts), as
// JavaScript. Given the .ts itself, Node strips its types in each child with its bundled TypeScript
// stripper (amaro and its WebAssembly): 0.1 CPU-s a start on an idle machine, 0.2 to 0.9 under a
// loaded run (measured with --cpu-prof in engines and sandboxes), and a run starts hundreds of them.
// It is compiled once per content into the temp folder, and every child of every run imports that.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformWithOxc } from 'vite';

const source = join(import.meta.dirname, 'utility-process-child.ts');

/** The path of the bootstrap compiled to JavaScript, made if this content has not been yet. */
export async function utilityChildBootstrap(): Promise<string> {
  const text = await readFile(source, 'utf8');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const compiled = join(tmpdir(), `shotput-utility-process-child-${hash}.mjs`);
  if (existsSync(compiled)) return compiled;
  const { code } = await transformWithOxc(text, source, { lang: 'ts' });
  // Test processes run side by side: each writes its own file, and the rename puts a whole one in place.
  const partial = `${compiled}.${process.pid}.partial`;
  await writeFile(partial, code);
  await rename(partial, compiled);
  return compiled;
}

// The script every child of the fake utilityProcess.fork loads first (utility-process-child.ts), as
// JavaScript. Given the .ts itself, Node strips its types in each child with its bundled TypeScript
// stripper (amaro and its WebAssembly): 0.1 CPU-s a start on an idle machine, 0.2 to 0.9 under a
// loaded run (measured with --cpu-prof in engines and sandboxes), and a run starts hundreds of them.
// It is compiled once per content into the temp folder, and every child of every run imports that.
// The files it imports are compiled beside it, and a package it imports (`ws`) is named by its
// resolved address, since the temp folder has no node_modules.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformWithOxc } from 'vite';

/** The child's files, each importing only those before it, node: modules and the packages below. */
const files = ['page-frame-codec', 'utility-direct-ports', 'utility-process-child'];
/** Each package's ES module entry (vitest's module runner has no import.meta.resolve). */
const packages = new Map([['ws', 'wrapper.mjs']]);

function packageEntry(name: string, entry: string): string {
  const root = dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
  return pathToFileURL(join(root, entry)).href;
}

/** `from '…'` and `import('…')`: the specifiers a compiled file names. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*)(["'])([^"']+)\2/g;

/** The path of the bootstrap compiled to JavaScript, made if this content has not been yet. */
export async function utilityChildBootstrap(): Promise<string> {
  const sources = await Promise.all(files.map((name) => readFile(join(import.meta.dirname, `${name}.ts`), 'utf8')));
  const resolved = new Map([...packages].map(([name, entry]) => [name, packageEntry(name, entry)]));
  const hash = createHash('sha256')
    .update(JSON.stringify([sources, [...resolved]]))
    .digest('hex')
    .slice(0, 16);
  const compiledPath = (name: string) => join(tmpdir(), `shotput-${name}-${hash}.mjs`);
  const entry = compiledPath(files.at(-1)!);
  if (existsSync(entry)) return entry;
  // The entry is written last: once it exists, so do the files it imports.
  for (const [i, name] of files.entries()) {
    const { code } = await transformWithOxc(sources[i]!, join(import.meta.dirname, `${name}.ts`), { lang: 'ts' });
    const linked = code.replace(SPECIFIER, (whole, before: string, quote: string, specifier: string) => {
      const local = specifier.startsWith('./') ? specifier.slice(2) : undefined;
      if (local !== undefined && files.includes(local))
        return `${before}${quote}${pathToFileURL(compiledPath(local)).href}${quote}`;
      return resolved.has(specifier) ? `${before}${quote}${resolved.get(specifier)}${quote}` : whole;
    });
    // Test processes run side by side: each writes its own file, and the rename puts a whole one in place.
    const partial = `${compiledPath(name)}.${process.pid}.partial`;
    await writeFile(partial, linked);
    await rename(partial, compiledPath(name));
  }
  return entry;
}

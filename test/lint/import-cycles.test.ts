// No two files of main/, common/, preload/ or renderer/ (its .ts and .svelte files) import each other,
// directly or around a loop; type-only imports count too. A cycle ties files together that the layers are meant to keep apart.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// At the start of a line, or indented as in a .svelte file's <script>.
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') || name.endsWith('.svelte') ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const target = path.resolve(path.dirname(from), specifier);
  return [`${target}.ts`, target, path.join(target, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/** Every cycle as the files in it (strongly connected components of more than one file). */
function importCycles(files: string[]): string[][] {
  const graph = new Map(
    files.map((file) => [
      file,
      [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((m) => resolveImport(file, m[1]!))
        .filter((f): f is string => f !== undefined),
    ]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const dep of graph.get(file) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(file, Math.min(low.get(file)!, low.get(dep)!));
      } else if (onStack.has(dep)) low.set(file, Math.min(low.get(file)!, index.get(dep)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(path.relative(root, member));
      } while (member !== file);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('main/, common/ and preload/ have none', () => {
    const files = ['main', 'common', 'preload'].flatMap((dir) => sources(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(100);
    expect(importCycles(files)).toEqual([]);
  });

  it('renderer/ has none, its Svelte components included', () => {
    const files = sources(path.join(root, 'renderer', 'src'));
    expect(files.filter((file) => file.endsWith('.svelte')).length).toBeGreaterThan(20);
    expect(importCycles(files)).toEqual([]);
  });
});

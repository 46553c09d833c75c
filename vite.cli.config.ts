// Build of the headless CLI: main/cli.ts → out/cli/cli.js (ESM for Node, no TypeScript at run time).
// Production dependencies (sharp, fastify, …) stay external and load from node_modules; every module of
// ours is bundled, and modules loaded with import() become their own chunks so `--help` reads little.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const productionDependencies = Object.keys(
  (
    JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    }
  ).dependencies ?? {},
);

const external = (id: string): boolean =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  productionDependencies.some((name) => id === name || id.startsWith(`${name}/`));

export default defineConfig({
  build: {
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    ssr: true,
    minify: false,
    rolldownOptions: {
      input: { cli: resolve(import.meta.dirname, 'main/cli.ts') },
      external,
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});

// Build of the processes:
//   main      main/app/index.ts → out/main/index.js   (ESM; production dependencies stay external)
//   sandbox   main/service/sandbox-host.ts → out/main/sandbox-host.js (the bundled sandbox's own
//             utility process, built with main's settings)
//   engine    main/engine/engine-host.ts → out/main/engine-host.js (drafts, images, the queue and
//             watched folders in a utility process of their own, built likewise)
//   preload   preload/index.ts  → out/preload/index.cjs (CommonJS, self-contained: it runs sandboxed)
//   renderer  renderer/         → out/renderer         (Svelte 5; initial JS budget checked below)
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const rendererInitialJsBudget = 60 * 1024;

/** Prints the gzipped size of the JavaScript the renderer loads at start and fails above budget. */
function rendererSizeBudget(): Plugin {
  return {
    name: 'shotput:renderer-size-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (entry === undefined) return;
      // The entry plus everything it imports statically is what loads before the first paint.
      const initial = new Set<string>([entry.fileName]);
      const pending = [...entry.imports];
      while (pending.length > 0) {
        const name = pending.pop() as string;
        if (initial.has(name)) continue;
        initial.add(name);
        const chunk = chunks.find((item) => item.fileName === name);
        if (chunk !== undefined) pending.push(...chunk.imports);
      }
      let gzipped = 0;
      for (const name of initial) {
        const chunk = chunks.find((item) => item.fileName === name);
        if (chunk !== undefined) gzipped += gzipSync(chunk.code, { level: 9 }).length;
      }
      const figure = `${(gzipped / 1024).toFixed(1)} KB gzipped (budget ${rendererInitialJsBudget / 1024} KB)`;
      console.log(`\nrenderer initial JavaScript: ${figure}`);
      if (gzipped > rendererInitialJsBudget) this.error(`The renderer's initial JavaScript is ${figure}.`);
    },
  };
}

/** In `dev` only, let Vite's HMR inject styles and open its socket; the build keeps the strict CSP. */
function relaxCspForDevServer(): Plugin {
  return {
    name: 'shotput:dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      return html
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*");
    },
  };
}

const productionDependencies = Object.keys(
  (
    JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    }
  ).dependencies ?? {},
);

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Production dependencies (sharp, fastify, …) are loaded from node_modules at run time.
      externalizeDeps: { include: productionDependencies },
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'main/app/index.ts'),
          'sandbox-host': resolve(import.meta.dirname, 'main/service/sandbox-host.ts'),
          'engine-host': resolve(import.meta.dirname, 'main/engine/engine-host.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only 'electron': bundle everything else (valibot) in.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    plugins: [svelte(), relaxCspForDevServer(), rendererSizeBudget()],
    // The motion Worker is a module of its own (new Worker(new URL(...), { type: 'module' })).
    worker: { format: 'es' },
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      minify: true,
      // No inline scripts or data: URLs for assets: the CSP allows only files of the app's origin.
      assetsInlineLimit: 0,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'renderer/index.html') },
      },
    },
  },
});

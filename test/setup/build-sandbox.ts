// The integration tier starts the sandbox as a process of its own in about twenty files
// (startSandboxProcess, bench/lib/uploads-sandbox.ts), and the desktop's sandbox host
// (main/service/sandbox-host.ts) in sandbox-supervisor.test. Through tsx each start compiled the
// sources again: 1.8 to 2.5 s a start on the loaded 2-core machine, against 0.4 to 1 s for plain
// Node on a bundle. So the tier bundles both once per run, from the current sources, into a folder
// of this run's own (two runs in one checkout never share one), and names them in
// SHOTPUT_TEST_SANDBOX_CLI and SHOTPUT_TEST_SANDBOX_HOST, which the test processes inherit. The
// benchmark, which has no such set-up, still runs the sources through tsx.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Packages load from node_modules as they do for the sources: only our own modules are bundled. */
function external(id: string): boolean {
  return id.startsWith('node:') || builtinModules.includes(id) || !(id.startsWith('.') || path.isAbsolute(id));
}

export default async function buildSandbox(): Promise<() => void> {
  // Inside the checkout, so the bundle's imports of fastify and sharp find its node_modules.
  const outDir = path.join(root, 'out', 'test-sandbox', String(process.pid));
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'node20',
      ssr: true,
      minify: false,
      rolldownOptions: {
        input: {
          'sandbox-cli': path.join(root, 'sandbox', 'cli.ts'),
          'sandbox-host': path.join(root, 'main', 'service', 'sandbox-host.ts'),
        },
        external,
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
  process.env.SHOTPUT_TEST_SANDBOX_CLI = path.join(outDir, 'sandbox-cli.js');
  process.env.SHOTPUT_TEST_SANDBOX_HOST = path.join(outDir, 'sandbox-host.js');
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}

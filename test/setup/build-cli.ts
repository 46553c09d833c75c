// Tests that run `bin/shotput.js` run the built CLI: build it once per test run so they see the
// current sources, never a stale bundle.
import { build } from 'vite';

export default async function buildCli(): Promise<void> {
  await build({ configFile: 'vite.cli.config.ts', logLevel: 'warn' });
}

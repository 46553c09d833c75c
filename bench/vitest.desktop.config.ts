// `npm run bench:desktop`: bench/desktop.ts runs in vitest because the end-to-end harness it drives
// replaces 'electron' with vi.mock. One file, one fork, no time limit but the bench's own.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['bench/desktop.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
    server: { deps: { inline: ['electron-store'] } },
  },
});

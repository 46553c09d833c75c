import { defineConfig } from 'vitest/config';

// One runner for unit, integration (real HTTP to the sandbox) and end-to-end (Chromium) tests.
// The machine has two cores: files run in parallel forks, tests inside a file run in order.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/setup/build-cli.ts'],
    // electron-store is ESM and imports 'electron' at load; inlining lets vi.mock('electron') reach it.
    server: { deps: { inline: ['electron-store'] } },
  },
});

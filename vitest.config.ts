import { defineConfig } from 'vitest/config';
import { InterleavedSequencer } from './test/setup/interleaved-sequencer';

// Three tiers, one vitest project each: `vitest run` (npm test) runs all of them, `vitest run
// --project unit` (npm run test:unit) one. Which file is in which tier keeps working as files are
// added: under test/e2e/ it is end-to-end; under an integration folder, or named in the list
// below, integration; any other test file is unit. So a new file always lands in exactly one tier
// (test/lint/tiers.test.ts checks it against this config); a file of a unit folder that starts a
// process or waits on real time is named in `integrationFiles`, so the unit tier stays quick.
const testFiles = 'test/**/*.test.ts';

/** Chromium and the whole app. */
const e2eFiles = ['test/e2e/**/*.test.ts'];

/**
 * Real sockets, files, sandboxes and CLI processes, or real time as the subject: whole folders
 * (the CLI and the durable queue are tested through their processes and files), then files of
 * other folders that start a process or a browser, spend seconds waiting on a sandbox's real time
 * (its processing delay, its rate-limit windows) or on a writer, or encode for seconds (animation).
 */
const integrationFiles = [
  'test/build/**/*.test.ts',
  'test/cli/**/*.test.ts',
  'test/package/**/*.test.ts',
  'test/sandbox/**/*.test.ts',
  'test/security/**/*.test.ts',
  'test/start/**/*.test.ts',
  'test/uploads/**/*.test.ts',
  'test/desktop/desktop-uploads.test.ts',
  'test/desktop/prepare-once.test.ts',
  'test/desktop/watch-slow-writers.test.ts',
  'test/images/animation.test.ts',
  'test/images/cli-prepare.test.ts',
  'test/images/svg-references.test.ts',
  'test/service/governor-sandbox.test.ts',
  // A sandbox process killed and restarted; a watcher over real folders; GIFs encoded for seconds.
  'test/service/sandbox-supervisor.test.ts',
  'test/desktop/watch-subfolders.test.ts',
  'test/desktop/queue-new-version.test.ts',
  'test/desktop/window-motion.test.ts',
  'test/images/motion.test.ts',
  'test/images/motion-cli.test.ts',
  'test/images/frame-queue.test.ts',
  'test/images/motion-still.test.ts',
  'test/images/motion-trim.test.ts',
  'test/desktop/draft-motion-edit.test.ts',
  'test/desktop/clip-read-once.test.ts',
  'test/desktop/draft-lottie.test.ts',
  'test/workflows/release-guard.test.ts',
  // Drafts kept, restored and queued through a sandbox's real uploads and processing (12 s).
  'test/desktop/draft-copies.test.ts',
  // A start through a sandbox that drops every connection: the service client's real retries (6 s).
  'test/desktop/offline-start.test.ts',
  // An outage that ends while a job waits out its backoff: real retries and the account's own check.
  'test/desktop/outage-resume.test.ts',
  // The engine's process started (and killed) beside a sandbox.
  'test/app/engine-wiring.test.ts',
  'test/app/desktop-integration.test.ts',
  'test/app/engine-client.test.ts',
];

// The machines are small (two cores, shared). The workers below were chosen on a heavily loaded
// shared machine (load average 13 to 40): re-measure 2 against 3 for the integration and e2e group
// on an idle one before tuning them further.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Left to vitest this is cores − 1: one file at a time on two cores.
    maxWorkers: 3,
    // electron-store is ESM and imports 'electron' at load; inlining lets vi.mock('electron') reach it.
    server: { deps: { inline: ['electron-store'] } },
    // Integration and e2e files start in turn (test/setup/interleaved-sequencer.ts), not every e2e
    // file first: a worker waiting on a CLI or a sandbox leaves the cores to the browsers.
    sequence: { sequencer: InterleavedSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [testFiles],
          exclude: [...e2eFiles, ...integrationFiles],
          // Pure and in-process code (an in-process sandbox at most): threads start faster than
          // processes, and these files rarely wait, so two workers, as many as the cores. In a
          // whole run this tier goes first, on its own (vitest runs projects of one group with
          // one number of workers): the quick answers come first.
          pool: 'threads',
          maxWorkers: 2,
          // A worker keeps its thread from file to file, each file importing the project's modules
          // afresh (test/setup/fresh-modules.ts), as the integration tier does: the tier took 29.5 to
          // 31.8 s with a thread per file (54 to 59 CPU-s) and 18.0 to 19.7 s shared (31 to 33 CPU-s),
          // three runs each; it passed shuffled, also in a single thread.
          isolate: false,
          setupFiles: ['test/setup/fresh-modules.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: integrationFiles,
          // Child processes, signals and real files: in processes, not threads. A worker keeps its
          // process from file to file (isolate: false) and each file imports the project's modules
          // afresh (test/setup/fresh-modules.ts): a new process per file loaded vitest, sharp and
          // fastify again. The tier took 300.6 s a process per file and 248.3 s shared, its test
          // processes 303 and 232 CPU-s (one afternoon, one run each, the machine otherwise idle).
          pool: 'forks',
          isolate: false,
          setupFiles: ['test/setup/fresh-modules.ts'],
          // Most of these wait on a CLI process, a sandbox's processing delay or a file watcher:
          // three files in flight keep two cores busy. Runs together with e2e (same group, so the
          // same number of workers), their files started in turn: a waiting integration file leaves
          // the CPU to a browser.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          // Tests that run `bin/shotput.js` need the CLI built from the current sources; those that
          // start a sandbox process start it from a bundle made once for the run.
          globalSetup: ['test/setup/build-cli.ts', 'test/setup/build-sandbox.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: e2eFiles,
          pool: 'forks',
          // One Chromium per worker process (e2e/harness/worker-browser.ts), a fresh context per window.
          // Three files at a time, as integration: while one waits on its page, the others' main
          // process or Chromium runs.
          maxWorkers: 3,
          // A worker process runs file after file instead of one process per file: each new process
          // loaded vitest, playwright-core and the harness again (the tier's test processes used
          // 204 CPU-s isolated, 125 shared; the tier 602 s against 520 and 522 s, on one day).
          // Nothing a file leaves behind changes the next: every file mocks 'electron' with the same
          // double, each launch imports main/app afresh (launch-app.ts: vi.resetModules), and the
          // double restores the environment and its globals when the app closes.
          isolate: false,
          sequence: { groupOrder: 1 },
          globalSetup: ['test/setup/e2e-build.ts'],
          // A poll waits on the window as long as any wait on it does (uiTimeoutMs): on two loaded
          // cores a window can go quiet for over a second, vitest's default. No poll here is a bound
          // on time (those are the benchmarks'); a poll that must be quick says its own timeout.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});

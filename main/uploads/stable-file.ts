// A watched file is taken only once its content is final: its size and modification time have
// not changed for `stableMs`, and it is complete as an image. This holds for files already in the
// folder when watching starts (still being exported, copied or synced) as for those that appear
// later; chokidar's own write-finish wait covers only the latter, so the wait lives here.
import fs from 'node:fs/promises';
import { looksComplete } from './image-complete';

/**
 * The wait's time: the real clock, or in tests one they move, so a stability window of ours is
 * not waited out in real time where it is not what the test is about.
 */
export interface WaitClock {
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: WaitClock = { now: () => Date.now(), sleep };

export interface StableFileOptions {
  /** How long size and modification time must stay the same. */
  stableMs: number;
  /**
   * A file that stays the same this long while still lacking its end is taken anyway: the image
   * pipeline then says what is wrong with it, instead of the folder waiting for ever.
   */
  incompleteMs: number;
  signal?: AbortSignal;
  clock?: WaitClock;
}

export type StableFileResult = 'final' | 'gone' | 'stopped';

export function stableFileOptions(stableMs: number, signal?: AbortSignal, clock?: WaitClock): StableFileOptions {
  return { stableMs, incompleteMs: Math.max(5_000, 10 * stableMs), signal, clock };
}

/** Resolves once the file is final, gone (renamed or deleted), or the wait is stopped. */
export async function waitUntilFinal(file: string, options: StableFileOptions): Promise<StableFileResult> {
  const clock = options.clock ?? realClock;
  const pollMs = Math.max(20, Math.min(250, options.stableMs / 4));
  let last: { size: number; mtimeMs: number } | undefined;
  let sameSince = 0;
  for (;;) {
    if (options.signal?.aborted) return 'stopped';
    const info = await fs.lstat(file).catch(() => undefined);
    if (!info) return 'gone';
    // A link or a folder is not waited for: the watcher refuses it with its reason.
    if (!info.isFile()) return 'final';
    const now = clock.now();
    if (!last || last.size !== info.size || last.mtimeMs !== info.mtimeMs) {
      last = { size: info.size, mtimeMs: info.mtimeMs };
      sameSince = now;
    }
    const unchangedMs = now - sameSince;
    if (unchangedMs >= options.stableMs) {
      const complete = await looksComplete(file).catch(() => true);
      if (complete || unchangedMs >= options.incompleteMs) return 'final';
    }
    await clock.sleep(pollMs, options.signal);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

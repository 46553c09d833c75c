// A clock a test moves from one sleep of the code under test to the next, for waits of ours whose
// length is not the subject (a stability window): the code still does its real file I/O between
// sleeps, and the test waits (in real time, briefly) for the code to go to sleep before moving on.
import type { WaitClock } from '../../main/uploads/stable-file';

interface Sleeper {
  at: number;
  wake(): void;
}

export class StepClock implements WaitClock {
  readonly start = 1_700_000_000_000;
  time = this.start;
  private sleepers: Sleeper[] = [];

  now(): number {
    return this.time;
  }

  /** Time passed since the clock was made. */
  elapsed(): number {
    return this.time - this.start;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const sleeper: Sleeper = {
        at: this.time + ms,
        wake: () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          signal?.removeEventListener('abort', sleeper.wake);
          resolve();
        },
      };
      this.sleepers.push(sleeper);
      signal?.addEventListener('abort', sleeper.wake, { once: true });
    });
  }

  /** Moves time forward by `ms`, waking each sleep that falls due on the way at its own time (the code keeps sleeping meanwhile). */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      await this.someoneSleeps();
      const next = this.earliest();
      if (next.at > until) break;
      this.time = next.at;
      next.wake();
    }
    this.time = until;
  }

  /** Moves time from sleep to sleep until `promise` settles; at most `limitMs` of clock time. */
  async run<T>(promise: Promise<T>, limitMs = 60_000): Promise<T> {
    let settled = false;
    const watched = promise.finally(() => (settled = true));
    const until = this.time + limitMs;
    for (;;) {
      await this.someoneSleeps(() => settled);
      if (settled) return watched;
      const next = this.earliest();
      if (next.at > until) throw new Error(`still waiting after ${limitMs} ms of clock time`);
      this.time = next.at;
      next.wake();
    }
  }

  private earliest(): Sleeper {
    return this.sleepers.reduce((a, b) => (b.at < a.at ? b : a));
  }

  /** Real time for the code to reach its next sleep (its file I/O runs meanwhile), or for `done`. */
  private async someoneSleeps(done: () => boolean = () => false): Promise<void> {
    const end = Date.now() + 10_000;
    while (this.sleepers.length === 0 && !done()) {
      if (Date.now() > end) throw new Error('the code under test neither slept nor finished within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
}

// A clock the test moves by hand, for the governor's waits and backoffs.
import type { GovernorClock } from '../../main/service/rate-limit-governor';

interface Timer {
  at: number;
  resolve(): void;
}

export class FakeClock implements GovernorClock {
  time = 1_700_000_000_000;
  private timers: Timer[] = [];
  sleeps: number[] = [];

  now(): number {
    return this.time;
  }

  random(): number {
    return 0.5;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer: Timer = { at: this.time + ms, resolve };
      this.timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          this.timers = this.timers.filter((t) => t !== timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  async advance(ms: number): Promise<void> {
    await settle();
    this.time += ms;
    const due = this.timers.filter((t) => t.at <= this.time);
    this.timers = this.timers.filter((t) => t.at > this.time);
    for (const timer of due) timer.resolve();
    await settle();
  }
}

/** Lets pending promise chains run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

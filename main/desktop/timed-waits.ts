// Requests that wait, by key, for something to arrive or for their time to run out: a draft's
// picture (draft-picture-requests.ts), a queue's thumbnail (upload-center.ts). The waiter looks
// again once woken, so a wake only says "look now".

export class TimedWaits {
  private readonly waiting = new Map<string, Set<() => void>>();

  /** Resolves when `key` is woken, or after `waitMs`, whichever is first. */
  wait(key: string, waitMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiting.get(key)?.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, waitMs);
      this.waiting.set(key, (this.waiting.get(key) ?? new Set()).add(wake));
    });
  }

  /** Ends the waits on `key`. */
  wake(key: string): void {
    const waiting = this.waiting.get(key);
    this.waiting.delete(key);
    for (const wake of waiting ?? []) wake();
  }

  /** Ends every wait (closing). */
  wakeAll(): void {
    for (const key of [...this.waiting.keys()]) this.wake(key);
  }
}

// Requests that wait, by key, for something to arrive or for their time to run out: a picture
// its draft is still making (draft-pictures.ts), a draft the engine has not restored yet
// (drafts.ts). Either way the waiter looks again once woken, so a wake only says "look now".

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

  /** Ends the waits on every key the test accepts. */
  wakeWhere(test: (key: string) => boolean): void {
    for (const key of [...this.waiting.keys()]) if (test(key)) this.wake(key);
  }

  /** Ends every wait (closing). */
  wakeAll(): void {
    this.wakeWhere(() => true);
  }
}

// What the queue says, in the order it happened, and never before the journal holds it: a change
// from the moment a job goes to the service is announced (and acted on outside the queue: views,
// the CLI's lines, notices) only once its journal line is on the disk, and everything said after
// it waits behind it, so no one sees a job published before its line could survive a crash, nor
// hears of changes out of order.
export class InOrder {
  private readonly waiting: { ready: boolean; run: () => void }[] = [];

  /** Runs `run` once `after` has settled (either way) and everything added before it has run. */
  add(run: () => void, after?: Promise<unknown>): void {
    const entry = { ready: after === undefined, run };
    this.waiting.push(entry);
    if (!after) return this.flush();
    const ready = () => {
      entry.ready = true;
      this.flush();
    };
    after.then(ready, ready);
  }

  private flush(): void {
    // A run may add more: it joins the end, after what was already waiting.
    while (this.waiting[0]?.ready) this.waiting.shift()!.run();
  }
}

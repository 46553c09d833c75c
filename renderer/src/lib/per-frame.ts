// Events that arrive faster than the screen draws (a queue of hundreds moving, drafts preparing,
// bytes sent) are applied together once per frame: one update of the view for all of them, not one
// per message. A hidden window draws no frames (requestAnimationFrame stops), so a timer applies
// them too, a little later: what waits stays small however long the window is hidden.

/** How long events wait at most when no frame comes (a hidden or minimised window). */
const UNDRAWN_MS = 250;

export interface FrameScheduler {
  frame(run: () => void): void;
  timer(run: () => void, ms: number): { cancel(): void };
}

const browserScheduler: FrameScheduler = {
  frame: (run) => void requestAnimationFrame(() => run()),
  timer: (run, ms) => {
    const id = setTimeout(run, ms);
    return { cancel: () => clearTimeout(id) };
  },
};

/** A listener that gathers what it hears and hands it to `apply` once per frame, in order. */
export function perFrame<T>(
  apply: (batch: T[]) => void,
  scheduler: FrameScheduler = browserScheduler,
): (item: T) => void {
  let batch: T[] = [];
  let fallback: { cancel(): void } | undefined;
  const flush = (): void => {
    if (batch.length === 0) return;
    fallback?.cancel();
    fallback = undefined;
    const items = batch;
    batch = [];
    apply(items);
  };
  return (item) => {
    batch.push(item);
    if (batch.length > 1) return;
    scheduler.frame(flush);
    fallback = scheduler.timer(flush, UNDRAWN_MS);
  };
}

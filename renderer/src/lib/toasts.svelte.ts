// Short notes at the bottom of the window, each with at most one action (Undo). A toast stays
// while the pointer or the keyboard is on it, so the Undo button can always be reached; otherwise
// it leaves after a few seconds and then calls its onexpire (where a removal becomes final).

export interface Toast {
  id: number;
  text: string;
  action?: { label: string; run: () => void };
  /** Called once when the toast leaves without its action being taken. */
  onexpire?: () => void;
}

/** Long enough to read a sentence and reach Undo; a removal waits this long to become final. */
export const TOAST_MS = 8000;

class Toasts {
  list = $state<Toast[]>([]);
  private next = 1;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  show(toast: Omit<Toast, 'id'>): number {
    const id = this.next++;
    this.list = [...this.list, { ...toast, id }];
    this.arm(id);
    return id;
  }

  /** Holds a toast while the user is on it. */
  hold(id: number): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  arm(id: number): void {
    this.hold(id);
    this.timers.set(
      id,
      setTimeout(() => this.expire(id), TOAST_MS),
    );
  }

  /** The action was taken: the toast goes and its expiry never runs. */
  act(id: number): void {
    const toast = this.list.find((item) => item.id === id);
    this.drop(id);
    toast?.action?.run();
  }

  /** Closed or timed out: what it was waiting for becomes final. */
  expire(id: number): void {
    const toast = this.list.find((item) => item.id === id);
    this.drop(id);
    toast?.onexpire?.();
  }

  /** Taken away with neither its action nor its expiry (what it offered was done another way). */
  dismiss(id: number): void {
    this.drop(id);
  }

  /** Makes every pending toast final at once (the window is closing, say). */
  flush(): void {
    for (const toast of [...this.list]) this.expire(toast.id);
  }

  private drop(id: number): void {
    this.hold(id);
    this.list = this.list.filter((item) => item.id !== id);
  }
}

export const toasts = new Toasts();

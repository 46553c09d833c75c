// Frame times on the GIF's grid. GIF delays are whole hundredths of a second, and browsers show a
// delay of 0 or 10 ms as 100 ms, so no frame is shorter than 20 ms (50 fps). A source at its own
// pace keeps its frame times rounded to the grid: 30 fps comes out as 30, 40, 30 ms, keeping its
// pace over any length. At a lower rate (or a source faster than 50 fps) frames are picked at
// ticks of the new rate, each tick showing the source frame on screen at that moment.

/** GIF delays are in hundredths of a second. */
export const GRID_MS = 10;
/** The shortest delay every browser honours. */
export const MIN_DELAY_MS = 20;
/** Delays browsers replace by 100 ms (and so do we, to keep what the designer saw). */
export const BROWSER_SLOW_DELAY_MS = 10;

const onGrid = (ms: number) => Math.round(ms / GRID_MS) * GRID_MS;

export interface TimedFrame<T> {
  frame: T;
  /** Milliseconds this frame stays, a multiple of 10, at least 20. */
  delayMs: number;
}

/**
 * Turns frames with start times into frames with GIF delays, one at a time (holds one frame).
 * `fps` undefined keeps the source's own times; otherwise frames are picked at that rate.
 */
export class Retimer<T> {
  private pending: { frame: T; at: number } | undefined;
  private held: { frame: T; timeMs: number } | undefined;
  private tick = 0;

  constructor(private readonly fps?: number) {}

  private tickTime(): number {
    return onGrid((this.tick * 1000) / this.fps!);
  }

  /** Emits the held output (if its successor's start is now known) and returns what is final. */
  private place(frame: T, at: number): TimedFrame<T>[] {
    const out: TimedFrame<T>[] = [];
    if (this.pending) {
      if (at - this.pending.at < MIN_DELAY_MS) {
        // Too soon after the previous frame: the later picture replaces it at the same time.
        this.pending = { frame, at: this.pending.at };
        return out;
      }
      out.push({ frame: this.pending.frame, delayMs: at - this.pending.at });
    }
    this.pending = { frame, at };
    return out;
  }

  /** A source frame starting at timeMs (in increasing order). Returns frames whose delay is now known. */
  push(frame: T, timeMs: number): TimedFrame<T>[] {
    if (this.fps === undefined) return this.place(frame, onGrid(timeMs));
    const out: TimedFrame<T>[] = [];
    // Every tick before this frame starts shows the frame held until now.
    while (this.held && (this.tick * 1000) / this.fps < timeMs - 1e-6) {
      if (this.pending?.frame !== this.held.frame) out.push(...this.place(this.held.frame, this.tickTime()));
      this.tick++;
    }
    if (!this.held && timeMs > 0) this.tick = Math.floor((timeMs * this.fps) / 1000);
    this.held = { frame, timeMs };
    return out;
  }

  /** The clip's end (its total length): the last frames get their delays. */
  end(durationMs: number): TimedFrame<T>[] {
    const out: TimedFrame<T>[] = [];
    const end = onGrid(durationMs);
    if (this.fps !== undefined) {
      while (this.held && (this.tick * 1000) / this.fps < durationMs - 1e-6 && this.tickTime() < end) {
        if (this.pending?.frame !== this.held.frame) out.push(...this.place(this.held.frame, this.tickTime()));
        this.tick++;
      }
    }
    if (this.pending) {
      out.push({ frame: this.pending.frame, delayMs: Math.max(MIN_DELAY_MS, end - this.pending.at) });
      this.pending = undefined;
    }
    return out;
  }
}

/** The delay a GIF frame is really shown for in browsers. */
export function shownDelay(delayMs: number): number {
  return delayMs <= BROWSER_SLOW_DELAY_MS ? 100 : delayMs;
}

// The service's daily upload cap, as the queue keeps to it: once a POST is refused for the cap,
// no further POST leaves for this account until the next day (UTC, the service's day) or until
// the user asks to retry. The jobs left keep their place and wait, visibly, with the reason.

export interface DailyCapState {
  /** The service's sentence, as the translator worded it. */
  reason: string;
  /** ISO time the hold ends by itself: the start of the next UTC day. */
  until: string;
}

export class DailyCapHold {
  private held: { reason: string; until: number } | undefined;

  /**
   * `persist` writes each change down (the journal), so the next run keeps to the hold until it
   * ends instead of sending POSTs the service will refuse; `restored` is what the last run wrote.
   */
  constructor(
    private readonly persist: (state: DailyCapState | undefined) => void = () => undefined,
    restored?: DailyCapState,
  ) {
    if (restored) this.held = { reason: restored.reason, until: Date.parse(restored.until) };
  }

  /** Holds POSTs from now until the next UTC midnight. */
  hold(reason: string, now = Date.now()): void {
    this.held = { reason, until: nextUtcDay(now) };
    this.persist(this.active(now));
  }

  release(): void {
    if (this.held === undefined) return;
    this.held = undefined;
    this.persist(undefined);
  }

  /** The hold in force at `now`, if any (an expired hold ends by itself). */
  active(now = Date.now()): DailyCapState | undefined {
    if (this.held && this.held.until <= now) this.held = undefined;
    return this.held ? { reason: this.held.reason, until: new Date(this.held.until).toISOString() } : undefined;
  }

  /** Epoch ms the hold ends, for the queue's timer. */
  endsAt(): number | undefined {
    return this.held?.until;
  }
}

export function nextUtcDay(now: number): number {
  const day = new Date(now);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
}

/** "Daily upload limit reached: 3 files wait." — the line the queue views and the CLI show. */
export function capWaitLine(waiting: number): string {
  return `Daily upload limit reached: ${waiting} file${waiting === 1 ? '' : 's'} wait${waiting === 1 ? 's' : ''}.`;
}

// One way to schedule a batch: publish now, or one every N hours from a first time, kept (by
// default) inside the working hours the user sets, so "one every 2 h" never lands at 1 AM unless
// asked. A draft's own publish time always wins over the spacing; the spacing fills the others, in
// the order of the grid. Pure: the Upload view shows the result on each card before anything is sent.

export interface BatchSchedule {
  spaced: boolean;
  everyHours: number;
  /** <input type="datetime-local"> value of the first slot, local time. */
  from: string;
  /** Keep slots between dayStart and dayEnd (local hours, dayStart inclusive, dayEnd exclusive). */
  workingHours: boolean;
  dayStart: number;
  dayEnd: number;
}

/** `count` publish times: `from`, then every `everyHours`, moved into the working hours when kept. */
export function spacedTimes(count: number, schedule: BatchSchedule): Date[] {
  const first = new Date(schedule.from);
  if (Number.isNaN(first.getTime()) || count <= 0) return [];
  const keep = schedule.workingHours && schedule.dayStart < schedule.dayEnd;
  const step = Math.max(0, schedule.everyHours) * 3600_000;
  const times: Date[] = [];
  let next = keep ? intoWorkingHours(first, schedule.dayStart, schedule.dayEnd) : first;
  for (let i = 0; i < count; i++) {
    times.push(next);
    const after = new Date(next.getTime() + step);
    next = keep ? intoWorkingHours(after, schedule.dayStart, schedule.dayEnd) : after;
  }
  return times;
}

/** The same instant when it is inside the day's hours; else the start of the next working span. */
function intoWorkingHours(at: Date, dayStart: number, dayEnd: number): Date {
  const hours = at.getHours() + at.getMinutes() / 60;
  if (hours >= dayStart && hours < dayEnd) return at;
  const moved = new Date(at);
  if (hours >= dayEnd) moved.setDate(moved.getDate() + 1);
  moved.setHours(dayStart, 0, 0, 0);
  return moved;
}

export interface PlannedTime {
  /** null: at once. */
  at: Date | null;
  /** 'own': the draft's own publish time (it wins); 'spacing': given by the batch spacing. */
  source: 'own' | 'spacing';
}

/** What the plan needs of a draft: its id, its own publish choice, and whether Upload all sends it. */
export interface PlannableDraft {
  id: string;
  publish: 'batch' | 'now' | 'at';
  /** The draft's own time (ISO), when publish is 'at' and the time is valid. */
  ownTime: string | undefined;
  sendable: boolean;
}

/**
 * When each draft will publish, and why: its own choice (a time, or now) wins; the spacing fills
 * the others, in the grid's order. Drafts absent from the plan publish at once.
 */
export function planDrafts(
  drafts: readonly PlannableDraft[],
  schedule: BatchSchedule,
  canSchedule: boolean,
): Map<string, PlannedTime> {
  const planned = new Map<string, PlannedTime>();
  if (!canSchedule) return planned;
  const spaced: string[] = [];
  for (const draft of drafts) {
    if (draft.publish === 'at') {
      if (draft.ownTime !== undefined) planned.set(draft.id, { at: new Date(draft.ownTime), source: 'own' });
    } else if (draft.publish === 'now') planned.set(draft.id, { at: null, source: 'own' });
    else if (schedule.spaced && draft.sendable) spaced.push(draft.id);
  }
  spacedTimes(spaced.length, schedule).forEach((at, index) => planned.set(spaced[index]!, { at, source: 'spacing' }));
  return planned;
}

/** The spaced times of a plan, by draft id: what Upload all sends as each draft's scheduled time. */
export function spacedOf(plan: ReadonlyMap<string, PlannedTime>): Map<string, Date> {
  const times = new Map<string, Date>();
  for (const [id, planned] of plan) if (planned.source === 'spacing' && planned.at) times.set(id, planned.at);
  return times;
}

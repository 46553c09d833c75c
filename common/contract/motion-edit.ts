// The motion editor's requests: the strip of frames the trim is chosen on, the live size estimate
// of a draft's clip as its trim changes (before any full encode), and cancelling a long preparation; the preparation's progress comes
// as an event. The trim itself is part of the prepare choice (drafts.setPrepare), kept with the
// draft like its crop.
import * as v from 'valibot';
import { answers } from './base';
import { PrepareChoiceSchema } from './uploads';
import type { PrepareChoice } from './uploads';

const draftId = v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/, 'Not a draft id.'));

/** "About 6.2 MB at 800×600, 25 fps": what the fitter expects for a clip and choice. */
export interface MotionEstimateView {
  bytes: number;
  width: number;
  height: number;
  fps: number;
  /** Length of the (trimmed) clip in milliseconds. */
  durationMs: number;
}

export const motionEditRequests = {
  /**
   * The fitter's estimate for a draft's clip with this choice, from a sample of its frames; null
   * for a still. A newer estimate of the same draft ends an older one (answered 'cancelled').
   */
  'drafts.estimate': {
    payload: v.strictObject({ draftId, prepare: PrepareChoiceSchema }),
    result: answers<MotionEstimateView | null>(),
  },
  /** Small pictures spread over a draft's clip, for the trim (served by main, as the draft's others); none for a still. */
  'drafts.strip': {
    payload: v.strictObject({ draftId, count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24)) }),
    result: answers<{ frames: { timeMs: number; url: string }[] }>(),
  },
  /**
   * Stops a draft's preparation under way; the draft goes back to its last prepared choice and image.
   * Answers the choice it has now (the editor's handles follow it), null when nothing was under way.
   */
  'drafts.cancelPrepare': {
    payload: v.strictObject({ draftId }),
    result: answers<{ prepare: PrepareChoice | null }>(),
  },
} as const;

export const motionEditEvents = {
  /** Share of a draft's preparation done, 0..1 (motion: said at most a few times a second). */
  'drafts.progress': answers<{ id: string; done: number }>(),
} as const;

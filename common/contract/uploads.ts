// Uploads: drafts and their final-size previews, the queue, the rate-limit budget, the daily cap.
import * as v from 'valibot';
import { SIZE_CHOICES } from '../service-rules';
import { PASTE_TYPE_NAMES } from '../input-types';
import type { JobState } from '../job-states';
import type { FailureCode } from '../problem';
import type { ShotMetadata } from '../shot-metadata';
import { FIT_CHOICES, FORMAT_CHOICES } from '../prepare-choice';
import type { PrepareChoice } from '../prepare-choice';
import { PUBLISH_CHOICES } from '../draft-words';
import type { DraftWords } from '../draft-words';
import { ShotTagsSchema, ShotTitleSchema, answers, filePath, isoTime, noPayload, positiveId } from './base';

export type { PrepareChoice } from '../prepare-choice';
export type { JobState } from '../job-states';
export type { DraftWords } from '../draft-words';

const hexColour = v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/i, 'A colour is written like #ffffff.'));
const unitInterval = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const milliseconds = v.pipe(v.number(), v.minValue(0), v.maxValue(24 * 3600 * 1000));
const pixels = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));
const draftId = v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/, 'Not a draft id.'));
const jobId = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

/** The prepare choice (common/prepare-choice.ts) checked as it crosses into main. */
export const PrepareChoiceSchema = v.strictObject({
  /** auto: 800x600 when the chosen region is large enough, else 400x300 (enlarged, with a warning). */
  size: v.optional(v.picklist(SIZE_CHOICES)),
  /** cover crops a 4:3 region; contain fits the whole image on the background. */
  fit: v.optional(v.picklist(FIT_CHOICES)),
  /** cover: the point to keep in view, 0..1 of the width and height. */
  focus: v.optional(v.strictObject({ x: unitInterval, y: unitInterval })),
  /** cover: an explicit region in source pixels (wins over focus). */
  crop: v.optional(
    v.strictObject({
      left: pixels,
      top: pixels,
      width: v.pipe(pixels, v.minValue(1)),
      height: v.pipe(pixels, v.minValue(1)),
    }),
  ),
  /** contain: the colour around the image. */
  background: v.optional(hexColour),
  /** auto: PNG stays PNG, photos become JPEG, animations stay animated GIFs. */
  format: v.optional(v.picklist(FORMAT_CHOICES)),
  /** Motion: the part of the clip sent, frames starting in [startMs, endMs). */
  trim: v.optional(
    v.pipe(
      v.strictObject({ startMs: milliseconds, endMs: milliseconds }),
      v.check((trim) => trim.endMs > trim.startMs, 'A trim ends after it starts.'),
    ),
  ),
});
// The schema and the type say the same (a compile error when they part).
type Same<A extends B, B extends C, C = A> = [A, B, C];
export type PrepareChoiceChecked = Same<v.InferOutput<typeof PrepareChoiceSchema>, PrepareChoice>;

/** Defaults for new drafts and watched folders (Settings). */
export const PrepareDefaultsSchema = v.object({
  size: v.picklist(SIZE_CHOICES),
  fit: v.picklist(FIT_CHOICES),
  background: hexColour,
});
export type PrepareDefaults = v.InferOutput<typeof PrepareDefaultsSchema>;

/** What the service is told about a new shot. */
export const ShotMetadataSchema = v.strictObject({
  title: ShotTitleSchema,
  description: v.optional(v.pipe(v.string(), v.maxLength(20_000))),
  tags: v.optional(ShotTagsSchema),
  lowProfile: v.optional(v.boolean()),
  teamId: v.optional(positiveId),
  reboundSourceId: v.optional(positiveId),
  /** ISO 8601; absent publishes at once. */
  scheduledFor: v.optional(isoTime),
});
export type ShotMetadataInput = v.InferInput<typeof ShotMetadataSchema>;
export type ShotMetadataChecked = Same<v.InferOutput<typeof ShotMetadataSchema>, ShotMetadata>;

/**
 * One draft to send, with its words. force: upload an image again although it was already uploaded
 * ("Upload anyway"). The metadata is checked per item by the handler (ShotMetadataSchema), so one
 * bad draft is answered on its own and the others of the batch are queued.
 */
const EnqueueRequestSchema = v.strictObject({
  draftId,
  metadata: v.looseObject({ title: v.string() }),
  force: v.optional(v.boolean()),
});
export type EnqueueRequest = Omit<v.InferOutput<typeof EnqueueRequestSchema>, 'metadata'> & {
  metadata: ShotMetadataInput;
};

/** What the designer typed for a draft, kept by main as it is typed (generous bounds: a title too long is kept, and said so). */
export const DraftWordsSchema = v.strictObject({
  title: v.pipe(v.string(), v.maxLength(20_000)),
  description: v.pipe(v.string(), v.maxLength(40_000)),
  tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1_000))), v.maxLength(200)),
  lowProfile: v.boolean(),
  team: v.pipe(v.string(), v.maxLength(40)),
  rebound: v.pipe(v.string(), v.maxLength(40)),
  publish: v.picklist(PUBLISH_CHOICES),
  at: v.pipe(v.string(), v.maxLength(40)),
});
export type DraftWordsChecked = Same<v.InferOutput<typeof DraftWordsSchema>, DraftWords>;

/** "One every N hours from T" for a scheduled batch. */
export const BatchSpacingSchema = v.strictObject({
  start: isoTime,
  everyHours: v.pipe(v.number(), v.minValue(0), v.maxValue(24 * 365)),
});
export type BatchSpacing = v.InferOutput<typeof BatchSpacingSchema>;

/** What the file is, read from its header. */
export interface ImageFacts {
  format: string;
  width: number;
  height: number;
  animated: boolean;
  frames: number;
  bytes: number;
  hasAlpha: boolean;
  /** Motion: the clip's length and frames per second (what the trim is chosen in). */
  durationMs?: number;
  fps?: number;
}

export interface ImageWarning {
  /** enlarged, reduced-colours, reduced-size, animation-dropped, transparency-flattened, … */
  code: string;
  message: string;
}

/** A dropped file on its way to becoming a shot. */
export interface DraftView {
  id: string;
  /** The file name. */
  name: string;
  /** The shot's title until the designer writes one (the same rule as watched folders and the CLI). */
  title: string;
  path: string;
  state: 'loading' | 'ready' | 'error';
  /** A sentence when the file cannot become a shot. */
  error: string | null;
  /** What failed, beside `error`: an image's `image-<code>` (as its job and the CLI say it), `cancelled`, … */
  errorCode: FailureCode | null;
  facts: ImageFacts | null;
  /**
   * The whole source image, small (for the crop editor); its pixel size is in facts. `url` is a
   * picture main serves (app://shotput/draft-pictures/…), relative to the page.
   */
  source: { url: string; width: number; height: number } | null;
  /** What will be sent: a small picture of it (served by main, as `source`), and its exact size, format and bytes. */
  result: { url: string; width: number; height: number; format: string; bytes: number } | null;
  warnings: ImageWarning[];
  prepare: PrepareChoice;
  /** The shot this image's content is already on the service as, when the queue knows it (said on drop). */
  uploadedAs: number | null;
  /** What the designer typed for it, as main keeps it (null until the window first sends its words). */
  words: DraftWords | null;
  /** The file is no longer where it was (a draft restored after a restart): its fields are kept. */
  missing: boolean;
}

export interface DraftsAdded {
  drafts: DraftView[];
  /** Paths that gave no draft (not an image, unreadable, …), each with a sentence. */
  problems: { path: string; message: string }[];
}

/** The exact image that will be sent, at its real size. */
export interface FinalPreview {
  /** The exact image, served by main (app://shotput/draft-pictures/…), relative to the page. */
  url: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
  warnings: ImageWarning[];
}

export interface JobView {
  id: string;
  /** The source file's name. */
  name: string;
  title: string;
  state: JobState;
  paused: boolean;
  /** Why it failed (its code, as a draft's errorCode and the CLI's `code`), and whether retrying can help. */
  failure: { code: FailureCode; message: string; retryable: boolean } | null;
  /** A passing problem being retried by itself. */
  note: string | null;
  shotId: number | null;
  publishedAt: string | null;
  scheduledFor: string | null;
  warnings: string[];
  /** 'app', 'cli' or 'watch' (a watched folder). */
  origin: 'app' | 'cli' | 'watch';
  folder: string | null;
  createdAt: string;
  updatedAt: string;
  /** Bytes of the image sent so far, while uploading. */
  progress: { sent: number; total: number } | null;
  /** The file changed on disk after it was queued: the job sends the version queued. */
  sourceChanged: boolean;
}

export interface RateLimitView {
  limit: number | null;
  remaining: number | null;
  /** Epoch ms when the budget is expected to be full again. */
  resetAt: number | null;
  /** Requests waiting for budget right now. */
  waiting: number;
}

export interface QueueView {
  /**
   * Counts the versions of the queue main has told the window of: a QueueChange takes the window
   * from one revision to the next, and an answer (queue.list, an action) is the queue at one.
   */
  revision: number;
  /** False while signed out: there is no queue without an account. */
  available: boolean;
  jobs: JobView[];
  paused: boolean;
  rateLimit: RateLimitView | null;
  /** Set while the service's daily upload cap holds this account's uploads. */
  dailyCap: DailyCapView | null;
  /** Set while a fault of the disk (full, read-only, no permission) holds the queue paused: what, where, what to do. */
  diskFault: string | null;
  /** Set while the service no longer accepts the sign-in and the queue waits: "Sign in again to continue: 3 uploads wait." */
  signInNeeded?: string | null;
  /** Set while the service does not answer: the window's one banner (while uploads wait) with the next attempt's time. */
  offline?: OfflineView | null;
}

/**
 * What changed in the queue from one revision to the next (the queue.changed event): the jobs new or
 * changed, whole, and the ids of those gone, with the small fields of the queue as they are now; so
 * a thousand jobs are not sent again when one of them moves on.
 */
export interface QueueChange extends Omit<QueueView, 'revision' | 'jobs'> {
  /** The revision the change applies to (the window asks for the whole queue when it has another). */
  from: number;
  /** The revision it makes. */
  to: number;
  /** Jobs new (at the end of the queue) or changed. */
  jobs: JobView[];
  removed: string[];
  /** Every job's id in the queue's order, only when that order is not the old one with the new jobs at the end. */
  order: string[] | null;
}

/** The service cannot be reached: "Cannot reach <host>: trying again in N s; nothing is lost." (common/outage-words.ts). */
export interface OfflineView {
  /** The service's host (and port), as the sentence names it. */
  host: string;
  /** ISO time the next request goes; null while one is under way. The window counts down to it. */
  nextAttemptAt: string | null;
}

export interface DailyCapView {
  /** "Daily upload limit reached: 3 files wait." */
  line: string;
  /** The service's reason, as worded for people. */
  reason: string;
  /** ISO time the hold ends by itself (the next day of the service). */
  until: string;
}

export interface EnqueueResult {
  draftId: string;
  status: 'added' | 'existing' | 'skipped' | 'error';
  message: string | null;
  jobId: string | null;
  /** For an image already uploaded ('skipped'): the shot it became, to link to. */
  shotId: number | null;
}

export const uploadsRequests = {
  /** Files and folders (by path: dropped, via preload's pathsOf) become drafts at once; previews follow as drafts.changed. */
  'drafts.add': {
    payload: v.strictObject({ paths: v.pipe(v.array(filePath), v.minLength(1), v.maxLength(5000)) }),
    result: answers<DraftsAdded>(),
  },
  /** The system file picker: image files (on macOS folders too). */
  'drafts.pick': { payload: noPayload, result: answers<DraftsAdded>() },
  /** The system folder picker: folders of images (Windows and Linux cannot pick files and folders in one dialog). */
  'drafts.pickFolder': { payload: noPayload, result: answers<DraftsAdded>() },
  /** Files the OS opened with Shotput (Open With, the dock, Send to) that wait for the window, made drafts as a drop is. */
  'drafts.takeOpened': { payload: noPayload, result: answers<DraftsAdded>() },
  /** An image pasted from the clipboard (base64 of its bytes). */
  'drafts.paste': {
    payload: v.strictObject({
      name: v.pipe(v.string(), v.maxLength(200)),
      type: v.picklist(PASTE_TYPE_NAMES),
      dataBase64: v.pipe(v.string(), v.minLength(1), v.maxLength(60 * 1024 * 1024)),
    }),
    result: answers<DraftsAdded>(),
  },
  'drafts.list': { payload: noPayload, result: answers<DraftView[]>() },
  'drafts.remove': {
    payload: v.strictObject({ ids: v.pipe(v.array(draftId), v.maxLength(5000)) }),
    result: answers<null>(),
  },
  /** Applies crop/fit/size/background to drafts; their previews are made again. */
  'drafts.setPrepare': {
    payload: v.strictObject({
      ids: v.pipe(v.array(draftId), v.minLength(1), v.maxLength(5000)),
      prepare: PrepareChoiceSchema,
    }),
    result: answers<null>(),
  },
  /** What the designer typed for drafts, kept by main (and on disk) as it is typed. */
  'drafts.edit': {
    payload: v.strictObject({
      edits: v.pipe(
        v.array(v.strictObject({ id: draftId, words: DraftWordsSchema })),
        v.minLength(1),
        v.maxLength(5000),
      ),
    }),
    result: answers<null>(),
  },
  /** The exact image a draft would be sent as, with the given choice. */
  'images.preview': {
    payload: v.strictObject({ draftId, prepare: PrepareChoiceSchema }),
    result: answers<FinalPreview>(),
  },
  'queue.enqueue': {
    payload: v.strictObject({
      /** Main takes each draft's file, framing and prepared image itself; the drafts taken leave (drafts.changed). */
      items: v.pipe(v.array(EnqueueRequestSchema), v.minLength(1), v.maxLength(5000)),
      /** Gives the items publish times one every N hours from T, in order. */
      spacing: v.optional(BatchSpacingSchema),
    }),
    result: answers<EnqueueResult[]>(),
  },
  'queue.list': { payload: noPayload, result: answers<QueueView>() },
  'queue.pauseAll': { payload: noPayload, result: answers<QueueView>() },
  'queue.resumeAll': { payload: noPayload, result: answers<QueueView>() },
  'queue.retry': { payload: v.strictObject({ id: jobId }), result: answers<QueueView>() },
  /** The file of a job changed after it was queued: its version as it is now becomes a job too. */
  'queue.queueNewVersion': { payload: v.strictObject({ id: jobId }), result: answers<QueueView>() },
  'queue.cancel': { payload: v.strictObject({ id: jobId }), result: answers<QueueView>() },
  'queue.remove': { payload: v.strictObject({ id: jobId }), result: answers<QueueView>() },
  'queue.clearFinished': { payload: noPayload, result: answers<QueueView>() },
  /** Opens the published shot (its html_url) in the system browser. */
  'queue.openShot': { payload: v.strictObject({ id: jobId }), result: answers<null>() },
} as const;

export const uploadsEvents = {
  /** Drafts whose state or previews changed, and drafts that went away. */
  'drafts.changed': answers<{ changed: DraftView[]; removed: string[] }>(),
  /** Drafts that came back from disk (a restart, a sign-in of their account): the window shows them with their words. */
  'drafts.restored': answers<{ drafts: DraftView[] }>(),
  /** The OS opened files with Shotput: the window takes them with drafts.takeOpened. */
  'drafts.opened': answers<{ count: number }>(),
  /** What changed in the queue since the revision before (queue.list gives the whole queue). */
  'queue.changed': answers<QueueChange>(),
  /** Bytes of one job's image sent so far. */
  'queue.progress': answers<{ id: string; sent: number; total: number }>(),
  /** The account's rate-limit budget, as the service's headers report it. */
  rateLimit: answers<RateLimitView>(),
} as const;

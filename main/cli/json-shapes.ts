// The one JSON shape of each kind of thing the CLI prints with --json, as valibot schemas: the
// README's "JSON output" section documents them and test/cli/json-shapes.test.ts checks every
// command's output against them. Field names are snake_case, as the service's own JSON is.
import * as v from 'valibot';
import { JOB_STATES } from '../uploads/types';
import type { UploadJob } from '../uploads/types';
import { prepareWarningLine } from './messages';

const isoTime = v.pipe(v.string(), v.isoTimestamp());

/** A shot: the service's own JSON, passed on as it came (the fields scripts rely on are checked). */
export const ShotJson = v.looseObject({
  id: v.number(),
  title: v.string(),
  html_url: v.string(),
  width: v.number(),
  height: v.number(),
  images: v.looseObject({ hidpi: v.nullish(v.string()), normal: v.string() }),
  published_at: v.nullish(v.string()),
});

/** A comment: the service's JSON as it came. */
export const CommentJson = v.looseObject({
  id: v.number(),
  body: v.string(),
  created_at: v.string(),
  user: v.looseObject({ id: v.number() }),
});

/** The signed-in user: the service's JSON as it came. */
export const UserJson = v.looseObject({ id: v.number(), name: v.nullish(v.string()) });

/** A job of the upload queue. */
export const JobJson = v.strictObject({
  id: v.string(),
  file: v.string(),
  title: v.string(),
  state: v.picklist(JOB_STATES),
  paused: v.boolean(),
  attempts: v.number(),
  /** sha256 of the file as it was taken. */
  content_hash: v.string(),
  shot_id: v.optional(v.number()),
  location: v.optional(v.string()),
  html_url: v.optional(v.string()),
  published_at: v.optional(isoTime),
  scheduled_for: v.optional(isoTime),
  reason: v.optional(v.string()),
  /** What failed, kebab-case: an image's `image-<code>` (as `prepare` gives it), a service Problem's code, … */
  code: v.optional(v.string()),
  retryable: v.optional(v.boolean()),
  last_error: v.optional(v.string()),
  /** What preparing the image warned of (a tight crop, an enlargement…), in the CLI's words. */
  warnings: v.optional(v.array(v.string())),
  /** The file changed on disk after the job read it: the job sends the content it read (content_hash). */
  source_changed: v.optional(v.literal(true)),
});

/** A job as `queue list` gives it: with whose queue it is in (null: an earlier version recorded no account). */
export const QueuedJobJson = v.strictObject({
  ...JobJson.entries,
  account: v.nullable(v.strictObject({ service: v.string(), user_id: v.number(), login: v.optional(v.string()) })),
});

/** Something that went wrong with one file (or with the whole command when `file` is absent). */
export const ProblemJson = v.strictObject({
  type: v.literal('problem'),
  file: v.optional(v.string()),
  message: v.string(),
  code: v.optional(v.string()),
});

/** A file not sent because it was sent before (`shot_id`) or is already in the queue (`job_id`). */
export const SkippedJson = v.strictObject({
  type: v.literal('skipped'),
  file: v.string(),
  shot_id: v.optional(v.number()),
  job_id: v.optional(v.string()),
  message: v.string(),
});

/** What `--dry-run` would do with one file. */
export const PlannedJson = v.strictObject({
  type: v.literal('planned'),
  file: v.string(),
  title: v.string(),
  width: v.number(),
  height: v.number(),
  format: v.string(),
  bytes: v.number(),
  scheduled_for: v.optional(isoTime),
  warnings: v.array(v.string()),
});

export const SummaryJson = v.strictObject({
  type: v.literal('summary'),
  published: v.number(),
  scheduled: v.number(),
  failed: v.number(),
  skipped: v.number(),
  waiting: v.optional(v.number()),
  planned: v.optional(v.number()),
  daily_cap: v.optional(v.looseObject({ reason: v.string(), waiting: v.number(), until: v.string() })),
});

export const FolderJson = v.strictObject({
  type: v.literal('folder'),
  folder: v.string(),
  seen: v.number(),
  uploaded: v.number(),
  skipped: v.number(),
  failed: v.number(),
});

/** One line of the stream `upload` and `watch` print: an upload result. */
export const UploadLineJson = v.variant('type', [
  v.object({ type: v.literal('job'), ...JobJson.entries }),
  SkippedJson,
  ProblemJson,
  PlannedJson,
  SummaryJson,
  FolderJson,
]);

/** One line of `prepare`: a prepared file, or a problem. */
export const PreparedJson = v.strictObject({
  type: v.literal('prepared'),
  file: v.string(),
  output: v.string(),
  width: v.number(),
  height: v.number(),
  format: v.string(),
  bytes: v.number(),
  warnings: v.array(v.strictObject({ code: v.string(), message: v.string() })),
});
export const PrepareLineJson = v.variant('type', [PreparedJson, ProblemJson]);

export type JobJsonValue = v.InferOutput<typeof JobJson>;

/** A queue job in its JSON shape (the same in `queue list`, `queue retry` and upload streams). */
export function jobJson(job: UploadJob): JobJsonValue {
  const final =
    job.state === 'published' || job.state === 'scheduled' || job.state === 'failed' || job.state === 'cancelled';
  return {
    id: job.id,
    file: job.sourcePath,
    title: job.metadata.title,
    state: job.state,
    paused: job.paused === true,
    attempts: job.attempts,
    content_hash: job.contentHash,
    ...(job.shotId ? { shot_id: job.shotId } : {}),
    ...(job.location ? { location: job.location } : {}),
    ...(job.htmlUrl ? { html_url: job.htmlUrl } : {}),
    ...(job.publishedAt ? { published_at: job.publishedAt } : {}),
    ...(job.scheduledFor ? { scheduled_for: job.scheduledFor } : {}),
    ...(job.failure ? { reason: job.failure.message, code: job.failure.code, retryable: job.failure.retryable } : {}),
    ...(job.lastError && !final ? { last_error: job.lastError } : {}),
    ...(job.warnings?.length ? { warnings: job.warnings.map(prepareWarningLine) } : {}),
    ...(job.sourceChanged ? { source_changed: true as const } : {}),
  };
}

// The upload job: one file on its way to becoming a published (or scheduled) shot.
// Everything here is plain data, written to the journal as it is.
import type { JobState } from '../../common/job-states';
import type { FailureCode } from '../../common/problem';
import type { PrepareChoice } from '../../common/prepare-choice';
import type { ShotMetadata } from '../../common/shot-metadata';
import type { TakenContent } from './snapshot';

export { JOB_STATES, isFinal, isOnService, isWaiting } from '../../common/job-states';
export type { JobState } from '../../common/job-states';
export type { PrepareChoice } from '../../common/prepare-choice';
export type { ShotMetadata } from '../../common/shot-metadata';

/**
 * Why a job failed, journaled with the job: the Problem that failed it (a service Problem, an
 * image's `image-<code>`, a local check, the reconciler giving up) as plain data, so the window and
 * the CLI can branch on the code and word it as everywhere else, long after the failure itself.
 */
export interface JobFailure {
  /** What failed, kebab-case (common/problem.ts); `upload-failed` for a failure journaled before codes were kept. */
  code: FailureCode;
  /** A sentence for a person: what happened and, when known, what to do. */
  message: string;
  /** Whether trying again (as it is) can help. */
  retryable: boolean;
}

/** A service (its account id, main/auth/service-settings) and one of its users. */
export interface JobOwner {
  service: string;
  userId: number;
}

export interface UploadJob {
  id: string;
  sourcePath: string;
  /**
   * SHA-256, hex, of the bytes read from the source when the job was made: the content the job
   * prepares (from its snapshot, snapshot.ts), sends and records as uploaded.
   */
  contentHash: string;
  /** The source's size and modification time when it was read. */
  sourceStamp?: string;
  /** The source changed on disk after it was read: the job sends what was queued, and says so. */
  sourceChanged?: boolean;
  metadata: ShotMetadata;
  prepare: PrepareChoice;
  state: JobState;
  /** Held back by the user; only jobs not yet uploading can be paused. */
  paused: boolean;
  /** POST attempts made so far. */
  attempts: number;
  createdAt: string;
  updatedAt: string;
  /** Where the job came from: 'cli', 'app', or a watched folder's path. */
  origin?: string;
  /** The service and account the job is sent to (recorded since queues became per account). */
  owner?: JobOwner;
  failure?: JobFailure;
  /** A transient problem that will be retried by itself at retryAt. */
  lastError?: string;
  retryAt?: string;
  /** Set when a POST starts; used to recognise the shot after a crash. */
  attempt?: UploadAttempt;
  /** Known once the service accepted the POST. */
  location?: string;
  shotId?: number;
  /** When processing tracking began; used to give up on a shot that never appears. */
  processingSince?: string;
  /** The service's publish or schedule time, once confirmed. */
  publishedAt?: string;
  scheduledFor?: string;
  /** The shot's page, once confirmed. */
  htmlUrl?: string;
  /** Warnings from the image pipeline (e.g. the image was enlarged). */
  warnings?: string[];
}

/**
 * Written to the journal (and fsynced) BEFORE the POST leaves. After a crash, a job found in
 * `uploading` looks for a shot with the same title whose id is greater than `afterShotId`: the
 * highest shot id this account was known to have before the POST. Ids come from the service,
 * so there is no clock to trust; the spec gives no created_at for shots.
 */
export interface UploadAttempt {
  startedAt: string;
  afterShotId: number;
}

export type JobEvent =
  | { type: 'job'; job: UploadJob; previous?: JobState }
  | { type: 'removed'; id: string }
  | { type: 'progress'; id: string; sentBytes: number; totalBytes: number }
  /**
   * The queue as a whole paused or resumed; `diskFault` is the sentence when the disk refused a
   * write, `signInRefused` when the service no longer accepts the sign-in.
   */
  | { type: 'queue'; paused: boolean; diskFault?: string; signInRefused?: string }
  | { type: 'idle' };

export interface NewJob {
  sourcePath: string;
  metadata: ShotMetadata;
  prepare?: PrepareChoice;
  origin?: string;
  /** Upload even when this content was already uploaded. */
  force?: boolean;
  /**
   * The image already prepared from this file (a draft's), with the source's stamp it was made
   * from: the job sends it as it is when the file is still what was read, and prepares it again
   * from its snapshot otherwise.
   */
  prepared?: { image: PreparedImage; stamp: string };
  /**
   * The file's content as a draft already read it (hash, stamp, private copy): taken instead of
   * reading the file again, so the job sends what the draft showed.
   */
  taken?: TakenContent;
}

/** A job's image as it will be sent. */
export interface PreparedImage {
  buffer: Buffer;
  /** 'png' | 'jpeg' | 'gif' */
  format: string;
  width: number;
  height: number;
  bytes: number;
  warnings: string[];
}

/** Fields that may still change before the upload starts. */
export interface JobEdit {
  metadata?: Partial<ShotMetadata>;
  prepare?: PrepareChoice;
}

/** What the queue answers for each file added. */
export type AddResult =
  | { status: 'added'; job: UploadJob }
  /**
   * The same request is already in the queue: that job is returned (retried if it had failed, or
   * given the new options when its upload had not started). With `duplicateOf`, another request
   * (another file or other options) is uploading the same content right now. With `changed`, the
   * file changed since its job read it and the job, already being sent, sends what it read.
   */
  | { status: 'existing'; job: UploadJob; duplicateOf?: boolean; changed?: boolean }
  /** The same content was already uploaded (from `from`, when still listed); pass force to upload it again. */
  | { status: 'skipped'; sourcePath: string; shotId: number; from?: string; message: string }
  | { status: 'error'; sourcePath: string; message: string };

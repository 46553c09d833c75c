// What the upload queue is opened with, and the defaults of its tuning.
import type { JournalOptions } from './journal';
import type { AccountInfo, ImagePreparer, UploadService } from './ports';
import type { QueueTuning } from './queue-core';
import type { JobOwner } from './types';

export interface UploadQueueOptions {
  dataDir: string;
  service: UploadService;
  preparer: ImagePreparer;
  /** Images prepared at the same time (sharp uses threads of its own). */
  prepareConcurrency?: number;
  /** POSTs in flight at the same time; the service client's governor paces them. */
  uploadConcurrency?: number;
  /** Prepared images held in memory ahead of their upload. */
  readyAhead?: number;
  /** POST attempts before a job fails on transient errors. */
  maxAttempts?: number;
  /** First guess of the service's processing time; the first check of a new shot waits this long. */
  expectedProcessingMs?: number;
  /** A shot still missing this long after its 202 ends as failed. */
  processingTimeoutMs?: number;
  /**
   * Least wait between two confirmation requests while other uploads still wait to be sent: the
   * rate budget goes to POSTs first, and one list page later confirms many shots at once.
   */
  busyCheckGapMs?: number;
  /** Base of the backoff for transient failures. */
  retryBaseMs?: number;
  journal?: JournalOptions;
  /** false opens the queue to look at and change it (`shotput queue`) without running any job. */
  run?: boolean;
  /**
   * Jobs left by an earlier run start only once the first add() is taken in (the upload command's
   * own files): a job not sent yet whose file was replaced since then takes the new content, as
   * intake decides, instead of being prepared from the old copy first when the machine is quick.
   */
  waitForFirstAdd?: boolean;
  /** Who is signed in, when already known: saves a request before scheduling or team checks. */
  account?: AccountInfo;
  /** The service and account this queue belongs to: written into every new job. */
  owner?: JobOwner;
}

export function tuningOf(options: UploadQueueOptions): QueueTuning {
  return {
    prepareConcurrency: options.prepareConcurrency ?? 2,
    uploadConcurrency: options.uploadConcurrency ?? 2,
    readyAhead: options.readyAhead ?? 6,
    maxAttempts: options.maxAttempts ?? 5,
    expectedProcessingMs: options.expectedProcessingMs ?? 2_000,
    processingTimeoutMs: options.processingTimeoutMs ?? 10 * 60_000,
    busyCheckGapMs: options.busyCheckGapMs ?? 15_000,
    retryBaseMs: options.retryBaseMs ?? 2_000,
  };
}

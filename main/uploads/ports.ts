// The narrow surfaces the queue needs from the service client and the image pipeline.
// adapters.ts wires the real modules to them; the queue knows nothing else about either.
import type { Result } from '../../common/problem';
import type { PrepareChoice, PreparedImage, ShotMetadata } from './types';

/** The shot's metadata with the prepared image, as sent to the service. */
export interface ShotForm extends ShotMetadata {
  image: { buffer: Buffer; filename: string; contentType: string };
}

/** The fields of a listed or fetched shot the queue looks at. */
export interface RemoteShot {
  id: number;
  title: string;
  publishedAt?: string;
  scheduledFor?: string;
  /** The shot's page, for people. */
  htmlUrl?: string;
  /** The author's id, when the service says it (the deployed service does, in each shot). */
  ownerId?: number;
}

export interface AccountInfo {
  id: number;
  pro: boolean;
  /** 'Player' or 'Team'. */
  type: string;
  teams: { id: number; name: string }[];
  canUploadShot: boolean;
}

/** A shot the service accepted for processing. */
export interface CreatedShot {
  location: string;
  shotId: number;
}

/**
 * Every port answers with a Result (common/problem.ts). createShot's failure with the code
 * 'unknown-outcome' means the request may have reached the service: reconcile before any new
 * POST. Any other code means the service answered and nothing was created.
 */
export interface UploadService {
  createShot(
    form: ShotForm,
    onProgress?: (sentBytes: number, totalBytes: number) => void,
  ): Promise<Result<CreatedShot>>;
  /** GET the Location of a created shot: the shot once processing is done, undefined before. */
  getShotAt(location: string): Promise<Result<RemoteShot | undefined>>;
  /** One page of the account's own shots, newest first. */
  listMyShots(page: number, perPage: number): Promise<Result<{ shots: RemoteShot[]; hasNext: boolean }>>;
  currentAccount(): Promise<Result<AccountInfo>>;
  /**
   * Calls `listener` each time the service answers again after its connections failed (an outage
   * ended); answers the unsubscribe. Optional: a service with no outages to tell leaves it out.
   */
  onAnswersAgain?(listener: () => void): () => void;
}

export type { PreparedImage } from './types';

export interface ImagePreparer {
  /** Prepares a job's image from its content as queued (the bytes of its snapshot), or from a file. */
  prepare(source: string | Buffer, options: PrepareChoice): Promise<Result<PreparedImage>>;
}

// The narrow surfaces the queue needs from the service client and the image pipeline.
// adapters.ts wires the real modules to them; the queue knows nothing else about either.
import type { PrepareChoice, ShotMetadata } from './types';

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
}

export interface AccountInfo {
  id: number;
  pro: boolean;
  /** 'Player' or 'Team'. */
  type: string;
  teams: { id: number; name: string }[];
  canUploadShot: boolean;
}

/** A request that did not succeed: a sentence, and whether asking again can help. */
export interface ServiceProblem {
  ok: false;
  /** The Problem code of the service translator ("daily-cap", "rejected", …), when it came from one. */
  code?: string;
  message: string;
  retryable: boolean;
  status?: number;
}

export type CreateShotResult =
  | { ok: true; location: string; shotId: number }
  /** The service answered and refused: nothing was created. */
  | (ServiceProblem & { outcome: 'refused' })
  /** The request may or may not have reached the service: reconcile before any new POST. */
  | (ServiceProblem & { outcome: 'unknown' });

export type ShotLookup = { ok: true; found: true; shot: RemoteShot } | { ok: true; found: false } | ServiceProblem;

export type ShotPage = { ok: true; shots: RemoteShot[]; hasNext: boolean } | ServiceProblem;

export type AccountLookup = { ok: true; account: AccountInfo } | ServiceProblem;

export interface UploadService {
  createShot(form: ShotForm, onProgress?: (sentBytes: number, totalBytes: number) => void): Promise<CreateShotResult>;
  /** GET the Location of a created shot: found once processing is done, not found before. */
  getShotAt(location: string): Promise<ShotLookup>;
  /** One page of the account's own shots, newest first. */
  listMyShots(page: number, perPage: number): Promise<ShotPage>;
  currentAccount(): Promise<AccountLookup>;
}

export interface PreparedImage {
  buffer: Buffer;
  /** 'png' | 'jpeg' | 'gif' */
  format: string;
  width: number;
  height: number;
  bytes: number;
  warnings: string[];
}

export type PrepareResult = ({ ok: true } & PreparedImage) | { ok: false; message: string; retryable: boolean };

export interface ImagePreparer {
  prepare(file: string, options: PrepareChoice): Promise<PrepareResult>;
}

// Watched folders: their defaults, state and counts, and what was skipped.
import * as v from 'valibot';
import { ShotTagsSchema, answers, filePath, noPayload, positiveId } from './base';
import { BatchSpacingSchema, PrepareChoiceSchema } from './uploads';
import type { PrepareChoice } from './uploads';

const folderId = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

/** A watched folder's defaults for the shots it makes. */
export const FolderDefaultsSchema = v.strictObject({
  description: v.optional(v.pipe(v.string(), v.maxLength(20_000))),
  tags: v.optional(ShotTagsSchema),
  teamId: v.optional(positiveId),
  lowProfile: v.optional(v.boolean()),
  schedule: v.optional(BatchSpacingSchema),
});
export type FolderDefaultsInput = v.InferOutput<typeof FolderDefaultsSchema>;

export interface WatchFolderView {
  id: string;
  path: string;
  name: string;
  enabled: boolean;
  status: 'watching' | 'starting' | 'off' | 'signed-out' | 'error';
  problem: string | null;
  defaults: FolderDefaultsInput;
  prepare: PrepareChoice;
  moveUploaded: boolean;
  counts: { seen: number; uploaded: number; skipped: number; failed: number };
  /** Files not sent because the same content was uploaded before (most recent first). */
  skipped: { file: string; name: string; message: string }[];
  /** Entries of the folder it does not take (not an image, a folder too deep), each with why. */
  notTaken: { file: string; name: string; message: string }[];
  /** Files of this run that could not become shots, each with why (most recent first). */
  failures: { file: string; name: string; message: string }[];
}

export const watchRequests = {
  'watch.list': { payload: noPayload, result: answers<WatchFolderView[]>() },
  /** Without a path, the system folder picker asks for one. */
  'watch.add': {
    payload: v.strictObject({
      path: v.optional(filePath),
      defaults: v.optional(FolderDefaultsSchema),
      prepare: v.optional(PrepareChoiceSchema),
    }),
    result: answers<WatchFolderView[]>(),
  },
  'watch.update': {
    payload: v.strictObject({
      id: folderId,
      enabled: v.optional(v.boolean()),
      defaults: v.optional(FolderDefaultsSchema),
      prepare: v.optional(PrepareChoiceSchema),
      moveUploaded: v.optional(v.boolean()),
    }),
    result: answers<WatchFolderView[]>(),
  },
  'watch.remove': { payload: v.strictObject({ id: folderId }), result: answers<WatchFolderView[]>() },
  /** Uploads a skipped file anyway (its content was uploaded before). */
  'watch.force': { payload: v.strictObject({ id: folderId, file: filePath }), result: answers<WatchFolderView[]>() },
} as const;

export const watchEvents = {
  'watch.changed': answers<WatchFolderView[]>(),
} as const;

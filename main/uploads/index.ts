// The uploads area's public surface, for the desktop app's main process and the CLI.
export { UploadQueue } from './queue';
export type { AddResult, UploadQueueOptions } from './queue';
export { WatchedFolder } from './watch-folder';
export type { FolderCounts, FolderDefaults, WatchEvent, WatchFolderOptions } from './watch-folder';
export { accountInfo, imagePreparer, preparedForQueue, serviceAdapter } from './adapters';
export { Snapshots, fileStamp, sourceChangedSince, takeFile } from './snapshot';
export type { TakenContent, TakenFile } from './snapshot';
export { FOLDER_DEPTH, filesInFolder } from './folder-files';
export type { FolderFiles, FolderSkip } from './folder-files';
export { spreadSchedule, nextSlot } from './schedule';
export { checkImage, checkMetadata } from './validate';
export type { BatchSchedule } from './schedule';
export { Journal } from './journal';
export { hashBytes, hashFile } from './content-hash';
export { noteDeletedShot } from './deleted-shots';
export { JOB_STATES, isFinal, isOnService, isWaiting } from './types';
export type {
  JobEdit,
  JobEvent,
  JobFailure,
  JobOwner,
  JobState,
  NewJob,
  PrepareChoice,
  ShotMetadata,
  UploadJob,
} from './types';
export type { AccountInfo, ImagePreparer, PreparedImage as PreparedForQueue, UploadService } from './ports';
export {
  UNRECORDED_FOLDER,
  accountQueueDir,
  migrateSingleJournal,
  queueFolders,
  recordQueueOwner,
  serviceSegment,
} from './account-queues';
export type { QueueFolder, QueueOwner } from './account-queues';

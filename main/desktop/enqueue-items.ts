// What the window asks to upload, as the queue's new jobs: a draft with the words the window sent
// becomes an item, and items become jobs, spaced over time when the batch is scheduled. The
// draft's prepared image and its copy travel with the job, so what it showed is what is sent.
import { spreadSchedule } from '../uploads/index';
import type { NewJob } from '../uploads/index';
import type { BatchSpacing, EnqueueRequest, PrepareChoice, ShotMetadataInput } from '../../common/contract/index';
import type { DraftForQueue } from './drafts';

export interface EnqueueItem {
  draftId: string;
  sourcePath: string;
  metadata: ShotMetadataInput;
  prepare: PrepareChoice;
  /** The draft's image as it will be sent, when it is current: the queue sends it as it is. */
  prepared?: DraftForQueue['prepared'];
  /** What the draft read (hash, stamp, private copy): the queue takes it instead of reading the file again. */
  taken?: DraftForQueue['taken'];
  /** Upload even when the same image was uploaded before. */
  force?: boolean;
}

/** A draft on its way to the queue, with the words and the choice to upload anyway the window sent. */
export function itemOfDraft(draft: DraftForQueue, request: EnqueueRequest): EnqueueItem {
  return {
    draftId: draft.id,
    sourcePath: draft.path,
    metadata: request.metadata,
    prepare: draft.prepare,
    ...(draft.prepared ? { prepared: draft.prepared } : {}),
    ...(draft.taken ? { taken: draft.taken } : {}),
    force: request.force === true,
  };
}

/** The queue's new jobs for these items; a spaced batch gets a time each. */
export function jobsOfItems(items: readonly EnqueueItem[], spacing: BatchSpacing | undefined): NewJob[] {
  const times = spacing
    ? spreadSchedule({ start: spacing.start, everyHours: spacing.everyHours }, items.length)
    : undefined;
  return items.map((item, index) => ({
    sourcePath: item.sourcePath,
    metadata: {
      ...item.metadata,
      title: item.metadata.title.trim(),
      ...(times ? { scheduledFor: times[index] } : {}),
    },
    prepare: { ...item.prepare },
    origin: 'app',
    ...(item.force ? { force: true } : {}),
    // The draft's image travels with its job, sent as it is while the file is what it was made from.
    ...(item.prepared ? { prepared: item.prepared } : {}),
    // What the draft showed is what is sent: the job takes the draft's copy, not the file as it is now.
    ...(item.taken ? { taken: item.taken } : {}),
  }));
}

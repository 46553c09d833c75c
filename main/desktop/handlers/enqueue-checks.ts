// The drafts of one "Upload all", checked one by one before any is queued: a draft the service
// would refuse (a title too long, 13 tags, a time past, a team not the user's) is answered on its
// own, in words its card can show, and the others go to the queue.
import * as v from 'valibot';
import { ShotMetadataSchema } from '../../../common/contract/index';
import type { EnqueueRequest, EnqueueResult, ShotMetadataInput } from '../../../common/contract/index';
import { canSchedule, isOnTeam, tagsProblem, titleProblem } from '../../../common/service-rules';
import type { AccountTraits } from '../../../common/service-rules';

export interface CheckedItems {
  /** Items that can be queued, their metadata checked (titles composed, NFC). */
  valid: EnqueueRequest[];
  /** One answer per refused item, with the sentence that says what to fix. */
  refused: EnqueueResult[];
}

export function checkEnqueueItems(
  items: readonly EnqueueRequest[],
  account: AccountTraits & { scheduleReason?: string | null },
  now = Date.now(),
): CheckedItems {
  const valid: EnqueueRequest[] = [];
  const refused: EnqueueResult[] = [];
  for (const item of items) {
    const problem = metadataProblem(item.metadata, account, now);
    if (typeof problem === 'string')
      refused.push({ draftId: item.draftId, status: 'error', message: problem, jobId: null, shotId: null });
    else valid.push({ ...item, metadata: problem.metadata });
  }
  return { valid, refused };
}

function metadataProblem(
  given: ShotMetadataInput,
  account: AccountTraits & { scheduleReason?: string | null },
  now: number,
): string | { metadata: ShotMetadataInput } {
  const title = typeof given.title === 'string' ? given.title.normalize('NFC') : '';
  const words = titleProblem(title) ?? (Array.isArray(given.tags) ? tagsProblem(given.tags) : undefined);
  if (words !== undefined) return words;
  const parsed = v.safeParse(ShotMetadataSchema, { ...given, title });
  // Our schemas word their own messages; anything else is named by its field, never by a request.
  if (!parsed.success) {
    const field = parsed.issues[0] ? v.getDotPath(parsed.issues[0]) : null;
    const named = field?.split('.')[0]?.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
    return `The ${named ?? 'draft'}${named ? ' of this draft' : ''} is not something the service takes; change it and upload again.`;
  }
  const metadata = parsed.output;
  if (metadata.scheduledFor !== undefined) {
    if (!canSchedule(account))
      return `${account.scheduleReason ?? 'This account cannot schedule shots.'} Choose “Publish now”.`;
    if (Date.parse(metadata.scheduledFor) <= now)
      return 'The publish time has passed; choose a later one or Publish now.';
  }
  if (metadata.teamId !== undefined && !isOnTeam(account, metadata.teamId))
    return 'This account is not a member of the chosen team. Choose one of your teams, or none.';
  return { metadata };
}

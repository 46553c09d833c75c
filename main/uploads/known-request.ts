// What the queue answers when a request's content is already known (job-identity.ts decides
// which case it is): the job to follow, or the shot the content already became.
import path from 'node:path';
import type { ContentMatch, RequestIdentity } from './job-identity';
import { requestKey } from './job-identity';
import type { Result } from '../../common/problem';
import type { AddResult, PrepareChoice, UploadJob } from './types';

interface QueueActions {
  get(id: string): UploadJob | undefined;
  retry(id: string): Result<UploadJob>;
  edit(id: string, patch: { metadata?: UploadJob['metadata']; prepare?: PrepareChoice }): Result<UploadJob>;
}

/** Undefined when the request needs a new job. */
export function knownRequest(
  match: ContentMatch,
  request: RequestIdentity,
  queue: QueueActions,
): AddResult | undefined {
  switch (match.kind) {
    case 'new':
    case 'replace':
      return undefined;
    case 'changed':
      return { status: 'existing', job: queue.get(match.job.id)!, changed: true };
    case 'same':
      if (match.job.state === 'failed') queue.retry(match.job.id);
      return { status: 'existing', job: queue.get(match.job.id)! };
    case 'update': {
      // Every field as asked now: what the user left out this time is cleared, not kept.
      const metadata = {
        description: undefined,
        tags: undefined,
        lowProfile: undefined,
        teamId: undefined,
        reboundSourceId: undefined,
        scheduledFor: undefined,
        ...request.metadata,
      };
      const prepareChanged =
        requestKey({ metadata, prepare: match.job.prepare }) !== requestKey({ metadata, prepare: request.prepare });
      const prepare = {
        size: undefined,
        fit: undefined,
        focus: undefined,
        crop: undefined,
        background: undefined,
        format: undefined,
        trim: undefined,
        ...request.prepare,
      };
      const edited = queue.edit(match.job.id, prepareChanged ? { metadata, prepare } : { metadata });
      // A prepare already running keeps its options; the new metadata still applies.
      if (!edited.ok && prepareChanged) queue.edit(match.job.id, { metadata });
      return { status: 'existing', job: queue.get(match.job.id)! };
    }
    case 'in-queue':
      return {
        status: 'existing',
        job: queue.get(match.job.id)!,
        duplicateOf: match.job.sourcePath !== request.sourcePath || requestKey(match.job) !== requestKey(request),
      };
    case 'uploaded': {
      const name = path.basename(request.sourcePath);
      const from = match.from && match.from !== name ? ` from ${match.from}` : '';
      return {
        status: 'skipped',
        sourcePath: request.sourcePath,
        shotId: match.shotId,
        from: match.from,
        message: `${name} was already uploaded as shot ${match.shotId}${from}; use force to upload it again.`,
      };
    }
  }
}

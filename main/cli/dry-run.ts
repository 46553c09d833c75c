// `upload --dry-run` and `watch --once --dry-run`: what would be prepared, sent, skipped and
// scheduled. Reads the files and the local queue only: no service is contacted, so nothing can change.
// Every check the real run makes on this machine is made (title, tags, a time in the past, the
// image's size, format and bytes); only what needs the account (scheduling, teams) is left out.
import type { CliContext } from './command';
import { writeLine } from './command';
import { alreadyQueued, alreadyUploaded, prepareWarningLine } from './messages';
import type { UploadReporter } from './upload-progress';
import { readableTime } from './style';
import { shownName } from './file-names';
import {
  Journal,
  accountQueueDir,
  checkImage,
  checkMetadata,
  hashFile,
  imagePreparer,
  isFinal,
} from '../uploads/index';
import { SANDBOX_SERVICE_ID, serviceIdForApi } from '../auth/service-settings';
import { cliTokenStore, openSession } from './session';
import { sessionOwner } from './upload-session';
import type { NewJob } from '../uploads/index';

export interface PlanCounts {
  planned: number;
  skipped: number;
  failed: number;
}

export async function planUploads(
  ctx: CliContext,
  requests: readonly NewJob[],
  reporter: UploadReporter,
): Promise<PlanCounts> {
  const { jobs, uploaded } = await savedAccountQueue(ctx);
  const counts: PlanCounts = { planned: 0, skipped: 0, failed: 0 };
  for (const request of requests) {
    const file = request.sourcePath;
    let hash: string;
    try {
      hash = await hashFile(file);
    } catch (error) {
      counts.failed++;
      reporter.problem(file, error instanceof Error ? error.message : String(error));
      continue;
    }
    if (!request.force) {
      const done = jobs.find(
        (job) => job.contentHash === hash && (job.state === 'published' || job.state === 'scheduled'),
      );
      const shotId = uploaded.get(hash)?.shotId ?? done?.shotId;
      if (shotId !== undefined) {
        counts.skipped++;
        reporter.skipped(file, alreadyUploaded(file, shotId), { shotId });
        continue;
      }
      const waiting = jobs.find((job) => job.contentHash === hash && !isFinal(job.state));
      if (waiting) {
        counts.skipped++;
        reporter.skipped(file, alreadyQueued(file, waiting), { jobId: waiting.id });
        continue;
      }
    }
    const refusals = checkMetadata(request.metadata);
    if (refusals.length > 0) {
      counts.failed++;
      reporter.problem(file, refusals.join(' '));
      continue;
    }
    const result = await imagePreparer.prepare(file, request.prepare ?? {});
    const imageRefusals = result.ok ? checkImage(result.value) : [result.error.message];
    if (!result.ok || imageRefusals.length > 0) {
      counts.failed++;
      reporter.problem(file, imageRefusals.join(' '));
      continue;
    }
    const prepared = result.value;
    counts.planned++;
    const when = request.metadata.scheduledFor;
    if (ctx.globals.json) {
      reporter.json({
        type: 'planned',
        file,
        title: request.metadata.title,
        width: prepared.width,
        height: prepared.height,
        format: prepared.format,
        bytes: prepared.bytes,
        ...(when ? { scheduled_for: when } : {}),
        warnings: prepared.warnings.map(prepareWarningLine),
      });
    } else {
      const size = `${prepared.width}x${prepared.height} ${prepared.format}, ${Math.ceil(prepared.bytes / 1000)} KB`;
      const publish = when ? `scheduled for ${readableTime(when, ctx.env?.TZ || undefined)}` : 'published at once';
      reporter.text(`would send ${shownName(file)}  "${request.metadata.title}"  (${size}), ${publish}`);
      for (const warning of prepared.warnings) reporter.text(`  warning: ${prepareWarningLine(warning)}`);
    }
  }
  return counts;
}

/**
 * The queue of the account this run would upload as, read only: the account saved for this service,
 * or with --token the one the service says the token is (a read, nothing changes). When it cannot
 * be known, no queue is consulted rather than another account's.
 */
async function savedAccountQueue(ctx: CliContext): Promise<Pick<ReturnType<typeof Journal.read>, 'jobs' | 'uploaded'>> {
  const none = { jobs: [], uploaded: new Map() };
  if (ctx.globals.token) {
    const session = await openSession(ctx).catch(() => undefined);
    if (!session) return none;
    await session.close();
    return Journal.read(accountQueueDir(ctx.globals.dataDir, sessionOwner(session)));
  }
  let service: string;
  try {
    service = ctx.globals.api ? serviceIdForApi(ctx.globals.api) : SANDBOX_SERVICE_ID;
  } catch {
    return none;
  }
  const saved = await cliTokenStore(ctx.globals.dataDir)
    .account(service)
    .catch(() => undefined);
  if (!saved || saved.user.id <= 0) return none;
  return Journal.read(accountQueueDir(ctx.globals.dataDir, { service, userId: saved.user.id }));
}

/** The last line of a dry run. */
export function planSummary(ctx: CliContext, reporter: UploadReporter, counts: PlanCounts): void {
  if (ctx.globals.json)
    reporter.json({
      type: 'summary',
      published: 0,
      scheduled: 0,
      failed: counts.failed,
      skipped: counts.skipped,
      planned: counts.planned,
    });
  else
    writeLine(
      ctx.io.stdout,
      `Dry run: ${counts.planned} would be sent, ${counts.skipped} skipped, ${counts.failed} not uploadable. Nothing was sent.`,
    );
}

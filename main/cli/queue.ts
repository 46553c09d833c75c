// `shotput queue list|retry ID|pause ID|resume ID|cancel ID|clear`: the persistent upload queues of the
// data directory, one per service and account, each listed under whom it belongs to. A paused job stays
// queued, held back from every `upload` and `watch` run, until resumed; a job is only ever sent by a run
// signed in to its queue's account.
import path from 'node:path';
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_OK, UsageError, writeLine } from './command';
import { confirmed, ensureAskable } from './confirm';
import { jobJson } from './json-shapes';
import { QUEUE_OPTIONS } from './options';
import { lookOf } from './service-output';
import type { Look } from './service-output';
import { link, readableTime } from './style';
import { terminalText } from './terminal-text';
import { didYouMean, parseOptions, queueOwnerName } from './messages';
import { openQueueForEditing } from './upload-session';
import { Journal, isFinal, migrateSingleJournal, queueFolders } from '../uploads/index';
import type { QueueFolder, UploadJob } from '../uploads/index';

const JOB_ACTIONS = ['retry', 'pause', 'resume', 'cancel'] as const;

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: args } = parseOptions(argv, QUEUE_OPTIONS);
  const [action, id, ...extra] = args;
  if (extra.length > 0) throw new UsageError(`unexpected "${extra.join(' ')}"`);
  if (action === 'list' || action === undefined) {
    if (id !== undefined) throw new UsageError('list takes no argument');
    await migrateSingleJournal(ctx.globals.dataDir);
    const queues = queueFolders(ctx.globals.dataDir).map((folder) => ({ folder, ...Journal.read(folder.dir) }));
    for (const queue of queues) queue.jobs.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const listed = queues.filter((queue) => queue.jobs.length > 0);
    // A list is one JSON document (an array of jobs), as every list of the CLI; each job says whose it is.
    if (ctx.globals.json)
      writeLine(
        ctx.io.stdout,
        JSON.stringify(
          listed.flatMap(({ folder, jobs }) => jobs.map((job) => ({ ...jobJson(job), account: accountJson(folder) }))),
          null,
          2,
        ),
      );
    else if (listed.length === 0) writeLine(ctx.io.stdout, 'The upload queue is empty.');
    else
      for (const { folder, jobs } of listed) {
        writeLine(ctx.io.stdout, `Queue of ${queueOwnerName(folder.owner)}:`);
        for (const job of jobs) writeLine(ctx.io.stdout, `  ${describe(job, lookOf(ctx))}`);
      }
    const skippedLines = queues.reduce((n, queue) => n + queue.skippedLines, 0);
    if (skippedLines > 0) writeLine(ctx.io.stderr, `${skippedLines} damaged line(s) of the journal were skipped.`);
    return EXIT_OK;
  }
  if (action !== 'clear' && !(JOB_ACTIONS as readonly string[]).includes(action))
    throw new UsageError(
      `there is no queue action "${action}".${didYouMean(action, ['list', ...JOB_ACTIONS, 'clear'])}`,
    );
  if (action === 'clear' && id !== undefined) throw new UsageError('clear takes no argument');
  if (action !== 'clear' && id === undefined) throw new UsageError(`${action} needs a job id (see shotput queue list)`);
  if (values.yes && action !== 'cancel' && action !== 'clear') throw new UsageError('--yes goes with cancel and clear');
  if (action === 'cancel' || action === 'clear') ensureAskable(ctx, values.yes, `queue ${action}${id ? ` ${id}` : ''}`);
  await migrateSingleJournal(ctx.globals.dataDir);
  if (action === 'clear') {
    if (!(await confirmed(ctx, values.yes, 'Remove every finished job from the queue', 'queue clear')))
      return EXIT_FAILURE;
    let removed = 0;
    for (const folder of queueFolders(ctx.globals.dataDir)) {
      const queue = openQueueForEditing(folder.dir);
      try {
        removed += queue.clearFinished();
      } finally {
        await queue.close();
      }
    }
    writeLine(ctx.io.stdout, ctx.globals.json ? JSON.stringify({ removed }) : `Removed ${removed} finished job(s).`);
    return EXIT_OK;
  }
  const job = id!;
  // Job ids are the queue's own; the job is changed in whichever account's queue holds it.
  const holders = queueFolders(ctx.globals.dataDir).filter((folder) =>
    Journal.read(folder.dir).jobs.some((j) => j.id.startsWith(job)),
  );
  if (holders.length !== 1) {
    writeLine(
      ctx.io.stderr,
      `shotput: ${holders.length === 0 ? `No job ${job} in the queue.` : `${job} matches jobs of ${holders.length} accounts; give more of the id.`}`,
    );
    return EXIT_FAILURE;
  }
  const queue = openQueueForEditing(holders[0]!.dir);
  try {
    if (action === 'cancel' && !(await confirmed(ctx, values.yes, `Cancel job ${job}`, `queue cancel ${job}`)))
      return EXIT_FAILURE;
    const result =
      action === 'retry'
        ? queue.retry(job)
        : action === 'pause'
          ? queue.pauseJob(job)
          : action === 'resume'
            ? queue.resumeJob(job)
            : queue.cancel(job);
    if (!result.ok) {
      writeLine(ctx.io.stderr, `shotput: ${result.error.message}`);
      return EXIT_FAILURE;
    }
    writeLine(
      ctx.io.stdout,
      ctx.globals.json ? JSON.stringify(jobJson(result.value)) : describe(result.value, lookOf(ctx)),
    );
    if (action === 'retry' || action === 'resume')
      writeLine(ctx.io.stderr, 'It will be sent the next time `shotput upload` or `shotput watch` runs.');
    if (action === 'pause')
      writeLine(ctx.io.stderr, `It stays in the queue, held back, until \`shotput queue resume ${id}\`.`);
    return EXIT_OK;
  } finally {
    await queue.close();
  }
}

/** Whose queue a listed job is in: null for the jobs an earlier version kept without an account. */
function accountJson(folder: QueueFolder): { service: string; user_id: number; login?: string } | null {
  if (!folder.owner) return null;
  const { service, userId, login } = folder.owner;
  return { service, user_id: userId, ...(login ? { login } : {}) };
}

/** The state a person reads: paused only says something of a job that still waits. */
function stateLabel(job: UploadJob): string {
  return job.paused && !isFinal(job.state) ? 'paused' : job.state;
}

function describe(job: UploadJob, look: Look): string {
  const detail =
    job.state === 'failed'
      ? (job.failure?.message ?? '')
      : job.state === 'published' || job.state === 'processing'
        ? `shot ${job.shotId ?? '?'}${job.htmlUrl ? `  ${link(look.color, job.htmlUrl)}` : ''}`
        : job.state === 'scheduled'
          ? `shot ${job.shotId} for ${job.scheduledFor ? readableTime(job.scheduledFor, look.timeZone) : '?'}`
          : (job.lastError ?? '');
  const text = `${path.basename(job.sourcePath)}  "${job.metadata.title}"  ${detail}`;
  return `${job.id}  ${stateLabel(job).padEnd(10)}  ${terminalText(text)}`.trimEnd();
}

export const queueCommand: CliCommand = {
  name: 'queue',
  run,
};

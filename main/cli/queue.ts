// `shotput queue list|retry ID|pause ID|resume ID|cancel ID|clear`: the persistent upload queue of the
// data directory. A paused job stays queued, held back from every `upload` and `watch` run, until resumed.
import path from 'node:path';
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_OK, UsageError, writeLine } from './command';
import { didYouMean } from './messages';
import { openQueueForEditing } from './upload-session';
import { Journal } from '../uploads/index';
import type { UploadJob } from '../uploads/index';

const USAGE =
  'shotput queue list | queue retry ID | queue pause ID | queue resume ID | queue cancel ID | queue clear  [--json]';
const JOB_ACTIONS = ['retry', 'pause', 'resume', 'cancel'] as const;

async function run(args: string[], ctx: CliContext): Promise<number> {
  const [action, id, ...extra] = args;
  if (extra.length > 0) throw new UsageError(`unexpected "${extra.join(' ')}"`);
  if (action === 'list' || action === undefined) {
    if (id !== undefined) throw new UsageError('list takes no argument');
    const { jobs, skippedLines } = Journal.read(ctx.globals.dataDir);
    jobs.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (ctx.globals.json) for (const job of jobs) writeLine(ctx.io.stdout, JSON.stringify(job));
    else if (jobs.length === 0) writeLine(ctx.io.stdout, 'The upload queue is empty.');
    else for (const job of jobs) writeLine(ctx.io.stdout, describe(job));
    if (skippedLines > 0) writeLine(ctx.io.stderr, `${skippedLines} damaged line(s) of the journal were skipped.`);
    return EXIT_OK;
  }
  if (action !== 'clear' && !(JOB_ACTIONS as readonly string[]).includes(action))
    throw new UsageError(
      `there is no queue action "${action}".${didYouMean(action, ['list', ...JOB_ACTIONS, 'clear'])}`,
    );
  if (action === 'clear' && id !== undefined) throw new UsageError('clear takes no argument');
  if (action !== 'clear' && id === undefined) throw new UsageError(`${action} needs a job id (see shotput queue list)`);
  const queue = openQueueForEditing(ctx);
  try {
    if (action === 'clear') {
      const removed = queue.clearFinished();
      writeLine(ctx.io.stdout, ctx.globals.json ? JSON.stringify({ removed }) : `Removed ${removed} finished job(s).`);
      return EXIT_OK;
    }
    const job = id!;
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
    writeLine(ctx.io.stdout, ctx.globals.json ? JSON.stringify(result.value) : describe(result.value));
    if (action === 'retry' || action === 'resume')
      writeLine(ctx.io.stderr, 'It will be sent the next time `shotput upload` or `shotput watch` runs.');
    if (action === 'pause')
      writeLine(ctx.io.stderr, `It stays in the queue, held back, until \`shotput queue resume ${id}\`.`);
    return EXIT_OK;
  } finally {
    await queue.close();
  }
}

function describe(job: UploadJob): string {
  const detail =
    job.state === 'failed'
      ? (job.failure?.reason ?? '')
      : job.state === 'published' || job.state === 'processing'
        ? `shot ${job.shotId ?? '?'}`
        : job.state === 'scheduled'
          ? `shot ${job.shotId} for ${job.scheduledFor}`
          : (job.lastError ?? '');
  return `${job.id}  ${job.state.padEnd(10)}${job.paused ? ' (paused)' : ''}  ${path.basename(job.sourcePath)}  "${job.metadata.title}"  ${detail}`.trimEnd();
}

export const queueCommand: CliCommand = {
  name: 'queue',
  summary: 'List the upload queue, retry, pause, resume or cancel a job, clear finished jobs',
  usage: USAGE,
  run,
};

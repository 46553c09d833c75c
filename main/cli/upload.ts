// `shotput upload FILE...`: enqueue files, run until each ends, exit 0 when all are on the service.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, UsageError, writeLine } from './command';
import {
  alreadyQueued,
  alreadyUploaded,
  dailyCapLines,
  diskFaultLines,
  notScheduled,
  sandboxNotice,
  unreadableFile,
} from './messages';
import { resolveTeam } from './team-choice';
import { SHARED_OPTIONS, parseCommandArgs, sharedValues } from './upload-options';
import type { SharedValues } from './upload-options';
import { UploadReporter } from './upload-progress';
import type { ReportCounts } from './upload-progress';
import { openUploadSession } from './upload-session';
import { imagePreparer, isFinal, spreadSchedule } from '../uploads/index';
import { titleFromFileName } from '../uploads/sidecar';
import type { NewJob, UploadQueue } from '../uploads/index';

const USAGE =
  'shotput upload FILE... [--title T] [--description D] [--tags a,b] [--team ID|LOGIN|NAME] [--low-profile] [--schedule ISO] [--every HOURS] ' +
  '[--rebound ID] [--size auto|400x300|800x600] [--fit cover|contain] [--force] [--json]';

export interface UploadArgs {
  files: string[];
  title?: string;
  shared: SharedValues;
}

export function parseUploadArgs(args: string[]): UploadArgs {
  const { values, positionals } = parseCommandArgs(args, { ...SHARED_OPTIONS, title: { type: 'string' } });
  if (positionals.length === 0) throw new UsageError('give at least one image file');
  return { files: positionals.map((file) => path.resolve(file)), title: values.title, shared: sharedValues(values) };
}

/**
 * One job request per file. Times of an --every schedule go to these files in order, so a file
 * left out (it could not be read, or is not an image) leaves no gap in the schedule.
 */
export function uploadRequests(input: UploadArgs, teamId?: number): NewJob[] {
  const { files, title, shared } = input;
  const times = shared.schedule ? spreadSchedule(shared.schedule, files.length) : undefined;
  return files.map((file, i) => ({
    sourcePath: file,
    origin: 'cli',
    force: shared.force,
    prepare: shared.prepare,
    metadata: {
      // One --title for several files: numbered so each shot can be told apart.
      title: title !== undefined ? (files.length > 1 ? `${title} ${i + 1}` : title) : titleFromFileName(file),
      description: shared.description,
      tags: shared.tags,
      teamId,
      lowProfile: shared.lowProfile,
      reboundSourceId: shared.reboundSourceId,
      scheduledFor: times?.[i],
    },
  }));
}

/**
 * The files that can be read, and a sentence for each one that cannot. With a schedule, files
 * the image pipeline cannot turn into a shot (not an image, damaged, truncated) are left out here
 * too, by preparing them once, so that each slot goes to a file that will be sent.
 */
async function readableFiles(
  files: string[],
  scheduled: boolean,
): Promise<{ readable: string[]; problems: { file: string; message: string }[] }> {
  const readable: string[] = [];
  const problems: { file: string; message: string }[] = [];
  for (const file of files) {
    try {
      const info = await fs.stat(file);
      if (info.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
      await fs.access(file, fs.constants.R_OK);
    } catch (error) {
      problems.push({ file, message: unreadableFile(file, error) });
      continue;
    }
    const prepared = scheduled ? await imagePreparer.prepare(file, { size: '400x300' }) : undefined;
    if (prepared && !prepared.ok) problems.push({ file, message: notScheduled(file, prepared.error.message) });
    else readable.push(file);
  }
  return { readable, problems };
}

async function run(args: string[], ctx: CliContext): Promise<number> {
  const input = parseUploadArgs(args);
  const reporter = new UploadReporter(ctx.io, { json: ctx.globals.json });
  const { readable, problems } = await readableFiles(input.files, input.shared.schedule !== undefined);
  for (const problem of problems) reporter.note('error', problem.file, problem.message);
  if (readable.length === 0) {
    summary(ctx, reporter);
    return EXIT_FAILURE;
  }
  const session = await openUploadSession(ctx);
  const { queue } = session;
  queue.on('event', (event) => reporter.onEvent(event));
  const stop = () => void session.close();
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    if (session.service.isSandbox) writeLine(ctx.io.stderr, sandboxNotice(session.service.apiUrl));
    const teamId = input.shared.team === undefined ? undefined : resolveTeam(input.shared.team, session.user.teams);
    const requests = uploadRequests({ ...input, files: readable }, teamId);
    const results = await queue.add(requests);
    // One line per file: its job (as it is now, done already when an earlier run of the same
    // request finished it), or why it was not sent.
    for (const [index, result] of results.entries()) {
      const file = requests[index]!.sourcePath;
      if (result.status === 'error') reporter.note('error', result.sourcePath, result.message);
      else if (result.status === 'skipped')
        reporter.note('skipped', result.sourcePath, alreadyUploaded(result.sourcePath, result.shotId, result.from));
      else if (result.status === 'existing' && result.duplicateOf)
        reporter.note('skipped', file, alreadyQueued(file, result.job));
      else reporter.track(queue.get(result.job.id) ?? result.job);
    }
    // Jobs left unfinished by an earlier run resume too (unless paused); the command waits for them as well.
    for (const job of queue.list()) if (!isFinal(job.state) && !job.paused) reporter.track(job);
    await queue.whenIdle();
    reporter.done();
    if (ctx.signal.aborted) {
      writeLine(ctx.io.stderr, 'shotput: interrupted; run the same command again to resume.');
      return EXIT_INTERRUPTED;
    }
    const cap = queue.dailyCapHold();
    const counts = summary(ctx, reporter, cap);
    if (queue.diskFault !== undefined) {
      for (const line of diskFaultLines(queue.diskFault)) writeLine(ctx.io.stderr, line);
      return EXIT_FAILURE;
    }
    // The service takes no more today: say what waits, and how to send it.
    if (cap)
      for (const line of dailyCapLines({ ...cap, waiting: counts.waiting }, 'command')) writeLine(ctx.io.stderr, line);
    return counts.failed === 0 && counts.waiting === 0 ? EXIT_OK : EXIT_FAILURE;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
    await session.close();
  }
}

/** The last line: the counts of the lines above it. */
function summary(
  ctx: CliContext,
  reporter: UploadReporter,
  cap?: ReturnType<UploadQueue['dailyCapHold']>,
): ReportCounts {
  const counts = reporter.counts();
  const { waiting, ...rest } = counts;
  if (ctx.globals.json)
    reporter.json({
      type: 'summary',
      ...rest,
      ...(waiting ? { waiting } : {}),
      ...(cap ? { daily_cap: { ...cap, waiting } } : {}),
    });
  else
    writeLine(
      ctx.io.stdout,
      `${counts.published} published, ${counts.scheduled} scheduled, ${counts.failed} not uploaded, ${counts.skipped} skipped (already uploaded or in the queue)${waiting ? `, ${waiting} waiting` : ''}.`,
    );
  return counts;
}

export const uploadCommand: CliCommand = {
  name: 'upload',
  summary: 'Upload image files as shots: prepare, send through the rate limit, wait until published',
  usage: USAGE,
  run,
};

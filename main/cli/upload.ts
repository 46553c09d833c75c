// `shotput upload FILE...`: enqueue files, run until each ends, exit 0 when all are on the service.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, UsageError, writeLine } from './command';
import {
  alreadyQueued,
  alreadyUploaded,
  dailyCapLines,
  finishingInFlight,
  diskFaultLines,
  noteLocalLinks,
  notScheduled,
  folderWithoutImages,
  sandboxNotice,
  signInRefusedLine,
  unreadableFile,
} from './messages';
import { resolveTeam } from './team-choice';
import { nameFiles } from './file-names';
import { parseCommandArgs, sharedValues } from './upload-options';
import { UPLOAD_OPTIONS } from './options';
import { planSummary, planUploads } from './dry-run';
import type { SharedValues } from './upload-options';
import { UploadReporter } from './upload-progress';
import type { ReportCounts } from './upload-progress';
import { STOP_BOUND_MS, openUploadSession } from './upload-session';
import { filesInFolder, imagePreparer, isFinal, spreadSchedule } from '../uploads/index';
import type { FolderSkip } from '../uploads/index';
import { titleFromFileName } from '../uploads/sidecar';
import type { NewJob, UploadQueue } from '../uploads/index';

export interface UploadArgs {
  files: string[];
  title?: string;
  shared: SharedValues;
}

export function parseUploadArgs(args: string[]): UploadArgs {
  const { values, positionals } = parseCommandArgs(args, UPLOAD_OPTIONS);
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
  given: string[],
  scheduled: boolean,
): Promise<{ readable: string[]; problems: { file: string; message: string }[]; skipped: FolderSkip[] }> {
  const readable: string[] = [];
  const problems: { file: string; message: string }[] = [];
  const skipped: FolderSkip[] = [];
  // A folder gives its images by the rules of every folder (folder-files.ts), each in its place.
  const files: string[] = [];
  for (const file of given) {
    if (
      !(await fs.stat(file).then(
        (info) => info.isDirectory(),
        () => false,
      ))
    )
      files.push(file);
    else {
      const found = await filesInFolder(file);
      files.push(...found.files);
      skipped.push(...found.skipped);
      if (found.files.length === 0) problems.push({ file, message: folderWithoutImages(file) });
    }
  }
  for (const file of files) {
    try {
      await fs.stat(file);
      await fs.access(file, fs.constants.R_OK);
    } catch (error) {
      problems.push({ file, message: unreadableFile(file, error) });
      continue;
    }
    const prepared = scheduled ? await imagePreparer.prepare(file, { size: '400x300' }) : undefined;
    if (prepared && !prepared.ok) problems.push({ file, message: notScheduled(file, prepared.error.message) });
    else readable.push(file);
  }
  return { readable, problems, skipped };
}

async function run(args: string[], ctx: CliContext): Promise<number> {
  const input = parseUploadArgs(args);
  const reporter = new UploadReporter(ctx.io, {
    json: ctx.globals.json,
    color: ctx.globals.color,
    timeZone: ctx.env?.TZ || undefined,
  });
  if (input.shared.scheduleWarning) writeLine(ctx.io.stderr, `shotput: ${input.shared.scheduleWarning}`);
  const { readable, problems, skipped } = await readableFiles(input.files, input.shared.schedule !== undefined);
  nameFiles([...readable, ...problems.map((p) => p.file), ...skipped.map((s) => s.path)]);
  for (const problem of problems) reporter.problem(problem.file, problem.message);
  for (const skip of skipped) reporter.skipped(skip.path, skip.reason);
  if (input.shared.dryRun) {
    // Team names are not resolved: that needs the service, and a dry run asks it nothing.
    const counts = await planUploads(ctx, uploadRequests({ ...input, files: readable }), reporter);
    planSummary(ctx, reporter, { ...counts, failed: counts.failed + problems.length });
    return problems.length + counts.failed > 0 ? EXIT_FAILURE : EXIT_OK;
  }
  if (readable.length === 0) {
    summary(ctx, reporter, undefined, skipped.length);
    return EXIT_FAILURE;
  }
  // The files given are taken in before jobs left by an earlier run start (a replaced file's job
  // takes its new content while it has not been sent).
  const session = await openUploadSession(ctx, { waitForFirstAdd: true });
  const { queue } = session;
  queue.on('event', (event) => reporter.onEvent(event));
  session.onReachability((line) => reporter.note(line));
  let refused = false;
  void session.signInRefused.then(() => (refused = true));
  // Ctrl-C: one line at once saying what is finished and for how long; what only waits stops now.
  const stop = () => {
    const inFlight = session.inFlight();
    if (inFlight > 0) writeLine(ctx.io.stderr, finishingInFlight(inFlight, STOP_BOUND_MS));
    void session.close();
  };
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    if (session.service.isSandbox) {
      writeLine(ctx.io.stderr, sandboxNotice(session.service.apiUrl));
      reporter.linkToSandbox(session.service.apiUrl);
    }
    const teamId = input.shared.team === undefined ? undefined : resolveTeam(input.shared.team, session.user.teams);
    const requests = uploadRequests({ ...input, files: readable }, teamId);
    const results = await queue.add(requests);
    // One line per file: its job (as it is now, done already when an earlier run of the same
    // request finished it), or why it was not sent.
    for (const [index, result] of results.entries()) {
      const file = requests[index]!.sourcePath;
      if (result.status === 'error') reporter.problem(result.sourcePath, result.message);
      else if (result.status === 'skipped')
        reporter.skipped(result.sourcePath, alreadyUploaded(result.sourcePath, result.shotId, result.from), {
          shotId: result.shotId,
        });
      else if (result.status === 'existing' && result.duplicateOf)
        reporter.skipped(file, alreadyQueued(file, result.job), { jobId: result.job.id });
      else reporter.track(queue.get(result.job.id) ?? result.job);
    }
    // Jobs left unfinished by an earlier run resume too (unless paused); the command waits for them as well.
    for (const job of queue.list()) if (!isFinal(job.state) && !job.paused) reporter.track(job);
    await Promise.race([queue.whenIdle(), session.signInRefused]);
    reporter.done();
    // The service no longer takes the sign-in: every job waits as it was, for a run with a new one.
    if (refused && !ctx.signal.aborted) {
      const waiting = queue.list().filter((job) => !isFinal(job.state)).length;
      writeLine(ctx.io.stderr, signInRefusedLine(session.service, waiting));
      return EXIT_FAILURE;
    }
    if (ctx.signal.aborted) {
      writeLine(ctx.io.stderr, 'shotput: interrupted; run the same command again to resume.');
      return EXIT_INTERRUPTED;
    }
    const cap = queue.dailyCapHold();
    const counts = summary(ctx, reporter, cap, skipped.length);
    if (queue.diskFault !== undefined) {
      for (const line of diskFaultLines(queue.diskFault)) writeLine(ctx.io.stderr, line);
      return EXIT_FAILURE;
    }
    // The service takes no more today: say what waits, and how to send it.
    if (cap)
      for (const line of dailyCapLines({ ...cap, waiting: counts.waiting }, 'command', ctx.env?.TZ || undefined))
        writeLine(ctx.io.stderr, line);
    // The addresses printed above point at the bundled sandbox, which stops now.
    if (counts.published + counts.scheduled > 0) noteLocalLinks(ctx, session.service);
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
  /** Entries of folders given that were not taken (each named above with its reason). */
  notTaken = 0,
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
      `${counts.published} published, ${counts.scheduled} scheduled, ${counts.failed} not uploaded, ${counts.skipped} skipped (${notTaken > 0 ? 'already uploaded, in the queue, or not taken from a folder' : 'already uploaded or in the queue'})${waiting ? `, ${waiting} waiting` : ''}.`,
    );
  return counts;
}

export const uploadCommand: CliCommand = {
  name: 'upload',
  run,
};

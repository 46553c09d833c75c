// `shotput watch DIR...`: upload every image that appears in the folders, with their defaults,
// until SIGINT/SIGTERM: then no new file is taken, the uploads in flight are finished (sent and
// confirmed, within a bound) or left in the queue, and the command exits 130/143 saying how to
// resume. With --once: take the files present, wait until they are all done, exit.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, UsageError, writeLine } from './command';
import { parseCommandArgs, sharedValues } from './upload-options';
import type { SharedValues } from './upload-options';
import { WATCH_OPTIONS } from './options';
import { planSummary, planUploads } from './dry-run';
import { UploadReporter } from './upload-progress';
import { openUploadSession } from './upload-session';
import {
  alreadyUploaded,
  dailyCapLines,
  diskFaultLines,
  finishingInFlight,
  folderMissing,
  sandboxNotice,
  signInRefusedLine,
  watchStopped,
} from './messages';
import { resolveTeam } from './team-choice';
import { WatchedFolder, filesInFolder, isFinal, spreadSchedule } from '../uploads/index';
import type { FolderSkip } from '../uploads/index';
import { nameFiles } from './file-names';
import type { NewJob } from '../uploads/index';
import { readSidecar, titleFromFileName } from '../uploads/sidecar';
import { ignoredIn } from '../uploads/watch-filter';
import { logWatchEvent } from '../logging/activity-log';
import type { FolderCounts, WatchEvent } from '../uploads/index';

async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, WATCH_OPTIONS);
  if (positionals.length === 0) throw new UsageError('give at least one folder to watch');
  const shared = sharedValues(values);
  if (shared.scheduleWarning) writeLine(ctx.io.stderr, `shotput: ${shared.scheduleWarning}`);
  const stableText = values['stable-ms'];
  const stableMs = stableText === undefined ? undefined : Number(stableText);
  if (stableMs !== undefined && !(Number.isInteger(stableMs) && stableMs >= 0))
    throw new UsageError('--stable-ms must be a whole number of milliseconds');
  if (shared.dryRun && !values.once)
    throw new UsageError('--dry-run goes with --once (a dry run looks at the files present and ends)');
  // A folder that is not there is said before the service (or the sandbox) starts.
  for (const folder of positionals) await ensureFolder(folder);
  if (shared.dryRun) return dryRun(positionals, shared, ctx);

  const session = await openUploadSession(ctx);
  const { queue } = session;
  let teamId: number | undefined;
  try {
    if (session.service.isSandbox) writeLine(ctx.io.stderr, sandboxNotice(session.service.apiUrl));
    teamId = shared.team === undefined ? undefined : resolveTeam(shared.team, session.user.teams);
  } catch (error) {
    await session.close();
    throw error;
  }
  const reporter = new UploadReporter(ctx.io, {
    json: ctx.globals.json,
    color: ctx.globals.color,
    timeZone: ctx.env?.TZ || undefined,
  });
  if (session.service.isSandbox) reporter.linkToSandbox(session.service.apiUrl);
  queue.on('event', (event) => reporter.onEvent(event));
  session.onReachability((line) => reporter.note(line));
  const folders = positionals.map(
    (folder) =>
      new WatchedFolder(queue, {
        folder,
        defaults: {
          description: shared.description,
          tags: shared.tags,
          teamId,
          lowProfile: shared.lowProfile,
          reboundSourceId: shared.reboundSourceId,
          schedule: shared.schedule,
        },
        prepare: shared.prepare,
        moveUploaded: values['move-uploaded'] === true,
        force: shared.force,
        stableMs,
      }),
  );
  const watchLog = ctx.log?.scope('watch');
  const onFolderEvent = (event: WatchEvent) => {
    if (watchLog !== undefined) logWatchEvent(watchLog, event);
    if (event.type === 'skipped')
      reporter.skipped(event.file, skippedMessage(event), { shotId: event.shotId, jobId: event.jobId });
    else if (event.type === 'error') reporter.problem(event.file, event.message);
    else if (event.type === 'taken') reporter.track(event.job);
  };
  let cap: ReturnType<typeof queue.dailyCapHold>;
  let diskFault: string | undefined;
  let refused = false;
  void session.signInRefused.then(() => (refused = true));
  let left: number;
  try {
    for (const folder of folders) {
      folder.on('event', onFolderEvent);
      await folder.start();
      if (!ctx.globals.json) writeLine(ctx.io.stderr, `Watching ${folder.folder}`);
    }
    if (values.once) {
      for (const folder of folders) await folder.settled();
      await Promise.race([queue.whenIdle(), aborted(ctx.signal), session.signInRefused]);
      cap = queue.dailyCapHold();
    } else {
      await Promise.race([aborted(ctx.signal), session.signInRefused]);
    }
  } finally {
    // No new file is taken; what is in flight is finished (within a bound) or left to the next run.
    for (const folder of folders) await folder.stopWatching();
    if (ctx.signal.aborted) {
      // What only waits for the budget stops at once; what is on the wire is finished, within the bound.
      session.stopWaiting();
      const inFlight = session.inFlight();
      if (inFlight > 0) writeLine(ctx.io.stderr, finishingInFlight(inFlight, drainBound(process.env)));
      left = await queue.drain(drainBound(process.env));
    } else left = queue.list().filter((job) => !isFinal(job.state)).length;
    for (const folder of folders) await folder.stop();
    diskFault = queue.diskFault;
    await session.close();
    reporter.done();
  }
  let failed = 0;
  for (const folder of folders) {
    const counts = folder.getCounts();
    failed += counts.failed;
    printCounts(ctx, folder.folder, counts);
  }
  if (diskFault !== undefined) {
    for (const line of diskFaultLines(diskFault)) writeLine(ctx.io.stderr, line);
    return EXIT_FAILURE;
  }
  if (refused && !ctx.signal.aborted) {
    writeLine(ctx.io.stderr, signInRefusedLine(session.service, left));
    return EXIT_FAILURE;
  }
  // Stopped by a signal: say what was left and how to resume (130 for Ctrl-C, 143 for SIGTERM).
  if (ctx.signal.aborted) {
    writeLine(ctx.io.stderr, watchStopped(left));
    return EXIT_INTERRUPTED;
  }
  if (cap) {
    for (const line of dailyCapLines(cap, 'watch', ctx.env?.TZ || undefined)) writeLine(ctx.io.stderr, line);
    return EXIT_FAILURE;
  }
  return failed > 0 ? EXIT_FAILURE : EXIT_OK;
}

/** How long a stopped watch waits for the shots in flight: SHOTPUT_DRAIN_MS, else one minute. */
function drainBound(env: NodeJS.ProcessEnv): number {
  const ms = env.SHOTPUT_DRAIN_MS ? Number(env.SHOTPUT_DRAIN_MS) : Number.NaN;
  return Number.isFinite(ms) && ms >= 0 ? ms : 60_000;
}

async function ensureFolder(folder: string): Promise<void> {
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(folderMissing(folder, info !== undefined));
}

/** The one wording of a skipped file, with the shot or job it refers to. */
function skippedMessage(event: Extract<WatchEvent, { type: 'skipped' }>): string {
  if (event.shotId !== undefined) return alreadyUploaded(event.file, event.shotId, event.from);
  return event.message;
}

/** `watch --once --dry-run`: the images present now, as the watch would take them. */
async function dryRun(folders: string[], shared: SharedValues, ctx: CliContext): Promise<number> {
  const files: string[] = [];
  const skipped: FolderSkip[] = [];
  for (const folder of folders) {
    // As the watch takes them: subfolders by the rules of every folder, not its uploaded/ folders.
    const found = await filesInFolder(folder, ignoredIn(path.resolve(folder)));
    files.push(...found.files);
    skipped.push(...found.skipped);
  }
  const times = shared.schedule ? spreadSchedule(shared.schedule, files.length) : undefined;
  const requests: NewJob[] = [];
  for (const [i, file] of files.entries()) {
    const read = await readSidecar(file);
    const sidecar = read.ok ? read.value : undefined;
    requests.push({
      sourcePath: file,
      origin: path.dirname(file),
      force: shared.force,
      prepare: shared.prepare,
      metadata: {
        title: sidecar?.title ?? titleFromFileName(file),
        description: sidecar?.description ?? shared.description,
        tags: shared.tags,
        scheduledFor: times?.[i],
      },
    });
  }
  const reporter = new UploadReporter(ctx.io, { json: ctx.globals.json, color: ctx.globals.color });
  nameFiles(files);
  for (const skip of skipped) reporter.skipped(skip.path, skip.reason);
  const counts = await planUploads(ctx, requests, reporter);
  planSummary(ctx, reporter, { ...counts, skipped: counts.skipped + skipped.length });
  return counts.failed > 0 ? EXIT_FAILURE : EXIT_OK;
}

function printCounts(ctx: CliContext, folder: string, counts: FolderCounts): void {
  if (ctx.globals.json) writeLine(ctx.io.stdout, JSON.stringify({ type: 'folder', folder, ...counts }));
  else
    writeLine(
      ctx.io.stdout,
      `${path.basename(folder)}: ${counts.seen} seen, ${counts.uploaded} uploaded, ${counts.skipped} skipped, ${counts.failed} failed`,
    );
}

function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

export const watchCommand: CliCommand = {
  name: 'watch',
  run,
};

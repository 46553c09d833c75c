// `shotput watch DIR...`: upload every image that appears in the folders, with their defaults,
// until SIGINT/SIGTERM: then no new file is taken, the uploads in flight are finished (sent and
// confirmed, within a bound) or left in the queue, and the command exits 130/143 saying how to
// resume. With --once: take the files present, wait until they are all done, exit.
import path from 'node:path';
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, UsageError, writeLine } from './command';
import { SHARED_OPTIONS, parseCommandArgs, sharedValues } from './upload-options';
import { UploadReporter } from './upload-progress';
import { openUploadSession } from './upload-session';
import { dailyCapLines, diskFaultLines, sandboxNotice, watchStopped } from './messages';
import { resolveTeam } from './team-choice';
import { WatchedFolder } from '../uploads/index';
import { logWatchEvent } from '../logging/activity-log';
import type { FolderCounts, WatchEvent } from '../uploads/index';

const USAGE =
  'shotput watch DIR... [--once] [--move-uploaded] [--description D] [--tags a,b] [--team ID|LOGIN|NAME] [--low-profile] [--schedule ISO --every HOURS] ' +
  '[--rebound ID] [--size auto|400x300|800x600] [--fit cover|contain] [--force] [--stable-ms MS] [--json]';

async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...SHARED_OPTIONS,
    once: { type: 'boolean' },
    'move-uploaded': { type: 'boolean' },
    'stable-ms': { type: 'string' },
  });
  if (positionals.length === 0) throw new UsageError('give at least one folder to watch');
  const shared = sharedValues(values);
  const stableText = values['stable-ms'];
  const stableMs = stableText === undefined ? undefined : Number(stableText);
  if (stableMs !== undefined && !(Number.isInteger(stableMs) && stableMs >= 0))
    throw new UsageError('--stable-ms must be a whole number of milliseconds');

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
  const reporter = new UploadReporter(ctx.io, { json: ctx.globals.json });
  queue.on('event', (event) => reporter.onEvent(event));
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
    if (event.type === 'skipped') reporter.note('skipped', event.file, event.message);
    else if (event.type === 'error') reporter.note('error', event.file, event.message);
    else if (event.type === 'taken') reporter.track(event.job);
  };
  let cap: ReturnType<typeof queue.dailyCapHold>;
  let diskFault: string | undefined;
  let left = 0;
  try {
    for (const folder of folders) {
      folder.on('event', onFolderEvent);
      await folder.start();
      if (!ctx.globals.json) writeLine(ctx.io.stderr, `Watching ${folder.folder}`);
    }
    if (values.once) {
      for (const folder of folders) await folder.settled();
      await Promise.race([queue.whenIdle(), aborted(ctx.signal)]);
      cap = queue.dailyCapHold();
    } else {
      await aborted(ctx.signal);
    }
  } finally {
    // No new file is taken; what is in flight is finished (within a bound) or left to the next run.
    for (const folder of folders) await folder.stopWatching();
    if (ctx.signal.aborted) left = await queue.drain(drainBound(process.env));
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
  // Stopped by a signal: say what was left and how to resume (130 for Ctrl-C, 143 for SIGTERM).
  if (ctx.signal.aborted) {
    writeLine(ctx.io.stderr, watchStopped(left));
    return EXIT_INTERRUPTED;
  }
  if (cap) {
    for (const line of dailyCapLines(cap, 'watch')) writeLine(ctx.io.stderr, line);
    return EXIT_FAILURE;
  }
  return failed > 0 ? EXIT_FAILURE : EXIT_OK;
}

/** How long a stopped watch waits for the shots in flight: SHOTPUT_DRAIN_MS, else one minute. */
function drainBound(env: NodeJS.ProcessEnv): number {
  const ms = env.SHOTPUT_DRAIN_MS ? Number(env.SHOTPUT_DRAIN_MS) : Number.NaN;
  return Number.isFinite(ms) && ms >= 0 ? ms : 60_000;
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
  summary: 'Upload every image that appears in the given folders, with per-folder defaults',
  usage: USAGE,
  run,
};

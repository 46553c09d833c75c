// `shotput upload FILE...`: enqueue files, run until each ends, exit 0 when all are on the service.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, UsageError, writeLine } from './command';
import { alreadyQueued, alreadyUploaded, dailyCapLines, sandboxNotice, unreadableFile } from './messages';
import { resolveTeam } from './team-choice';
import { SHARED_OPTIONS, parseCommandArgs, sharedValues } from './upload-options';
import type { SharedValues } from './upload-options';
import { UploadReporter } from './upload-progress';
import { openUploadSession } from './upload-session';
import { probe } from '../images/index';
import { isFinal, spreadSchedule } from '../uploads/index';
import { titleFromFileName } from '../uploads/sidecar';
import type { NewJob, UploadJob, UploadQueue } from '../uploads/index';

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
 * that are not images are left out here too, so that each slot goes to a file that can use it.
 */
async function readableFiles(files: string[], scheduled: boolean): Promise<{ readable: string[]; problems: { file: string; message: string }[] }> {
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
    const notImage = scheduled ? await probe(file).then(() => undefined, (error: unknown) => (error instanceof Error ? error.message : String(error))) : undefined;
    if (notImage) problems.push({ file, message: `${path.basename(file)} was not scheduled: ${notImage}` });
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
    summary(ctx, reporter, { published: 0, scheduled: 0, failed: problems.length, skipped: 0 });
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
    const mine = new Map<string, string>();
    let ok = problems.length === 0;
    let skipped = 0;
    const results = await queue.add(requests);
    for (const [index, result] of results.entries()) {
      const file = requests[index]!.sourcePath;
      if (result.status === 'error') {
        ok = false;
        reporter.note('error', result.sourcePath, result.message);
      } else if (result.status === 'skipped') {
        skipped++;
        reporter.note('skipped', result.sourcePath, alreadyUploaded(result.sourcePath, result.shotId, result.from));
      } else if (result.status === 'existing' && result.duplicateOf) {
        skipped++;
        reporter.note('skipped', file, alreadyQueued(file, result.job));
      } else if (result.status === 'existing' && (result.job.state === 'published' || result.job.state === 'scheduled')) {
        // The same request was done by an earlier run: nothing is sent now.
        skipped++;
        reporter.note('skipped', file, alreadyUploaded(file, result.job.shotId!));
      } else {
        mine.set(result.job.id, result.job.sourcePath);
        reporter.track(result.job);
      }
    }
    // Jobs left unfinished by an earlier run resume too; the command waits for them as well.
    for (const job of queue.list()) if (!mine.has(job.id) && !isFinal(job.state)) reporter.track(job);
    await queue.whenIdle();
    reporter.done();
    if (ctx.signal.aborted) {
      writeLine(ctx.io.stderr, 'shotput: interrupted; run the same command again to resume.');
      return EXIT_INTERRUPTED;
    }
    const finished = [...mine.keys()].map((id) => queue.get(id)).filter((j): j is UploadJob => j !== undefined);
    ok &&= finished.every((j) => j.state === 'published' || j.state === 'scheduled');
    const published = finished.filter((j) => j.state === 'published').length;
    const scheduled = finished.filter((j) => j.state === 'scheduled').length;
    const cap = queue.dailyCapHold();
    const waiting = cap ? finished.filter((j) => j.state === 'queued' || j.state === 'preparing' || j.state === 'ready').length : 0;
    const errors = results.filter((r) => r.status === 'error').length + problems.length;
    summary(ctx, reporter, { published, scheduled, failed: finished.length - published - scheduled - waiting + errors, skipped, ...(waiting ? { waiting } : {}) }, cap);
    // The service takes no more today: say what waits, and how to send it.
    if (cap) for (const line of dailyCapLines(cap, 'command')) writeLine(ctx.io.stderr, line);
    return ok ? EXIT_OK : EXIT_FAILURE;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
    await session.close();
  }
}

interface Counts {
  published: number;
  scheduled: number;
  failed: number;
  skipped: number;
  /** Held back by the service's daily upload cap. */
  waiting?: number;
}

function summary(ctx: CliContext, reporter: UploadReporter, counts: Counts, cap?: ReturnType<UploadQueue['dailyCapHold']>): void {
  if (ctx.globals.json) reporter.json({ type: 'summary', ...counts, ...(cap ? { daily_cap: cap } : {}) });
  else
    writeLine(
      ctx.io.stdout,
      `${counts.published} published, ${counts.scheduled} scheduled, ${counts.failed} not uploaded, ${counts.skipped} skipped (already uploaded or in the queue)${counts.waiting ? `, ${counts.waiting} waiting` : ''}.`,
    );
}

export const uploadCommand: CliCommand = {
  name: 'upload',
  summary: 'Upload image files as shots: prepare, send through the rate limit, wait until published',
  usage: USAGE,
  run,
};

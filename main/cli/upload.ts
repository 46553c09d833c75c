// `shotput upload FILE...`: enqueue files, run until each ends, exit 0 when all are on the service.
import path from 'node:path';
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_OK, UsageError, writeLine } from './command';
import { SHARED_OPTIONS, parseCommandArgs, sharedValues } from './upload-options';
import { UploadReporter } from './upload-progress';
import { openUploadSession } from './upload-session';
import { spreadSchedule } from '../uploads/index';
import { capResumeLine } from '../uploads/daily-cap';
import { titleFromFileName } from '../uploads/sidecar';
import type { NewJob, UploadJob } from '../uploads/index';

const USAGE =
  'shotput upload FILE... [--title T] [--description D] [--tags a,b] [--team ID] [--low-profile] [--schedule ISO] [--every HOURS] ' +
  '[--rebound ID] [--size auto|400x300|800x600] [--fit cover|contain] [--force] [--json]';

export function uploadRequests(args: string[]): NewJob[] {
  const { values, positionals } = parseCommandArgs(args, { ...SHARED_OPTIONS, title: { type: 'string' } });
  if (positionals.length === 0) throw new UsageError('give at least one image file');
  const shared = sharedValues(values);
  const times = shared.schedule ? spreadSchedule(shared.schedule, positionals.length) : undefined;
  return positionals.map((file, i) => ({
    sourcePath: path.resolve(file),
    origin: 'cli',
    force: shared.force,
    prepare: shared.prepare,
    metadata: {
      // One --title for several files: numbered so each shot can be told apart.
      title: values.title !== undefined ? (positionals.length > 1 ? `${values.title} ${i + 1}` : values.title) : titleFromFileName(file),
      description: shared.description,
      tags: shared.tags,
      teamId: shared.teamId,
      lowProfile: shared.lowProfile,
      reboundSourceId: shared.reboundSourceId,
      scheduledFor: times?.[i],
    },
  }));
}

async function run(args: string[], ctx: CliContext): Promise<number> {
  const requests = uploadRequests(args);
  const session = await openUploadSession(ctx);
  const { queue } = session;
  const reporter = new UploadReporter(ctx.io, { json: ctx.globals.json });
  queue.on('event', (event) => reporter.onEvent(event));
  const stop = () => void session.close();
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    const mine = new Map<string, string>();
    let ok = true;
    const results = await queue.add(requests);
    for (const result of results) {
      if (result.status === 'error') {
        ok = false;
        reporter.note('error', result.sourcePath, result.message);
      } else if (result.status === 'skipped') {
        reporter.note('skipped', result.sourcePath, result.message);
      } else {
        mine.set(result.job.id, result.job.sourcePath);
        reporter.track(result.job);
      }
    }
    // Jobs left unfinished by an earlier run resume too; the command waits for them as well.
    for (const job of queue.list()) if (!mine.has(job.id) && !['published', 'scheduled', 'failed', 'cancelled'].includes(job.state)) reporter.track(job);
    await queue.whenIdle();
    reporter.done();
    if (ctx.signal.aborted) {
      writeLine(ctx.io.stderr, 'shotput: interrupted; run the same command again to resume.');
      return EXIT_FAILURE;
    }
    const finished = [...mine.keys()].map((id) => queue.get(id)).filter((j): j is UploadJob => j !== undefined);
    ok &&= finished.every((j) => j.state === 'published' || j.state === 'scheduled');
    const published = finished.filter((j) => j.state === 'published').length;
    const scheduled = finished.filter((j) => j.state === 'scheduled').length;
    const cap = queue.dailyCapHold();
    const waiting = cap ? finished.filter((j) => j.state === 'queued' || j.state === 'preparing' || j.state === 'ready').length : 0;
    const failed = finished.length - published - scheduled - waiting;
    const skipped = results.filter((r) => r.status === 'skipped').length;
    if (ctx.globals.json) reporter.json({ type: 'summary', published, scheduled, failed, skipped, waiting, ...(cap ? { daily_cap: cap } : {}) });
    else
      writeLine(
        ctx.io.stdout,
        `${published} published, ${scheduled} scheduled, ${failed} not uploaded, ${skipped} skipped (already uploaded)${waiting ? `, ${waiting} waiting` : ''}.`,
      );
    if (cap) {
      // The service takes no more today: say what waits, and how to send it.
      writeLine(ctx.io.stderr, `shotput: ${cap.reason}`);
      writeLine(ctx.io.stderr, `shotput: ${capResumeLine(cap.waiting, cap.until)}`);
    }
    return ok ? EXIT_OK : EXIT_FAILURE;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
    await session.close();
  }
}

export const uploadCommand: CliCommand = {
  name: 'upload',
  summary: 'Upload image files as shots: prepare, send through the rate limit, wait until published',
  usage: USAGE,
  run,
};

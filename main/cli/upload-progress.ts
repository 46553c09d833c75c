// What `upload` and `watch` print: one JSON line per job change with --json; on a terminal a
// progress bar redrawn in place; otherwise one line per finished job. Only the jobs the command
// tracks are reported, each file's outcome once, and the summary counts what was printed.
import path from 'node:path';
import type { CliIO } from './command';
import { writeLine } from './command';
import { prepareWarning } from './messages';
import type { JobEvent, JobState, UploadJob } from '../uploads/index';
import { isFinal } from '../uploads/index';

export interface ReporterOptions {
  json: boolean;
}

/** What the lines said, counted: the summary of `upload`. */
export interface ReportCounts {
  published: number;
  scheduled: number;
  /** Failed or cancelled jobs, and files that never became a job. */
  failed: number;
  skipped: number;
  /** Tracked jobs not final yet (held by the daily cap, a paused queue, a disk fault). */
  waiting: number;
}

export class UploadReporter {
  private readonly states = new Map<string, JobState>();
  /** Jobs whose warnings from preparing were printed. */
  private readonly warned = new Set<string>();
  private readonly noted = { skipped: 0, error: 0 };
  private readonly tty: boolean;
  private barShown = false;

  constructor(
    private readonly io: CliIO,
    private readonly options: ReporterOptions,
  ) {
    this.tty = !options.json && io.stdout.isTTY === true;
  }

  /**
   * A job the command reports, in its state now. A job already final (done by an earlier run of
   * the same request) is reported as done here, once, with its shot.
   */
  track(job: UploadJob): void {
    if (this.states.has(job.id)) return;
    this.states.set(job.id, job.state);
    if (this.options.json) this.json({ type: 'job', ...jobLine(job) });
    else {
      this.warnings(job);
      if (isFinal(job.state)) this.line(finalLine(job));
    }
    this.draw();
  }

  /** A change of a tracked job; changes of other jobs are not this command's to report. */
  onEvent(event: JobEvent): void {
    if (event.type !== 'job') return;
    const job = event.job;
    const before = this.states.get(job.id);
    if (before === undefined || before === job.state) return;
    this.states.set(job.id, job.state);
    if (this.options.json) this.json({ type: 'job', ...jobLine(job) });
    else {
      this.warnings(job);
      if (isFinal(job.state)) this.line(finalLine(job));
    }
    this.draw();
  }

  note(kind: 'skipped' | 'error' | 'info', file: string | undefined, message: string): void {
    if (kind !== 'info') this.noted[kind]++;
    if (this.options.json) this.json({ type: kind, file, message });
    else this.line(`${kind.padEnd(10)} ${file ? `${path.basename(file)}  ` : ''}${message}`, kind === 'error');
  }

  /** The outcome of every line printed so far. */
  counts(): ReportCounts {
    const counts: ReportCounts = {
      published: 0,
      scheduled: 0,
      failed: this.noted.error,
      skipped: this.noted.skipped,
      waiting: 0,
    };
    for (const state of this.states.values()) {
      if (state === 'published' || state === 'scheduled') counts[state]++;
      else if (state === 'failed' || state === 'cancelled') counts.failed++;
      else counts.waiting++;
    }
    return counts;
  }

  json(value: Record<string, unknown>): void {
    writeLine(this.io.stdout, JSON.stringify(value));
  }

  /** Ends the bar's line so what follows starts on a fresh one. */
  done(): void {
    if (this.barShown) this.io.stdout.write('\n');
    this.barShown = false;
  }

  /** Each warning of the image pipeline, once per job, as soon as the job has them. */
  private warnings(job: UploadJob): void {
    if (!job.warnings?.length || this.warned.has(job.id)) return;
    this.warned.add(job.id);
    for (const warning of job.warnings) this.line(prepareWarning(job.sourcePath, warning));
  }

  private line(text: string, error = false): void {
    if (this.barShown) this.io.stdout.write('\r\x1b[2K');
    this.barShown = false;
    writeLine(error ? this.io.stderr : this.io.stdout, text);
    this.draw();
  }

  private draw(): void {
    if (!this.tty || this.states.size === 0) return;
    const counts = new Map<JobState, number>();
    for (const state of this.states.values()) counts.set(state, (counts.get(state) ?? 0) + 1);
    const total = this.states.size;
    const finished = [...this.states.values()].filter(isFinal).length;
    const width = Math.max(10, Math.min(30, (this.io.stdout.columns ?? 80) - 60));
    const filled = Math.round((finished / total) * width);
    const parts = (['preparing', 'uploading', 'processing', 'failed'] as JobState[])
      .map((s) => (counts.get(s) ? `${counts.get(s)} ${s}` : ''))
      .filter(Boolean)
      .join(' · ');
    const text = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${finished}/${total} done${parts ? ` · ${parts}` : ''}`;
    this.io.stdout.write(`\r\x1b[2K${text}`);
    this.barShown = true;
  }
}

function jobLine(job: UploadJob): Record<string, unknown> {
  return {
    id: job.id,
    file: job.sourcePath,
    title: job.metadata.title,
    state: job.state,
    attempts: job.attempts,
    ...(job.paused ? { paused: true } : {}),
    ...(job.shotId ? { shot_id: job.shotId } : {}),
    ...(job.location ? { location: job.location } : {}),
    ...(job.publishedAt ? { published_at: job.publishedAt } : {}),
    ...(job.scheduledFor ? { scheduled_for: job.scheduledFor } : {}),
    ...(job.warnings?.length ? { warnings: job.warnings } : {}),
    ...(job.failure ? { reason: job.failure.reason, retryable: job.failure.retryable } : {}),
    ...(job.lastError && !isFinal(job.state) ? { last_error: job.lastError } : {}),
  };
}

function finalLine(job: UploadJob): string {
  const name = path.basename(job.sourcePath);
  if (job.state === 'published') return `published  ${name}  shot ${job.shotId}`;
  if (job.state === 'scheduled') return `scheduled  ${name}  shot ${job.shotId} for ${job.scheduledFor}`;
  if (job.state === 'failed')
    return `failed     ${name}  ${job.failure?.reason ?? ''}${job.failure?.retryable ? ' (retry can help: shotput queue retry ' + job.id + ')' : ''}`;
  return `${job.state.padEnd(10)} ${name}`;
}

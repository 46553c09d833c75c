// What `upload` and `watch` print: one JSON line per job change with --json; on a terminal a
// progress bar redrawn in place; otherwise one line per finished job.
import path from 'node:path';
import type { CliIO } from './command';
import { writeLine } from './command';
import { jobJson } from './json-shapes';
import { link, paint, readableTime } from './style';
import type { JobEvent, JobState, UploadJob } from '../uploads/index';
import { isFinal } from '../uploads/index';

export interface ReporterOptions {
  json: boolean;
  /** Colour and terminal links (style.ts). */
  color?: boolean;
  timeZone?: string;
  /** Only these jobs are drawn in the bar (all when absent). */
  only?: ReadonlySet<string>;
}

export class UploadReporter {
  private readonly states = new Map<string, JobState>();
  private readonly tty: boolean;
  private barShown = false;

  constructor(
    private readonly io: CliIO,
    private readonly options: ReporterOptions,
  ) {
    this.tty = !options.json && io.stdout.isTTY === true;
  }

  /** Jobs the command is waiting for, with their state when it starts. */
  track(job: UploadJob): void {
    if (this.states.has(job.id)) return;
    this.states.set(job.id, job.state);
    if (this.options.json) this.json({ type: 'job', ...jobJson(job) });
    this.draw();
  }

  onEvent(event: JobEvent): void {
    if (event.type !== 'job') return;
    const job = event.job;
    if (this.options.only && !this.options.only.has(job.id) && !this.states.has(job.id)) return;
    const before = this.states.get(job.id);
    this.states.set(job.id, job.state);
    if (before === job.state) return;
    if (this.options.json) this.json({ type: 'job', ...jobJson(job) });
    else if (isFinal(job.state))
      this.line(finalLine(job, job.state === 'failed' ? this.errorLook() : this.options), job.state === 'failed');
    this.draw();
  }

  /** Lines on standard error are coloured only when it is a terminal too (not a log file). */
  private errorLook(): ReporterOptions {
    return {
      ...this.options,
      color: this.options.color === true && (this.io.stderr as { isTTY?: boolean }).isTTY === true,
    };
  }

  /** A file not sent: `ids` carry the shot it was uploaded as, or the queue job it joined. */
  skipped(file: string, message: string, ids: { shotId?: number; jobId?: string } = {}): void {
    if (this.options.json)
      this.json({
        type: 'skipped',
        file,
        ...(ids.shotId ? { shot_id: ids.shotId } : {}),
        ...(ids.jobId ? { job_id: ids.jobId } : {}),
        message,
      });
    else {
      const name = namedIn(message, file) ? '' : `${path.basename(file)}  `;
      this.line(`${paint(this.options.color, 'dim', 'skipped   ')} ${name}${message}`);
    }
  }

  /** Something that went wrong with a file (or with no file in particular). */
  problem(file: string | undefined, message: string): void {
    if (this.options.json) this.json({ type: 'problem', ...(file ? { file } : {}), message });
    else
      this.line(
        `${paint(this.errorLook().color, 'red', 'problem   ')} ${file && !namedIn(message, file) ? `${path.basename(file)}  ` : ''}${message}`,
        true,
      );
  }

  /** A line of its own (a --dry-run plan), keeping the bar below it. */
  text(line: string): void {
    this.line(line);
  }

  json(value: Record<string, unknown>): void {
    writeLine(this.io.stdout, JSON.stringify(value));
  }

  /** Ends the bar's line so what follows starts on a fresh one. */
  done(): void {
    if (this.barShown) this.io.stdout.write('\n');
    this.barShown = false;
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

/** Whether a sentence already names the file, so that the line does not say it twice. */
function namedIn(message: string, file: string): boolean {
  return message.includes(path.basename(file));
}

/** The line of a finished job; a published or scheduled one ends with the shot's address. */
export function finalLine(job: UploadJob, look: { color?: boolean; timeZone?: string } = {}): string {
  const name = path.basename(job.sourcePath);
  const address = job.htmlUrl ? `  ${link(look.color, job.htmlUrl)}` : '';
  if (job.state === 'published')
    return `${paint(look.color, 'green', 'published ')} ${name}  shot ${job.shotId}${address}`;
  if (job.state === 'scheduled')
    return `${paint(look.color, 'cyan', 'scheduled ')} ${name}  shot ${job.shotId} for ${job.scheduledFor ? readableTime(job.scheduledFor, look.timeZone) : '?'}${address}`;
  if (job.state === 'failed')
    return `${paint(look.color, 'red', 'failed    ')} ${name}  ${job.failure?.reason ?? ''}${job.failure?.retryable ? ' (retry can help: shotput queue retry ' + job.id + ')' : ''}`;
  return `${job.state.padEnd(10)} ${name}`;
}

// What `upload` and `watch` print: one JSON line per job change with --json; on a terminal a
// progress bar redrawn in place; otherwise one line per finished job. Only the jobs the command
// tracks are reported, each file's outcome once, and the summary counts what was printed.
import path from 'node:path';
import type { CliIO } from './command';
import { writeLine } from './command';
import { jobJson } from './json-shapes';
import { oneLine, shownName } from './file-names';
import { prepareWarning, sourceChangedWarning } from './messages';
import { link, paint, readableTime } from './style';
import type { JobEvent, JobState, UploadJob } from '../uploads/index';
import { isFinal } from '../uploads/index';

export interface ReporterOptions {
  json: boolean;
  /** Colour and terminal links (style.ts). */
  color?: boolean;
  timeZone?: string;
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
  /** Jobs whose change of source on disk was said. */
  private readonly changeSaid = new Set<string>();
  private readonly noted = { skipped: 0, problems: 0 };
  private readonly tty: boolean;
  private barShown = false;
  private sandboxUrl: string | undefined;
  /** Said at the end of the bar while it holds (the service cannot be reached). */
  private barNote: string | undefined;

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
    this.report(job);
  }

  /**
   * The bundled sandbox this run started. It takes a free port each run and keeps its shots in the
   * data dir, so a job an earlier run finished names that run's port: it is shown at this one's.
   */
  linkToSandbox(apiUrl: string): void {
    this.sandboxUrl = apiUrl;
  }

  /** A change of a tracked job; changes of other jobs are not this command's to report. */
  onEvent(event: JobEvent): void {
    if (event.type !== 'job') return;
    const job = event.job;
    const before = this.states.get(job.id);
    if (before === undefined) return;
    // Said as soon as the queue notices it, in the job's state then: once per job.
    if (job.sourceChanged && !this.changeSaid.has(job.id)) {
      this.states.set(job.id, job.state);
      this.report(job);
      return;
    }
    if (before === job.state) return;
    this.states.set(job.id, job.state);
    this.report(job);
  }

  private report(reported: UploadJob): void {
    const job = this.sandboxUrl === undefined ? reported : atSandbox(reported, this.sandboxUrl);
    const changeNew = job.sourceChanged === true && !this.changeSaid.has(job.id);
    if (changeNew) this.changeSaid.add(job.id);
    if (this.options.json) this.json({ type: 'job', ...jobJson(job) });
    else {
      if (changeNew) this.line(paint(this.options.color, 'yellow', sourceChangedWarning(job.sourcePath)));
      this.warnings(job);
      if (isFinal(job.state))
        this.line(finalLine(job, job.state === 'failed' ? this.errorLook() : this.options), job.state === 'failed');
    }
    this.draw();
  }

  /** The outcome of every line printed so far. */
  counts(): ReportCounts {
    const counts: ReportCounts = {
      published: 0,
      scheduled: 0,
      failed: this.noted.problems,
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

  /** Each warning of the image pipeline, once per job, as soon as the job has them. */
  private warnings(job: UploadJob): void {
    if (!job.warnings?.length || this.warned.has(job.id)) return;
    this.warned.add(job.id);
    for (const warning of job.warnings)
      this.line(paint(this.options.color, 'yellow', prepareWarning(job.sourcePath, warning)));
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
    this.noted.skipped++;
    if (this.options.json)
      this.json({
        type: 'skipped',
        file,
        ...(ids.shotId ? { shot_id: ids.shotId } : {}),
        ...(ids.jobId ? { job_id: ids.jobId } : {}),
        message,
      });
    else {
      const name = namedIn(message, file) ? '' : `${shownName(file)}  `;
      this.line(`${paint(this.options.color, 'dim', 'skipped   ')} ${name}${oneLine(message)}`);
    }
  }

  /** Something that went wrong with a file (or with no file in particular). */
  problem(file: string | undefined, message: string): void {
    this.noted.problems++;
    if (this.options.json) this.json({ type: 'problem', ...(file ? { file } : {}), message });
    else
      this.line(
        `${paint(this.errorLook().color, 'red', 'problem   ')} ${file && !namedIn(message, file) ? `${shownName(file)}  ` : ''}${oneLine(message)}`,
        true,
      );
  }

  /** A state the bar says after its counts until it ends (undefined ends it). */
  note(text: string | undefined): void {
    this.barNote = text;
    this.draw();
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
    const note = this.barNote ? ` · ${this.barNote}` : '';
    const text = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${finished}/${total} done${parts ? ` · ${parts}` : ''}${note}`;
    this.io.stdout.write(`\r\x1b[2K${text}`);
    this.barShown = true;
  }
}

/** A job's addresses on the sandbox's loopback host, moved to the port the sandbox has now. */
function atSandbox(job: UploadJob, apiUrl: string): UploadJob {
  const now = new URL(apiUrl);
  const moved = (address: string | undefined): string | undefined => {
    if (address === undefined || !URL.canParse(address)) return address;
    const url = new URL(address);
    if (url.protocol !== now.protocol || url.hostname !== now.hostname || url.host === now.host) return address;
    url.host = now.host;
    return url.href;
  };
  return { ...job, htmlUrl: moved(job.htmlUrl), location: moved(job.location) };
}

/** Whether a sentence already names the file, so that the line does not say it twice. */
function namedIn(message: string, file: string): boolean {
  return message.includes(path.basename(file));
}

/** The line of a finished job; a published or scheduled one ends with the shot's address. */
export function finalLine(job: UploadJob, look: { color?: boolean; timeZone?: string } = {}): string {
  const name = shownName(job.sourcePath);
  const address = job.htmlUrl ? `  ${link(look.color, job.htmlUrl)}` : '';
  if (job.state === 'published')
    return `${paint(look.color, 'green', 'published ')} ${name}  shot ${job.shotId}${address}`;
  if (job.state === 'scheduled')
    return `${paint(look.color, 'cyan', 'scheduled ')} ${name}  shot ${job.shotId} for ${job.scheduledFor ? readableTime(job.scheduledFor, look.timeZone) : '?'}${address}`;
  if (job.state === 'failed')
    return `${paint(look.color, 'red', 'failed    ')} ${name}  ${oneLine(job.failure?.message ?? '')}${job.failure?.retryable ? ' (retry can help: shotput queue retry ' + job.id + ')' : ''}`;
  return `${job.state.padEnd(10)} ${name}`;
}

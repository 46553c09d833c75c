// The queue's memory on disk: an append-only file of JSON lines, one record per change. Replaying
// the lines gives back every job as it was last written; a line torn by a crash or power cut is
// skipped, never fatal. Each line is appended at once, in order; the fsyncs run off the event loop,
// grouped (journal-file.ts): from the moment a job goes to the service, its changes are on the disk
// before the queue acts on them or says so, because the queue awaits durable() (the attempt note is
// what keeps a crash from sending a shot twice); changes before that share an fsync a few
// milliseconds later (a job lost with them is simply prepared again). When the file has grown well
// past what it describes, it is rewritten off the loop (new file, fsync, rename, fsync the folder),
// with the lines appended meanwhile, so a crash during compaction leaves either the old file or the
// new one, whole.
import fs from 'node:fs';
import path from 'node:path';
import type { DailyCapState } from './daily-cap';
import { isWaiting } from './types';
import type { JobFailure, UploadJob } from './types';
import { scrubSecrets } from '../service/known-secrets';
import { diskWrite } from './disk-fault';
import { JournalFile } from './journal-file';
import { privateFolderSync } from './private-files';

export const JOURNAL_FILE = 'uploads-journal.jsonl';

export interface UploadedRecord {
  shotId: number;
  at: string;
}

type JournalRecord =
  | { t: 'job'; job: UploadJob }
  | { t: 'forget'; id: string }
  | { t: 'uploaded'; hash: string; shotId: number; at: string }
  /** The shot of this content was deleted: the content may be uploaded again. */
  | { t: 'unuploaded'; hash: string }
  /** The service's daily cap holds uploads until `until`; without `until`, the hold was lifted. */
  | { t: 'cap'; reason?: string; until?: string };

export interface JournalOptions {
  /** Compact once the file holds this many lines more than the live records need. */
  compactAfterLines?: number;
}

export class Journal {
  readonly jobs: Map<string, UploadJob>;
  /** Content hashes already published, kept after their jobs are cleared: no double uploads. */
  readonly uploaded: Map<string, UploadedRecord>;
  /** The daily cap's hold as last written, kept across runs until it ends. */
  dailyCap: DailyCapState | undefined;
  /** Lines that could not be read (a torn last line after a crash). */
  readonly skippedLines: number;
  private readonly out: JournalFile;
  private lines: number;
  private readonly compactAfter: number;

  private constructor(
    readonly dir: string,
    options: JournalOptions,
  ) {
    const file = path.join(dir, JOURNAL_FILE);
    this.compactAfter = options.compactAfterLines ?? 500;
    diskWrite(dir, () => privateFolderSync(dir));
    const replayed = replayJournal(file);
    this.jobs = replayed.jobs;
    this.uploaded = replayed.uploaded;
    this.dailyCap = replayed.dailyCap;
    this.lines = replayed.lines;
    this.skippedLines = replayed.skippedLines;
    this.out = new JournalFile(file, dir);
  }

  static open(dir: string, options: JournalOptions = {}): Journal {
    return new Journal(dir, options);
  }

  /** Reads the journal without opening it for writing (e.g. `shotput queue list`). */
  static read(dir: string): { jobs: UploadJob[]; uploaded: Map<string, UploadedRecord>; skippedLines: number } {
    const replayed = replayJournal(path.join(dir, JOURNAL_FILE));
    return { jobs: [...replayed.jobs.values()], uploaded: replayed.uploaded, skippedLines: replayed.skippedLines };
  }

  writeJob(job: UploadJob): void {
    // The queue owns the job objects; the map holds them as they are, the file holds the snapshot.
    this.jobs.set(job.id, job);
    // Before a job goes to the service, and from then on, its changes are fsynced at once (the
    // queue awaits durable() before it acts on them). Changes before that (queued, preparing,
    // ready, edits) are many, cheap to redo, and share one fsync a little later.
    this.append({ t: 'job', job }, !isWaiting(job.state));
  }

  forget(id: string): void {
    if (!this.jobs.delete(id)) return;
    this.append({ t: 'forget', id });
  }

  recordUploaded(hash: string, shotId: number): void {
    const record = { shotId, at: new Date().toISOString() };
    this.uploaded.set(hash, record);
    this.append({ t: 'uploaded', hash, ...record });
  }

  forgetUploaded(hash: string): void {
    if (!this.uploaded.delete(hash)) return;
    this.append({ t: 'unuploaded', hash });
  }

  writeCap(state: DailyCapState | undefined): void {
    this.dailyCap = state;
    this.append(state ? { t: 'cap', ...state } : { t: 'cap' });
  }

  /**
   * Resolves once everything written so far is on the disk (one fsync serves every caller that
   * waits meanwhile); rejects with a DiskFaultError when the disk refused it.
   */
  durable(): Promise<void> {
    return this.out.durable();
  }

  /** Waits for a running compaction and the last fsync, then closes the file. */
  close(): Promise<void> {
    return this.out.close();
  }

  /**
   * Rewrites the file with only the live records, off the event loop. After a write the disk
   * refused, this is also how everything known is written down again: the file is replaced whole,
   * so a line torn by the refusal is gone with it; until it is done, durable() waits for it.
   */
  compact(): Promise<void> {
    this.lines = this.jobs.size + this.uploaded.size;
    return this.out.replace(() =>
      this.liveRecords()
        .map((r) => `${recordLine(r)}\n`)
        .join(''),
    );
  }

  private liveRecords(): JournalRecord[] {
    const records: JournalRecord[] = [];
    for (const [hash, r] of this.uploaded) records.push({ t: 'uploaded', hash, ...r });
    for (const job of this.jobs.values()) records.push({ t: 'job', job });
    if (this.dailyCap && Date.parse(this.dailyCap.until) > Date.now()) records.push({ t: 'cap', ...this.dailyCap });
    return records;
  }

  private append(record: JournalRecord, durable = true): void {
    this.out.append(`${recordLine(record)}\n`, durable);
    this.lines++;
    // Compacted once the file holds twice the live records and more: at a thousand jobs a fixed
    // allowance would rewrite the whole file every few hundred changes (quadratic work and memory).
    const live = this.jobs.size + this.uploaded.size;
    if (this.lines > 2 * live + this.compactAfter && !this.out.rewriting)
      // A refusal here reaches whoever waits for durable(): it waits for this rewrite first.
      this.compact().catch(() => undefined);
  }
}

interface Replayed {
  jobs: Map<string, UploadJob>;
  uploaded: Map<string, UploadedRecord>;
  dailyCap: DailyCapState | undefined;
  lines: number;
  skippedLines: number;
}

function replayJournal(file: string): Replayed {
  const replayed: Replayed = { jobs: new Map(), uploaded: new Map(), dailyCap: undefined, lines: 0, skippedLines: 0 };
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return replayed;
    throw error;
  }
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    replayed.lines++;
    const record = parseRecord(line);
    if (!record) replayed.skippedLines++;
    else if (record.t === 'job') replayed.jobs.set(record.job.id, withFailureMessage(record.job));
    else if (record.t === 'forget') replayed.jobs.delete(record.id);
    else if (record.t === 'unuploaded') replayed.uploaded.delete(record.hash);
    else if (record.t === 'cap')
      replayed.dailyCap = record.reason && record.until ? { reason: record.reason, until: record.until } : undefined;
    else replayed.uploaded.set(record.hash, { shotId: record.shotId, at: record.at });
  }
  return replayed;
}

/**
 * A failure as this version keeps it, from whichever version journaled it: one that called its
 * sentence `reason` reads as one with `message`, and one from before codes were kept gets
 * `upload-failed`, the code of an upload that did not get through, so every failure has a code.
 */
function withFailureMessage(job: UploadJob): UploadJob {
  const failure = job.failure as (Partial<JobFailure> & { reason?: string }) | undefined;
  if (!failure || (typeof failure.message === 'string' && typeof failure.code === 'string')) return job;
  const message = failure.message ?? failure.reason ?? '';
  return { ...job, failure: { code: 'upload-failed', message, retryable: failure.retryable === true } };
}

function parseRecord(line: string): JournalRecord | undefined {
  try {
    const value = JSON.parse(line) as Partial<JournalRecord> | null;
    if (!value || typeof value !== 'object') return undefined;
    if (value.t === 'job' && value.job && typeof value.job.id === 'string' && typeof value.job.state === 'string')
      return value as JournalRecord;
    if (value.t === 'forget' && typeof value.id === 'string') return value as JournalRecord;
    if (value.t === 'unuploaded' && typeof value.hash === 'string') return value as JournalRecord;
    if (value.t === 'cap') return value as JournalRecord;
    if (value.t === 'uploaded' && typeof value.hash === 'string' && typeof value.shotId === 'number')
      return value as JournalRecord;
    return undefined;
  } catch {
    return undefined;
  }
}

/** A record as a line; a secret a service echoed into a job's message is never written down. */
function recordLine(record: JournalRecord): string {
  return scrubSecrets(JSON.stringify(record));
}

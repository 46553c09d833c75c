// The queue's memory on disk: an append-only file of JSON lines, one record per change,
// fsynced before the change is acted on from the moment a job goes to the service (changes before
// that share one fsync a few milliseconds later: a job lost with them is simply prepared again). Replaying the lines gives back every job as it was
// last written. A line torn by a crash or power cut is skipped, never fatal. When the file has
// grown well past what it describes, it is rewritten (new file, fsync, rename, fsync the folder)
// so a crash during compaction leaves either the old file or the new one, whole.
import fs from 'node:fs';
import path from 'node:path';
import type { DailyCapState } from './daily-cap';
import { isWaiting } from './types';
import type { JobFailure, UploadJob } from './types';
import { scrubSecrets } from '../service/known-secrets';
import { diskWrite } from './disk-fault';
import { openPrivateSync, privateFolderSync } from './private-files';

export const JOURNAL_FILE = 'uploads-journal.jsonl';

/** How soon the lines of waiting jobs (nothing sent to the service yet) are fsynced, together. */
const GROUP_SYNC_MS = 25;

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
  private fd: number;
  private lines: number;
  private readonly file: string;
  private readonly compactAfter: number;
  /** Lines written but not yet fsynced (grouped ones), and the timer that will sync them. */
  private unsynced = false;
  private syncTimer: NodeJS.Timeout | undefined;

  private constructor(
    readonly dir: string,
    options: JournalOptions,
  ) {
    this.file = path.join(dir, JOURNAL_FILE);
    this.compactAfter = options.compactAfterLines ?? 500;
    diskWrite(dir, () => privateFolderSync(dir));
    const replayed = replayJournal(this.file);
    this.jobs = replayed.jobs;
    this.uploaded = replayed.uploaded;
    this.dailyCap = replayed.dailyCap;
    this.lines = replayed.lines;
    this.skippedLines = replayed.skippedLines;
    this.fd = diskWrite(dir, () => openPrivateSync(this.file, 'append'));
    // A torn last line has no newline: start the next record on a line of its own.
    const size = fs.fstatSync(this.fd).size;
    if (size > 0 && !this.endsWithNewline(size)) this.appendRaw('\n');
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
    // Before a job goes to the service, and from then on, its changes are on the disk before the
    // queue acts on them (the attempt note is what keeps a crash from sending it twice). Changes
    // before that (queued, preparing, ready, edits) are many, cheap to redo, and share one fsync.
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

  close(): void {
    if (this.fd < 0) return;
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = undefined;
    if (this.unsynced) diskWrite(this.dir, () => fs.fsyncSync(this.fd));
    fs.closeSync(this.fd);
    this.fd = -1;
  }

  /**
   * Rewrites the file with only the live records. After a write the disk refused, this is also
   * how everything known is written down again: the file is replaced whole, so a line torn by the
   * refusal is gone with it.
   */
  compact(): void {
    diskWrite(this.dir, () => this.rewrite());
  }

  private rewrite(): void {
    const tmp = `${this.file}.compact`;
    const body = this.liveRecords()
      .map((r) => `${recordLine(r)}\n`)
      .join('');
    const out = openPrivateSync(tmp, 'replace');
    try {
      fs.writeSync(out, body);
      fs.fsyncSync(out);
    } finally {
      fs.closeSync(out);
    }
    fs.renameSync(tmp, this.file);
    syncDirectory(this.dir);
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = openPrivateSync(this.file, 'append');
    this.unsynced = false;
    this.lines = this.jobs.size + this.uploaded.size;
  }

  private liveRecords(): JournalRecord[] {
    const records: JournalRecord[] = [];
    for (const [hash, r] of this.uploaded) records.push({ t: 'uploaded', hash, ...r });
    for (const job of this.jobs.values()) records.push({ t: 'job', job });
    if (this.dailyCap && Date.parse(this.dailyCap.until) > Date.now()) records.push({ t: 'cap', ...this.dailyCap });
    return records;
  }

  private append(record: JournalRecord, durable = true): void {
    if (this.fd < 0) throw new Error('The upload journal is closed.');
    this.appendRaw(`${recordLine(record)}\n`, durable);
    this.lines++;
    // Compacted once the file holds twice the live records and more: at a thousand jobs a fixed
    // allowance would rewrite the whole file every few hundred changes (quadratic work and memory).
    const live = this.jobs.size + this.uploaded.size;
    if (this.lines > 2 * live + this.compactAfter) this.compact();
  }

  private appendRaw(text: string, durable = true): void {
    const data = Buffer.from(text);
    diskWrite(this.dir, () => {
      // A nearly full disk may take part of the line: write the rest, which fails with the reason.
      for (let written = 0; written < data.length;) written += fs.writeSync(this.fd, data, written);
      // One fsync covers every line written before it: a durable line also settles the grouped ones.
      if (durable) {
        fs.fsyncSync(this.fd);
        this.unsynced = false;
      } else this.syncSoon();
    });
  }

  /** Grouped lines reach the disk together, soon, off the event loop (the fsync runs in libuv's pool). */
  private syncSoon(): void {
    this.unsynced = true;
    if (this.syncTimer) return;
    this.syncTimer = setTimeout(() => {
      this.syncTimer = undefined;
      if (this.fd < 0 || !this.unsynced) return;
      this.unsynced = false;
      // A refusal here is met again by the next durable line's fsync, which reports it.
      fs.fsync(this.fd, (error) => {
        if (error) this.unsynced = true;
      });
    }, GROUP_SYNC_MS);
    this.syncTimer.unref();
  }

  private endsWithNewline(size: number): boolean {
    const fd = fs.openSync(this.file, 'r');
    try {
      const last = Buffer.alloc(1);
      fs.readSync(fd, last, 0, 1, size - 1);
      return last[0] === 0x0a;
    } finally {
      fs.closeSync(fd);
    }
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

function syncDirectory(dir: string): void {
  // Makes the rename itself durable. Some platforms (Windows) cannot open a folder: skip there.
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // best effort
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

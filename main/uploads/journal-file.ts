// The journal's file as the event loop sees it: lines are appended in order with one short
// writeSync each (into the page cache: microseconds, and the file's order is the order of the
// calls), and made durable off the loop by fsyncs in libuv's pool, grouped: one fsync covers every
// line written before it starts, and lines that arrive while it runs share the next one. A caller
// that must not act before its line is on the disk awaits durable(). Rewrites (compaction) run in
// the same worker, also off the loop, so an fsync never races a rename.
import fs from 'node:fs';
import { DiskFaultError, diskWrite, queueDiskFault } from './disk-fault';
import { openPrivateSync, PRIVATE_FLAGS } from './private-files';

/** How soon lines nobody waits for (jobs not sent yet) are fsynced, together. */
export const GROUP_SYNC_MS = 25;

interface Waiter {
  /** Resolved once the lines up to this count are on the disk. */
  upTo: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

interface Rewrite {
  /** The file's whole new content, built when the rewrite starts (the live state at that moment). */
  body: () => string;
  done: Waiter[];
}

export class JournalFile {
  private fd: number;
  /** Lines appended so far, and how many of them the last finished fsync covers. */
  private written = 0;
  private synced = 0;
  private waiters: Waiter[] = [];
  private syncWanted = false;
  private groupTimer: NodeJS.Timeout | undefined;
  private worker: Promise<void> | undefined;
  private kickQueued = false;
  private rewrite: Rewrite | undefined;
  /** While a rewrite runs: the lines appended since it took the live state, for the new file. */
  private carried: string[] | undefined;
  /** An fsync the disk refused: no line counts as durable until a rewrite puts everything down again. */
  private fault: Error | undefined;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly dir: string,
  ) {
    this.fd = diskWrite(dir, () => openPrivateSync(file, 'append'));
    // A torn last line has no newline: start the next record on a line of its own.
    const size = fs.fstatSync(this.fd).size;
    if (size > 0 && !endsWithNewline(file, size)) this.append('\n', false);
  }

  /**
   * Appends one line; a refusal of the disk is thrown here (a DiskFaultError). `durable` lines are
   * fsynced as soon as the worker is free; the others within GROUP_SYNC_MS.
   */
  append(text: string, durable: boolean): void {
    if (this.closing) throw new Error('The upload journal is closed.');
    writeAll(this.dir, this.fd, text);
    this.written++;
    this.carried?.push(text);
    if (durable) this.syncNow();
    else this.syncSoon();
  }

  /** Resolves once every line appended so far is on the disk; rejects with the disk's refusal. */
  durable(): Promise<void> {
    // A rewrite asked for after the fault (the queue resumed) is what puts everything down again.
    if (this.fault && !this.rewriting) return Promise.reject(this.fault);
    if (this.synced >= this.written) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ upTo: this.written, resolve, reject });
      this.syncNow();
    });
  }

  /**
   * Replaces the file with `body()` (taken when the rewrite starts), plus the lines appended while
   * it runs; resolves once the new file and its name are on the disk. Either the old file or the
   * new one is there whole at any instant. A successful rewrite also ends an earlier fault.
   */
  replace(body: () => string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.rewrite ??= { body, done: [] };
      this.rewrite.body = body;
      this.rewrite.done.push({ upTo: 0, resolve, reject });
      this.kick();
    });
  }

  /** Whether a rewrite is asked for or running (the journal asks for one at a time). */
  get rewriting(): boolean {
    return this.rewrite !== undefined || this.carried !== undefined;
  }

  /** Waits for a running rewrite and the last fsync, then closes; rejects when that fsync fails. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.groupTimer) clearTimeout(this.groupTimer);
      this.groupTimer = undefined;
      try {
        // After a refused fsync the queue has said so already; the file is put right by the next run.
        if (!this.fault) await this.durable();
      } finally {
        while (this.worker) await this.worker;
        fs.closeSync(this.fd);
        this.fd = -1;
      }
    })();
    return this.closing;
  }

  private syncNow(): void {
    this.syncWanted = true;
    this.kick();
  }

  private syncSoon(): void {
    if (this.groupTimer) return;
    this.groupTimer = setTimeout(() => {
      this.groupTimer = undefined;
      this.syncNow();
    }, GROUP_SYNC_MS);
    this.groupTimer.unref();
  }

  /**
   * Starts the worker after the current synchronous run: every line written in the same tick (a
   * batch of changes, a job and its record of uploaded content) goes into the same fsync.
   */
  private kick(): void {
    if (this.worker || this.kickQueued) return;
    this.kickQueued = true;
    queueMicrotask(() => {
      this.kickQueued = false;
      if (this.worker) return;
      this.worker = this.work().finally(() => {
        this.worker = undefined;
        if (this.rewrite || (this.syncWanted && this.written > this.synced && !this.fault)) this.kick();
      });
    });
  }

  private async work(): Promise<void> {
    for (;;) {
      if (this.rewrite) await this.runRewrite(this.rewrite);
      else if (this.syncWanted && this.written > this.synced && !this.fault) await this.syncOnce();
      else {
        this.syncWanted = false;
        return;
      }
    }
  }

  private async syncOnce(): Promise<void> {
    this.syncWanted = false;
    const upTo = this.written;
    try {
      await call<void>((done) => fs.fsync(this.fd, done));
      this.synced = Math.max(this.synced, upTo);
      this.settle();
    } catch (error) {
      this.refused(error);
    }
  }

  private async runRewrite(rewrite: Rewrite): Promise<void> {
    this.rewrite = undefined;
    const tmp = `${this.file}.compact`;
    let out: number | undefined;
    this.carried = [];
    try {
      const body = rewrite.body();
      out = await call<number>((done) => fs.open(tmp, PRIVATE_FLAGS.replace, 0o600, done));
      if (process.platform !== 'win32') await call<void>((done) => fs.fchmod(out!, 0o600, done));
      let text = body;
      let covered: number;
      // Lines appended meanwhile follow the body, until none came while the new file was fsynced:
      // then the new file holds every line written so far, on the disk, before it takes the name.
      for (;;) {
        covered = this.written;
        await writeAllAsync(out, text);
        await call<void>((done) => fs.fsync(out!, done));
        text = this.carried.splice(0).join('');
        if (text === '') break;
      }
      await call<void>((done) => fs.rename(tmp, this.file, done));
      const old = this.fd;
      this.fd = out;
      out = undefined;
      // Lines appended during the rename went to the old file only: the new one takes them too.
      const late = this.carried.splice(0).join('');
      this.carried = undefined;
      if (late !== '') writeAll(this.dir, this.fd, late);
      fs.close(old, () => undefined);
      // Makes the rename durable; until then a line counts as on the disk in neither file.
      await syncDirectory(this.dir);
      this.fault = undefined;
      this.synced = Math.max(this.synced, covered);
      if (this.written > this.synced) this.syncWanted = true;
      for (const waiter of rewrite.done) waiter.resolve();
      this.settle();
    } catch (error) {
      this.carried = undefined;
      if (out !== undefined) fs.close(out, () => undefined);
      fs.rm(tmp, { force: true }, () => undefined);
      const fault = this.refused(error);
      for (const waiter of rewrite.done) waiter.reject(fault);
    }
  }

  private settle(): void {
    const still: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.upTo <= this.synced) waiter.resolve();
      else still.push(waiter);
    }
    this.waiters = still;
  }

  /** Every waiter hears the refusal (the lines' fate is unknown), and the later ones too, until a rewrite. */
  private refused(error: unknown): Error {
    const fault: Error = queueDiskFault(error, this.dir) ?? (error as Error);
    if (fault instanceof DiskFaultError) this.fault = fault;
    for (const waiter of this.waiters.splice(0)) waiter.reject(fault);
    return fault;
  }
}

/** A nearly full disk may take part of a line: write the rest, which fails with the reason. */
function writeAll(dir: string, fd: number, text: string): void {
  const data = Buffer.from(text);
  diskWrite(dir, () => {
    for (let written = 0; written < data.length;) written += fs.writeSync(fd, data, written);
  });
}

async function writeAllAsync(fd: number, text: string): Promise<void> {
  const data = Buffer.from(text);
  for (let written = 0; written < data.length;)
    written += await call<number>((done) => fs.write(fd, data, written, data.length - written, null, done));
}

/** A callback of node:fs as a promise, looked up at the call (so a test's spy on fs sees it). */
function call<T>(start: (done: (error: NodeJS.ErrnoException | null, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => start((error, value) => (error ? reject(error) : resolve(value as T))));
}

async function syncDirectory(dir: string): Promise<void> {
  // Some platforms (Windows) cannot open a folder: skip there.
  let fd: number | undefined;
  try {
    fd = await call<number>((done) => fs.open(dir, 'r', done));
    await call<void>((done) => fs.fsync(fd!, done));
  } catch {
    // best effort
  } finally {
    if (fd !== undefined) fs.close(fd, () => undefined);
  }
}

function endsWithNewline(file: string, size: number): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const last = Buffer.alloc(1);
    fs.readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    fs.closeSync(fd);
  }
}

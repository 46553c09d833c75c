// One process owns an upload journal at a time. The lock is a file naming the owner: its pid and,
// where the system says it, when that process started. A lock left by a process that no longer
// runs (killed, crashed, the machine restarted) is taken over. The start time is what tells a
// stale lock from a live one: the system hands a dead process's pid to the next process that
// starts (Linux counts to 32,768 by default), so a pid alone could name a browser or a shell and
// keep every later run out.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fail, ok } from '../../common/problem';
import type { Result } from '../../common/problem';
import { openPrivateSync, privateFolderSync } from './private-files';

export const LOCK_FILE = 'uploads.lock';

interface LockOwner {
  pid: number;
  /** When the process started, in the system's own terms; undefined where it cannot be learnt. */
  started: string | undefined;
}

/** The lock, answered with the function that releases it. */
export function acquireLock(dir: string): Result<() => void> {
  privateFolderSync(dir);
  const file = path.join(dir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, started: startTimeOf(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createWithContent(file, `${me.pid} ${me.started ?? ''}`)) {
      let released = false;
      return ok(() => {
        if (released) return;
        released = true;
        if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      });
    }
    const owner = readOwner(file);
    if (owner !== undefined && owner.pid !== process.pid && isRunning(owner))
      return fail(
        'locked',
        `Another Shotput process (pid ${owner.pid}) is running this upload queue; stop it first or use another data directory.`,
      );
    fs.rmSync(file, { force: true });
  }
  return fail('locked', 'Could not take the upload queue lock.');
}

/**
 * Creates `file` already holding `content`, or answers false when it exists. Written beside it and
 * linked into place, so no other process ever reads the lock empty (and takes it for a stale one).
 */
function createWithContent(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}.new`;
  const fd = openPrivateSync(draft, 'replace');
  try {
    fs.writeSync(fd, content);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const [pidText, started] = fs.readFileSync(file, 'utf8').trim().split(' ');
    const pid = Number.parseInt(pidText ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, started: started || undefined } : undefined;
  } catch {
    return undefined;
  }
}

/** The lock's owner still runs: its pid is taken, by the process that started when the lock says. */
function isRunning(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.started === undefined) return true;
  const started = startTimeOf(owner.pid);
  return started === undefined || started === owner.started;
}

/** When a process started: Linux's clock ticks since boot, macOS's start date; undefined elsewhere. */
export function startTimeOf(pid: number): string | undefined {
  try {
    if (process.platform === 'linux') {
      // Field 22 of stat; the command name (field 2) may hold spaces, so count after its ')'.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    }
    if (process.platform === 'darwin') {
      const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8' }).trim();
      return started.replace(/\s+/g, '_') || undefined;
    }
  } catch {
    // The process is gone, or the system does not say.
  }
  return undefined;
}

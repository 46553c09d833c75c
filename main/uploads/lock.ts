// One process owns an upload journal at a time. The lock is a file holding the owner's pid;
// a lock left by a process that no longer runs (killed, crashed) is taken over.
import fs from 'node:fs';
import path from 'node:path';
import { fail, ok } from '../../common/problem';
import type { Result } from '../../common/problem';
import { openPrivateSync, privateFolderSync } from './private-files';

export const LOCK_FILE = 'uploads.lock';

/** The lock, answered with the function that releases it. */
export function acquireLock(dir: string): Result<() => void> {
  privateFolderSync(dir);
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openPrivateSync(file, 'create');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return ok(() => {
        if (released) return;
        released = true;
        if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = readPid(file);
      if (pid !== undefined && pid !== process.pid && isAlive(pid))
        return fail(
          'locked',
          `Another Shotput process (pid ${pid}) is running this upload queue; stop it first or use another data directory.`,
        );
      fs.rmSync(file, { force: true });
    }
  }
  return fail('locked', 'Could not take the upload queue lock.');
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// The upload queue's lock tells a live owner from a stale lock whose pid the system has handed to
// another process since (a CLI killed, then any program started with its number).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, acquireLock, startTimeOf } from '../../main/uploads/lock';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux' || process.platform === 'darwin')('the upload queue lock', () => {
  it('takes over a lock whose pid now belongs to a process started later', () => {
    // The parent runs, but it is not the process that wrote this lock: that one started at tick 1.
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${process.ppid} 1`);
    const lock = acquireLock(dir);
    expect(lock.ok).toBe(true);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid)}`);
    if (lock.ok) lock.value();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses while the process that wrote the lock runs, naming it', async () => {
    const owner = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => owner.once('spawn', resolve));
      fs.writeFileSync(path.join(dir, LOCK_FILE), `${owner.pid} ${startTimeOf(owner.pid!)}`);
      const lock = acquireLock(dir);
      expect(lock).toMatchObject({
        ok: false,
        error: {
          message: `Another Shotput process (pid ${owner.pid}) is running this upload queue; stop it first or use another data directory.`,
        },
      });
      owner.kill('SIGKILL');
      await new Promise((resolve) => owner.once('exit', resolve));
      expect(acquireLock(dir).ok).toBe(true);
    } finally {
      owner.kill('SIGKILL');
    }
  });

  it('a lock written by an older version (a pid only) still keeps a second process out', () => {
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(process.ppid));
    expect(acquireLock(dir).ok).toBe(false);
  });
});

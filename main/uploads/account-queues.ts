// Where each account's upload queue lives: <data folder>/uploads/<service>/<user id>/, for the desktop
// app and the CLI alike. A queue holds only the jobs, known uploads and daily-cap count of the account
// it is filed under, so a run signed in to one account never sends, checks or reports another's files.
// Each folder carries a small owner file naming the service and account, for `shotput queue list`.
//
// Earlier versions of the CLI kept one journal in the data folder itself for every service and
// account. It is moved here once: jobs that record their owner go to that owner's queue; the rest
// (no earlier version recorded one) go to a queue of their own that no run sends, because guessing
// the account would publish someone's files where they were never meant to go.
import fs from 'node:fs';
import path from 'node:path';
import { JOURNAL_FILE, Journal } from './journal';
import { acquireLock } from './lock';
import { DELETED_SHOTS_FILE } from './deleted-shots';
import { privateFolderSync } from './private-files';
import type { JobOwner, UploadJob } from './types';

export const OWNER_FILE = 'owner.json';
/** The folder, under uploads/, of jobs from the single journal that recorded no account. */
export const UNRECORDED_FOLDER = 'unrecorded';

/** What an account's queue folder says of itself. */
export interface QueueOwner extends JobOwner {
  /** The account's handle, for people (it may change; the id does not). */
  login?: string;
  /** The service's API address when it has one worth showing (not the bundled sandbox's port). */
  apiUrl?: string;
}

/** One queue folder of a data folder: an account's, or the unrecorded jobs of an earlier version. */
export interface QueueFolder {
  dir: string;
  /** Undefined for the queue of jobs whose account was never recorded. */
  owner: QueueOwner | undefined;
}

/** A folder name from a service id ("sandbox", "dribbble", "http://127.0.0.1:4000"). */
export function serviceSegment(serviceId: string): string {
  return serviceId.replace(/[^a-z0-9._-]+/gi, '_').slice(0, 80);
}

/** The queue folder of one account of one service. */
export function accountQueueDir(dataDir: string, owner: JobOwner): string {
  return path.join(dataDir, 'uploads', serviceSegment(owner.service), String(owner.userId));
}

/** Writes the owner file of an account's queue folder (when missing or changed). */
export function recordQueueOwner(dir: string, owner: QueueOwner): void {
  const file = path.join(dir, OWNER_FILE);
  const text = `${JSON.stringify(owner)}\n`;
  try {
    if (fs.readFileSync(file, 'utf8') === text) return;
  } catch {
    // Not written yet.
  }
  privateFolderSync(dir);
  fs.writeFileSync(`${file}.tmp`, text, { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
}

/** Every queue folder of a data folder that holds a journal, the unrecorded one last. */
export function queueFolders(dataDir: string): QueueFolder[] {
  const root = path.join(dataDir, 'uploads');
  const found: QueueFolder[] = [];
  for (const service of readDir(root)) {
    if (service === UNRECORDED_FOLDER) continue;
    for (const user of readDir(path.join(root, service))) {
      const dir = path.join(root, service, user);
      if (!fs.existsSync(path.join(dir, JOURNAL_FILE))) continue;
      found.push({ dir, owner: readOwner(dir) ?? { service, userId: Number(user) } });
    }
  }
  const unrecorded = path.join(root, UNRECORDED_FOLDER);
  if (fs.existsSync(path.join(unrecorded, JOURNAL_FILE))) found.push({ dir: unrecorded, owner: undefined });
  return found;
}

function readOwner(dir: string): QueueOwner | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8')) as QueueOwner;
    return typeof owner.service === 'string' && Number.isInteger(owner.userId) ? owner : undefined;
  } catch {
    return undefined;
  }
}

function readDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/**
 * Moves the single journal of an earlier version (in the data folder itself) into per-account
 * queues, once: each job to its recorded owner's queue, the others to the unrecorded queue with the
 * known uploads and deleted shots, which name no account either. Refused (left as it is) while
 * another process owns that journal. Answers how many jobs went where.
 */
export async function migrateSingleJournal(
  dataDir: string,
): Promise<{ moved: number; unrecorded: number } | undefined> {
  const legacy = path.join(dataDir, JOURNAL_FILE);
  if (!fs.existsSync(legacy)) return undefined;
  const lock = acquireLock(dataDir);
  if (!lock.ok) return undefined;
  try {
    if (!fs.existsSync(legacy)) return undefined;
    const { jobs } = Journal.read(dataDir);
    const byOwner = new Map<string, { owner: JobOwner; jobs: UploadJob[] }>();
    for (const job of jobs) {
      if (!job.owner) continue;
      const dir = accountQueueDir(dataDir, job.owner);
      const entry = byOwner.get(dir) ?? { owner: job.owner, jobs: [] };
      entry.jobs.push(job);
      byOwner.set(dir, entry);
    }
    for (const [dir, entry] of byOwner) {
      const journal = Journal.open(dir);
      try {
        for (const job of entry.jobs) if (!journal.jobs.has(job.id)) journal.writeJob(job);
      } finally {
        await journal.close();
      }
      recordQueueOwner(dir, entry.owner);
    }
    const moved = [...byOwner.values()].reduce((n, e) => n + e.jobs.length, 0);
    // The whole file goes to the unrecorded queue, so its known uploads are kept; the jobs moved out
    // of it are forgotten there first, so each job lives in one queue only.
    const unrecordedDir = path.join(dataDir, 'uploads', UNRECORDED_FOLDER);
    privateFolderSync(unrecordedDir);
    for (const name of [JOURNAL_FILE, DELETED_SHOTS_FILE]) {
      const from = path.join(dataDir, name);
      if (fs.existsSync(from)) fs.renameSync(from, path.join(unrecordedDir, name));
    }
    if (moved > 0) {
      const rest = Journal.open(unrecordedDir);
      try {
        for (const [, entry] of byOwner) for (const job of entry.jobs) rest.forget(job.id);
      } finally {
        await rest.close();
      }
    }
    return { moved, unrecorded: jobs.length - moved };
  } finally {
    lock.value();
  }
}

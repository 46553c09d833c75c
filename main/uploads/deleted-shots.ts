// Shots deleted by another process (`shotput shots delete` while a watch owns the queue): their
// ids are appended to a small file beside the journal, which the queue reads before it decides
// whether content is already on the service. A deleted shot's content may then be uploaded again.
import fs from 'node:fs';
import path from 'node:path';
import { openPrivateSync, privateFolderSync } from './private-files';

export const DELETED_SHOTS_FILE = 'deleted-shots.txt';

/** Notes a deleted shot for the queue of `dataDir`; best effort (the queue also re-reads its shots). */
export function noteDeletedShot(dataDir: string, shotId: number): void {
  try {
    privateFolderSync(dataDir);
    const fd = openPrivateSync(path.join(dataDir, DELETED_SHOTS_FILE), 'append');
    try {
      fs.writeSync(fd, `${shotId}\n`);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // The shot is deleted either way; at worst its content is reported as uploaded until --force.
  }
}

/** Reads the file again only when it grew. */
export class DeletedShots {
  private readSize = 0;

  constructor(private readonly dataDir: string) {}

  /** Ids noted since the last call. */
  news(): number[] {
    const file = path.join(this.dataDir, DELETED_SHOTS_FILE);
    let size: number;
    try {
      size = fs.statSync(file).size;
    } catch {
      return [];
    }
    if (size <= this.readSize) return [];
    const text = fs.readFileSync(file, 'utf8').slice(this.readSize);
    this.readSize = size;
    return text
      .split('\n')
      .map((line) => Number(line))
      .filter((id) => Number.isInteger(id) && id > 0);
  }
}

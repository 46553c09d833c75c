// What one watched folder did in this run, as its card shows it: its counts, the files not sent
// because their content was uploaded before (with "upload anyway"), the entries it does not take
// (not an image, a folder too deep) and the files that could not be read or sent, each named with
// why. The lists keep the newest few dozen; a file named again moves to the top.
import path from 'node:path';
import type { FolderCounts, WatchEvent } from '../uploads/index';
import type { WatchFolderView } from '../../common/contract/index';

const MAX_LISTED = 50;

type Listed = WatchFolderView['skipped'];

export class FolderActivity {
  private counts: FolderCounts = { seen: 0, uploaded: 0, skipped: 0, failed: 0 };
  private skipped: Listed = [];
  private notTaken: Listed = [];
  private failures: Listed = [];
  /** Files sent with "upload anyway" that reached the service (the watcher does not count them). */
  private uploadedAnyway = 0;

  /** Takes in one event of the folder's watcher. */
  record(event: WatchEvent): void {
    if (event.type === 'counts') this.counts = event.counts;
    else if (event.type === 'skipped' && event.notTaken)
      this.notTaken = listFirst(this.notTaken, event.file, event.message);
    else if (event.type === 'skipped') this.skipped = listFirst(this.skipped, event.file, skippedSentence(event));
    else if (event.type === 'failed' || (event.type === 'error' && event.file !== undefined))
      this.failures = listFirst(this.failures, event.file!, event.message);
    // Taken again (fixed, or sent anyway): no longer a failure.
    else if (event.type === 'taken') this.failures = this.failures.filter((entry) => entry.file !== event.file);
  }

  /** A skipped file was sent anyway: it leaves the list. */
  sentAnyway(file: string): void {
    this.skipped = this.skipped.filter((entry) => entry.file !== file);
  }

  /** A file sent anyway reached the service. */
  uploaded(): void {
    this.uploadedAnyway += 1;
  }

  view(): Pick<WatchFolderView, 'counts' | 'skipped' | 'notTaken' | 'failures'> {
    return {
      counts: { ...this.counts, uploaded: this.counts.uploaded + this.uploadedAnyway },
      skipped: this.skipped,
      notTaken: this.notTaken,
      failures: this.failures,
    };
  }
}

function listFirst(list: Listed, file: string, message: string): Listed {
  const entry = { file, name: path.basename(file), message };
  return [entry, ...list.filter((listed) => listed.file !== file)].slice(0, MAX_LISTED);
}

/**
 * Why a file was not sent, in the desktop's words: the queue's sentence names a shot by its number
 * and says what to type on a command line; here a button beside it sends the file anyway.
 */
function skippedSentence(event: Extract<WatchEvent, { type: 'skipped' }>): string {
  const name = path.basename(event.file);
  if (event.shotId === undefined) return `${name} is already in the upload queue.`;
  return `${name} is already on the service${event.from && event.from !== name ? `, uploaded from ${event.from}` : ''}.`;
}

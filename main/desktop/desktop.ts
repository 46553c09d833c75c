// Everything the desktop window works with, in plain Node, wired together: the session (which
// account), the drafts, the upload queue of the signed-in account and the watched folders that
// feed it. main/app builds it once after 'ready' and closes it before quitting.
import path from 'node:path';
import type { UploadQueueOptions } from '../uploads/index';
import type { PrepareChoice } from '../../common/contract/index';
import { DesktopSession } from './desktop-session';
import type { DesktopSessionOptions } from './desktop-session';
import { Drafts } from './drafts';
import { DraftKeeper } from './draft-keeper';
import { DraftCopies } from './draft-copies';
import { UploadCenter } from './upload-center';
import { WatchFolders } from './watch-folders';
import { windowDraftMotion } from './draft-motion';
import { WindowMotion } from './window-motion';

/** How long the window's lists wait at most for the start's account to be checked. */
const SETTLE_MS = 30_000;

/** Settles when `promise` does, or after `ms`, whichever is first. */
function atMost(promise: Promise<void>, ms: number): Promise<void> {
  return Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
}

export interface DesktopOptions extends DesktopSessionOptions {
  /** The prepare choice of a new draft (Settings' defaults). */
  prepareDefaults: () => PrepareChoice;
  queueOptions?: UploadCenterTuning;
  watchStableMs?: number;
  draftConcurrency?: number;
  /** How long draft edits are gathered into one write to disk (default 400 ms; at most a second). */
  draftSaveDelayMs?: number;
}

export type UploadCenterTuning = Partial<Omit<UploadQueueOptions, 'dataDir' | 'service' | 'preparer'>>;

export interface Desktop {
  session: DesktopSession;
  drafts: Drafts;
  /** Where the drafts are kept on disk (per account). */
  keeper: DraftKeeper;
  uploads: UploadCenter;
  watch: WatchFolders;
  /** Clips decoded by the window's Worker. */
  motion: WindowMotion;
  close(): Promise<void>;
}

export async function openDesktop(options: DesktopOptions): Promise<Desktop> {
  const log = options.log ?? (() => {});
  const uploads = new UploadCenter({ dataDir: options.dataDir, queueOptions: options.queueOptions, log });
  const watch = await WatchFolders.open({ dataDir: options.dataDir, stableMs: options.watchStableMs, log });
  const motion = new WindowMotion();
  // What each draft read is kept on disk, for its next framing, a restart and the queue; copies
  // left by a run that stopped midway go before any draft is read.
  const copies = new DraftCopies(options.dataDir);
  await copies.sweep();
  const drafts = new Drafts({
    pasteDir: path.join(options.dataDir, 'pasted'),
    defaults: options.prepareDefaults,
    concurrency: options.draftConcurrency,
    uploadedAs: (file) => uploads.uploadedAs(file),
    // Called on changes only, which come after the keeper below exists.
    onDirty: () => keeper.changed(),
    windowMotion: (file, choice, shownAs) => windowDraftMotion(motion, file, choice, shownAs),
    copies,
  });
  // Drafts are kept on disk per account as they are made, like the queue (draft-keeper.ts).
  const keeper = new DraftKeeper(drafts, {
    dataDir: options.dataDir,
    delayMs: options.draftSaveDelayMs,
    log,
    onFolder: (folder) => copies.showing(folder),
  });
  void keeper.useAccount(undefined);
  uploads.on('opened', (queue) => void watch.attach(queue));
  const session = await DesktopSession.open(options);
  session.events.on('account', (account) => {
    void uploads.useAccount(account);
    void keeper.useAccount(account);
  });
  // The session may have restored an account before we listened.
  if (session.account()) {
    void uploads.useAccount(session.account());
    void keeper.useAccount(session.account());
  }
  // The window's lists of drafts and of the queue answer once those of the account the app starts
  // in are back; a start that takes long (a slow service) stops holding them after a while.
  drafts.settled = atMost(
    session.started.then(() => keeper.useAccount(session.account())),
    SETTLE_MS,
  );
  uploads.settled = atMost(
    session.started.then(() => uploads.useAccount(session.account())),
    SETTLE_MS,
  );

  let closing: Promise<void> | undefined;
  return {
    session,
    drafts,
    keeper,
    uploads,
    watch,
    motion,
    close() {
      closing ??= (async () => {
        // Every edit is on disk before the drafts close: nothing to confirm on quit.
        await keeper.close();
        drafts.close();
        // A preparation under way may still be keeping what its draft read: on the disk first.
        await copies.close();
        await watch.close();
        await uploads.close();
        await session.close();
      })();
      return closing;
    },
  };
}

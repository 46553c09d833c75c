// Which drafts are kept where: the signed-in account's drafts in its own folder (beside its upload
// queue), the drafts dropped while nobody is signed in in a folder of their own until someone signs
// in, who then takes them. A sign-out puts the account's drafts away (saved, then let go from
// memory) and the same account's next sign-in brings them back with every edit.
import path from 'node:path';
import { accountFolder } from './account-folder';
import { DraftStore } from './draft-store';
import type { Drafts } from './drafts';

export interface DraftOwner {
  endpoint: { id: string };
  user: { id: number };
}

export interface DraftKeeperOptions {
  dataDir: string;
  /** How long edits are gathered into one write (at most a second). */
  delayMs?: number;
  log?: (message: string) => void;
  /** The drafts of this folder are now the ones in memory. */
  onFolder?: (folder: string) => void;
}

export class DraftKeeper {
  private store: DraftStore | undefined;
  private folder: string | undefined;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /**
   * A change came while no store was there to mark (a switch reading its folder's file): the next
   * store saves it. Without this, a draft added or edited in that moment was written only by a
   * later change, and a quit before one lost it.
   */
  private changedWithoutStore = false;
  private readonly signedOutFolder: string;

  constructor(
    private readonly drafts: Drafts,
    private readonly options: DraftKeeperOptions,
  ) {
    this.signedOutFolder = path.join(options.dataDir, 'drafts', 'signed-out');
  }

  /** A draft was added, edited or removed: saved within the store's delay. */
  changed(): void {
    if (this.store) this.store.schedule();
    else this.changedWithoutStore = true;
  }

  /** The drafts of this account (or of nobody) become the ones shown; one switch at a time, in order. */
  useAccount(account: DraftOwner | undefined): Promise<void> {
    this.queue = this.queue
      .then(() => this.switchTo(account))
      .catch((error: unknown) => {
        this.options.log?.(
          `The drafts could not be switched: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    return this.queue;
  }

  /** Writes what is pending now (quitting, a test). */
  async flush(): Promise<void> {
    await this.queue;
    await this.store?.flush();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    await this.store?.close();
  }

  private async switchTo(account: DraftOwner | undefined): Promise<void> {
    if (this.closed) return;
    const folder = account ? accountFolder(this.options.dataDir, 'drafts', account) : this.signedOutFolder;
    if (folder === this.folder) return;
    const previous = this.store;
    const adopting = this.folder === this.signedOutFolder && account !== undefined && this.drafts.list().length > 0;
    this.store = undefined;
    await previous?.close();
    // Another account's drafts are saved in its folder: they leave memory. Drafts dropped while
    // signed out stay, and become the new account's.
    if (!adopting) this.drafts.clear();
    this.folder = folder;
    this.options.onFolder?.(folder);
    const store = new DraftStore({
      folder,
      snapshot: () => this.drafts.stored(),
      delayMs: this.options.delayMs,
      log: this.options.log,
    });
    this.drafts.restore(await store.load());
    this.store = store;
    if (this.changedWithoutStore) store.schedule();
    this.changedWithoutStore = false;
    if (!adopting) return;
    store.schedule();
    await store.flush();
    // Now kept by the account, the signed-out folder lets them go.
    const emptied = new DraftStore({ folder: this.signedOutFolder, snapshot: () => [], log: this.options.log });
    emptied.schedule();
    await emptied.close();
  }
}

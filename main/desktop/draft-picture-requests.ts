// The window's requests for drafts' pictures (app://shotput/draft-pictures/…), answered when the
// picture is there and waited for while it can still come:
// - A draft being prepared: until its preparation ends, however long a clip takes on a slow
//   machine. A fixed wait ran out first under load, and the card showed a broken picture for good.
// - A draft not held (up to PICTURE_WAIT_MS): after the engine's process restarts, the window still
//   names the last run's drafts and pictures, and they come back in steps. The signed-out drafts
//   come back first (often none), the account's only once the service has accepted the saved
//   sign-in, and a switch of account lets drafts go before the next ones come. No restore along the
//   way means "this draft is gone", so only one that brings the draft ends that wait early.
// A request for a draft that is ready or failed is answered at once: its picture is what it is. So
// is one whose draft goes while it waits.
import type { DraftView } from '../../common/contract/index';
import type { DraftPictureKind, DraftPictures, Picture } from './draft-pictures';
import { TimedWaits } from './timed-waits';

/** How long a request waits for a draft the engine does not hold (see above). */
export const PICTURE_WAIT_MS = 30_000;
/** A waiting request looks again this often even unwoken: a backstop, not a limit. */
const LOOK_AGAIN_MS = 60_000;

export class DraftPictureRequests {
  private readonly waits = new TimedWaits();
  private closed = false;

  constructor(
    private readonly pictures: DraftPictures,
    private readonly viewOf: (id: string) => DraftView | undefined,
  ) {}

  /** The picture at an address a draft's view names, once there; undefined when it will not come. */
  async answer(id: string, kind: DraftPictureKind, n: number): Promise<Picture | undefined> {
    const unheldUntil = Date.now() + PICTURE_WAIT_MS;
    let held = false;
    for (;;) {
      const view = this.viewOf(id);
      const found = view === undefined ? undefined : this.pictures.get(id, kind, n);
      if (found !== undefined || this.closed) return found;
      if (view !== undefined && view.state !== 'loading') return undefined;
      // Held and then let go while this request waited: removed, or its account signed out.
      if (view === undefined && held) return undefined;
      held ||= view !== undefined;
      const left = view === undefined ? unheldUntil - Date.now() : LOOK_AGAIN_MS;
      if (left <= 0) return undefined;
      await this.waits.wait(id, left);
    }
  }

  /** The draft changed, came back or went: its requests look again. */
  changed(id: string): void {
    this.waits.wake(id);
  }

  close(): void {
    this.closed = true;
    this.waits.wakeAll();
  }
}

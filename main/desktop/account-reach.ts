// Whether the signed-in account's service answers, as the window's account shows it ("Offline since
// 19:20"): from the account's own requests (its governor's reachability), so it is true in every
// tab, with or without uploads waiting, and from the first moment of a start the service did not
// answer (the account restored as last known, saved-account.ts).
import type { Reachability } from '../service/reachability';

type Reach = Pick<Reachability, 'since' | 'onChange'>;

/** ISO time the service stopped answering, or null while it answers. */
export function offlineSince(reach: Pick<Reachability, 'since'>): string | null {
  const since = reach.since;
  return since === undefined ? null : new Date(since).toISOString();
}

/** Calls `changed` each time the mark changes (not on every failed request of one outage); returns the stop. */
export function followOffline(reach: Reach, shown: string | null, changed: (since: string | null) => void): () => void {
  let last = shown;
  return reach.onChange(() => {
    const now = offlineSince(reach);
    if (now === last) return;
    last = now;
    changed(now);
  });
}

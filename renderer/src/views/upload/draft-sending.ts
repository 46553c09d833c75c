// What "Upload all" (and Upload anyway) sends for the drafts given, and what it says once the queue
// answered: each draft is checked on its own, the valid ones go, the others say on their cards
// what to fix. The store (drafts-state.svelte.ts) sends and applies the answer.
import type { EnqueueRequest } from '../../../../common/contract/index';
import type { DraftEntry } from './draft-entry';
import { metadataOf, notSent } from './draft-metadata';

/** The requests for the drafts that can go; those that cannot carry their note. */
export function enqueueRequests(
  ready: DraftEntry[],
  canSchedule: boolean,
  plan: ReadonlyMap<string, Date>,
  force: boolean,
): { items: EnqueueRequest[]; toFix: DraftEntry[] } {
  const items: EnqueueRequest[] = [];
  const toFix: DraftEntry[] = [];
  for (const entry of ready) {
    const metadata = metadataOf(entry, canSchedule, plan.get(entry.id));
    entry.note = typeof metadata === 'string' ? metadata : null;
    if (typeof metadata === 'string') toFix.push(entry);
    else items.push({ draftId: entry.id, metadata, ...(force ? { force } : {}) });
  }
  return { items, toFix };
}

/** The sentence after the queue answered: how many were added, and which were not sent. */
export function sentSummary(added: number, refused: DraftEntry[]): { text: string; kind: 'info' | 'notice' } {
  const parts = added > 0 ? [`${added} ${added === 1 ? 'shot' : 'shots'} added to the queue.`] : [];
  if (refused.length > 0) parts.push(notSent(refused));
  // Held back is a state to look at, not a failure: never in red.
  return { text: parts.join(' '), kind: added > 0 ? 'info' : 'notice' };
}

// Which drafts "Upload all" sends, and so the number on its button. Pure, apart from the drafts
// store, so that the rule is tested without a window.
import type { DraftEntry } from './draft-entry';

/**
 * Ready, or being prepared again after a new crop, fit, size or background (it was ready and still
 * holds its picture: main keeps the last result until the new one is made), and not held back as a
 * duplicate. A draft re-preparing is still going to be sent (the queue prepares it with the new
 * choice if its preview is not done by then), so the count does not drop and come back at each edit.
 */
export function isSendable(entry: DraftEntry): boolean {
  if (entry.duplicateOf !== null) return false;
  const { state, result, error } = entry.view;
  return state === 'ready' || (state === 'loading' && result !== null && error === null);
}

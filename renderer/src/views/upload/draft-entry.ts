// A draft as the Upload view holds it: what main made of the file (its view) and the words the user
// typed for it (its meta). Types only, shared by the drafts store and the metadata it sends.
import type { DraftView, DraftWords } from '../../../../common/contract/index';

/** What the designer typed for a draft (common/draft-words.ts). */
export type DraftMeta = DraftWords;

export interface DraftEntry {
  id: string;
  view: DraftView;
  meta: DraftMeta;
  selected: boolean;
  /** What happened when it was last sent to the queue (refused, already uploaded, …). */
  note: string | null;
  /** The shot this image was already uploaded as: it waits for "Upload anyway" or removal. */
  duplicateOf: number | null;
  /** That shot's title, once read from the service, to link to it by name. */
  duplicateTitle?: string;
}

// A draft as the Upload view holds it: what main made of the file (its view) and the words the user
// typed for it (its meta). Types only, shared by the drafts store and the metadata it sends.
import type { DraftView } from '../../../../common/contract/index';

export interface DraftMeta {
  title: string;
  description: string;
  tags: string[];
  lowProfile: boolean;
  /** A team id as text ('' for none), as the <select> holds it. */
  team: string;
  /** The shot id this one is a rebound of, as typed. */
  rebound: string;
  /** 'batch': as the Upload bar's schedule says; 'now' and 'at' are the draft's own choice, which wins. */
  publish: 'batch' | 'now' | 'at';
  /** <input type="datetime-local"> value, local time. */
  at: string;
}

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

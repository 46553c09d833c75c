// What the designer typed and chose for one draft, beyond its framing: the words of the shot, its
// team, rebound and publish choice. The window edits them, main keeps them with the draft (and on
// disk, so they survive a quit or a crash), and they become the shot's metadata when it is sent.

export interface DraftWords {
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

export const PUBLISH_CHOICES = ['batch', 'now', 'at'] as const satisfies readonly DraftWords['publish'][];

/**
 * A title made from a file name: composed (NFC), as every other text the service is sent. macOS
 * writes names decomposed (NFD), so "café" would otherwise go out as "cafe" and a combining accent.
 */
export function composedTitle(text: string): string {
  return text.normalize('NFC');
}

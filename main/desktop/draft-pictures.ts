// The drafts' pictures, kept in main and served on the app's own origin
// (app://shotput/draft-pictures/<draft id>/<kind>/<n>, see main/app/app-protocol.ts): a draft's view
// carries only that address, so the window's state holds a few dozen bytes a picture instead of
// its base64 (a thousand drafts were tens of MB of strings in the window, copied again with every
// change), and the page decodes a picture only while its card is on screen.
//
// Each picture put gets an address of its own (its number grows), so the page never shows an
// older picture from its cache. Only the latest of each kind is kept, and an older address of it
// is answered with the latest: a card may ask for the address of a view that a newer one has just
// replaced (the newer view follows within a frame), and Cancel goes back to a result that is still
// the latest (a preparation puts its picture only when it is done).

/** The source, the card, the exact result, and the motion editor's strip of frames, each by its place. */
export type DraftPictureKind = 'source' | 'result' | 'final' | `strip-${number}`;

export interface Picture {
  buffer: Buffer;
  type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/svg+xml';
}

/** The whole source small, for the crop editor and the card while the draft is prepared. */
export interface SourcePicture {
  picture: Picture;
  width: number;
  height: number;
}

const TYPES: Record<string, Picture['type']> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The picture of encoded bytes in one of the formats a page shows (JPEG, PNG, GIF, WebP). */
export function pictureOf(buffer: Buffer, format: string): Picture {
  const type = TYPES[format.toLowerCase()];
  if (type === undefined) throw new Error(`A ${format} picture cannot be shown.`);
  return { buffer, type };
}

/** The picture of a `data:image/…;base64,` address (the window's decoder sends its posters so). */
export function pictureOfDataUrl(dataUrl: string): Picture {
  const match = /^data:image\/([a-z]+);base64,(.*)$/s.exec(dataUrl);
  if (match === null) throw new Error('Not a picture.');
  return pictureOf(Buffer.from(match[2]!, 'base64'), match[1]!);
}

export class DraftPictures {
  private readonly kept = new Map<string, { n: number; picture: Picture }>();
  /**
   * Addresses count on from the time this engine started, a thousand a millisecond: a later run
   * (the engine's process restarted, drafts restored from disk) numbers above every address an
   * earlier run answered, so the window's older address is answered with the newer picture, never
   * mistaken for one this run has not made.
   */
  private next = Date.now() * 1000;

  /** Keeps the draft's picture of this kind in place of the last; answers the address the window loads it from. */
  put(draftId: string, kind: DraftPictureKind, picture: Picture): string {
    const n = this.next++;
    const key = `${draftId}/${kind}`;
    this.kept.set(key, { n, picture });
    return `draft-pictures/${draftId}/${kind}/${n}`;
  }

  /** The draft's latest picture of the kind at an address `put` answered (undefined for one never answered). */
  get(draftId: string, kind: DraftPictureKind, n: number): Picture | undefined {
    const kept = this.kept.get(`${draftId}/${kind}`);
    return kept !== undefined && n <= kept.n ? kept.picture : undefined;
  }

  /** The draft's latest picture of a kind, whatever its address. */
  latest(draftId: string, kind: DraftPictureKind): Picture | undefined {
    return this.kept.get(`${draftId}/${kind}`)?.picture;
  }

  /** Lets a draft's pictures go (it was removed, or sent). */
  forget(draftId: string): void {
    for (const key of this.kept.keys()) if (key.startsWith(`${draftId}/`)) this.kept.delete(key);
  }

  /** Pictures kept, for tests and benchmarks. */
  get size(): number {
    return this.kept.size;
  }
}

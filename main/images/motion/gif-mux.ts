// Assembles one animated GIF from GIFs of consecutive runs of frames, so the encoder never holds
// more than a run. sharp (libvips' cgif) encodes a whole image at once, and an animation handed
// over as one tall raw image would hold every frame: 10 s at 60 fps of 800x600 is 1.1 GB. Each
// run's GIF starts with a full opaque frame (later frames are the changed rectangle, over the
// previous one), or, sent by the still-pixel encode (still-pixels.ts), with only what changed
// since the previous run's last frame, every frame left in place; either way runs can be joined
// by copying their frame blocks after the first run's header. A run's frames that use its global
// palette get that palette as their own local one, which GIF allows per frame; the header, loop
// extension and trailer are written once.
// What a joint costs is measured in encode.ts (RUN_BYTES).

/** Bytes of a colour table announced by a packed field (bit 7 set, size in bits 0-2). */
const tableBytes = (packed: number) => (packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0);

function skipSubBlocks(gif: Buffer, at: number): number {
  while (at < gif.length && gif[at] !== 0) at += gif[at]! + 1;
  if (at >= gif.length) throw new Error('GIF run ends inside a data block');
  return at + 1;
}

interface Parsed {
  /** Header and logical screen descriptor with the global colour table. */
  head: Buffer;
  globalTable: Buffer | undefined;
  /** Application extensions (the loop count) before the first frame. */
  leading: Buffer[];
  /** Per frame: its graphic control extension (if any) and its image block. */
  frames: { control?: Buffer; image: Buffer }[];
}

function parse(gif: Buffer): Parsed {
  if (gif.length < 13 || !gif.subarray(0, 6).toString('latin1').startsWith('GIF8')) throw new Error('not a GIF run');
  const globalBytes = tableBytes(gif[10]!);
  const head = gif.subarray(0, 13 + globalBytes);
  const globalTable = globalBytes ? gif.subarray(13, 13 + globalBytes) : undefined;
  const leading: Buffer[] = [];
  const frames: Parsed['frames'] = [];
  let control: Buffer | undefined;
  let at = head.length;
  while (at < gif.length) {
    const block = gif[at];
    if (block === 0x3b) return { head, globalTable, leading, frames };
    if (block === 0x21) {
      const end = skipSubBlocks(gif, at + 2);
      if (gif[at + 1] === 0xf9) control = gif.subarray(at, end);
      else if (frames.length === 0) leading.push(gif.subarray(at, end));
      at = end;
    } else if (block === 0x2c) {
      const local = tableBytes(gif[at + 9]!);
      const end = skipSubBlocks(gif, at + 10 + local + 1);
      frames.push({ ...(control ? { control } : {}), image: gif.subarray(at, end) });
      control = undefined;
      at = end;
    } else {
      throw new Error(`unexpected GIF block 0x${block!.toString(16)}`);
    }
  }
  throw new Error('GIF run has no trailer');
}

/** A frame's image block with the given table as its local colour table. */
function withLocalTable(image: Buffer, table: Buffer): Buffer {
  if (image[9]! & 0x80) return image;
  const descriptor = Buffer.from(image.subarray(0, 10));
  const bits = Math.log2(table.length / 3) - 1;
  descriptor[9] = (descriptor[9]! & ~0x07 & ~0x20) | 0x80 | bits;
  return Buffer.concat([descriptor, table, image.subarray(10)]);
}

/** Joins runs of frames into one GIF, written out piece by piece as runs arrive. */
export class GifJoiner {
  private readonly parts: Buffer[] = [];
  private started = false;
  private count = 0;
  private size = 0;

  private add(part: Buffer): void {
    this.parts.push(part);
    this.size += part.length;
  }

  /** Appends the frames of one encoded run (its frames already carry their delays). */
  append(run: Buffer): void {
    const parsed = parse(run);
    if (!this.started) {
      this.add(parsed.head);
      for (const extension of parsed.leading) this.add(extension);
      this.started = true;
      for (const frame of parsed.frames) {
        if (frame.control) this.add(frame.control);
        this.add(frame.image);
      }
    } else {
      for (const frame of parsed.frames) {
        if (frame.control) this.add(frame.control);
        this.add(parsed.globalTable ? withLocalTable(frame.image, parsed.globalTable) : frame.image);
      }
    }
    this.count += parsed.frames.length;
  }

  get frames(): number {
    return this.count;
  }

  /** Bytes so far, trailer included. */
  get bytes(): number {
    return this.size + 1;
  }

  finish(): Buffer {
    return Buffer.concat([...this.parts, Buffer.from([0x3b])]);
  }
}

/** Reads a whole GIF's blocks back: its screen size and frame count (for the final check). */
export function gifFrames(gif: Buffer): { width: number; height: number; frames: number } {
  const parsed = parse(gif);
  return { width: gif.readUInt16LE(6), height: gif.readUInt16LE(8), frames: parsed.frames.length };
}

// Whether an image file has been written to its end: the formats exporters write slowly carry
// an end marker (PNG's IEND chunk, JPEG's end-of-image marker, GIF's trailer) or their own length
// (WebP's RIFF header). A file without one of those cannot be judged here and counts as complete.
import { constants } from 'node:fs';
import fs from 'node:fs/promises';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** An IEND chunk: zero length, the type, its fixed CRC. */
const PNG_END = Buffer.from([0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const TAIL_BYTES = 64;

export async function looksComplete(file: string): Promise<boolean> {
  const handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const { size } = await handle.stat();
    if (size === 0) return false;
    const head = Buffer.alloc(Math.min(16, size));
    await handle.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(TAIL_BYTES, size));
    await handle.read(tail, 0, tail.length, size - tail.length);
    return completeBytes(head, tail, size);
  } finally {
    await handle.close();
  }
}

/** Judges from the first bytes, the last bytes and the size of the file. */
export function completeBytes(head: Buffer, tail: Buffer, size: number): boolean {
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) return tail.subarray(-PNG_END.length).equals(PNG_END);
  if (head[0] === 0xff && head[1] === 0xd8) {
    // Some cameras pad after the end-of-image marker.
    let end = tail.length;
    while (end > 0 && tail[end - 1] === 0x00) end--;
    return end >= 2 && tail[end - 2] === 0xff && tail[end - 1] === 0xd9;
  }
  if (head.toString('latin1', 0, 4) === 'GIF8') return tail[tail.length - 1] === 0x3b;
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return head.readUInt32LE(4) + 8 <= size;
  return true;
}

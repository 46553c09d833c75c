// The frames of the harness's page sockets, both ways: JSON with its bytes laid after it in one
// binary frame (a u32 little-endian length, that much JSON ({ id, kind, data }), then the byte runs);
// from the page, each frame comes as pieces (its length, then its bytes). Main's process reads and
// writes them (page-port-socket.ts), and so does a utility child joined to a page's port directly
// (utility-direct-ports.ts): so this file imports nothing, and children load it compiled.

/** Tags of the encoding: a byte run (its offset, length, type) and an undefined value. */
export const BYTES = '\u0000b';
export const UNDEFINED = '\u0000u';

/**
 * What the page's relay says. On a port's socket: `hello` (it holds port `id` now), `msg` (the page
 * posted `data`), `close` (the page closed it), `refused` (the page posted what a clone carries and
 * the harness cannot: `data` says what), `cut` (after main's `direct`: what the page posts on the port
goes to the child's own socket from here on, and this was the last on this one). On the IPC socket: `hello` (`data`: the document's id),
 * `invoke` (call `id`: `data` is { channel, args }), `flushed` (the page has had every message main
 * sent before its flush `id`), `refused`.
 */
export type PortPost = {
  id: number;
  kind: 'hello' | 'msg' | 'close' | 'refused' | 'cut' | 'invoke' | 'flushed';
  data: unknown;
  size: number;
};

type TypedArrayName =
  | 'Uint8Array'
  | 'Uint8ClampedArray'
  | 'Int8Array'
  | 'Uint16Array'
  | 'Int16Array'
  | 'Uint32Array'
  | 'Int32Array'
  | 'Float32Array'
  | 'Float64Array'
  | 'BigInt64Array'
  | 'BigUint64Array';

const typedArrayNames = new Set<string>([
  'Uint8Array',
  'Uint8ClampedArray',
  'Int8Array',
  'Uint16Array',
  'Int16Array',
  'Uint32Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
]);

/** A frame from the page, with its bytes laid back in place. */
export function decodePortPost(frame: Buffer): PortPost {
  const headerLength = frame.readUInt32LE(0);
  const bytesStart = 4 + headerLength;
  const header = JSON.parse(frame.toString('utf8', 4, bytesStart)) as PortPost;
  const restore = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(restore);
    if (value === null || typeof value !== 'object') return value;
    const tagged = value as Record<string, unknown>;
    if (UNDEFINED in tagged) return undefined;
    if (BYTES in tagged) {
      const [offset, length, type] = tagged[BYTES] as [number, number, TypedArrayName | 'ArrayBuffer' | 'DataView'];
      // A copy of its own, as a structured clone makes: nothing shares the frame's memory.
      const copy = new Uint8Array(length);
      copy.set(frame.subarray(bytesStart + offset, bytesStart + offset + length));
      if (type === 'ArrayBuffer') return copy.buffer;
      if (type === 'DataView') return new DataView(copy.buffer);
      return new globalThis[type](copy.buffer);
    }
    const restored: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(tagged)) restored[key] = restore(item);
    return restored;
  };
  return { id: header.id, kind: header.kind, data: restore(header.data), size: frame.byteLength };
}

/** The kind of byte run the page rebuilds: a Buffer is a Uint8Array to a page. */
function byteKindOf(value: ArrayBuffer | ArrayBufferView): string {
  if (value instanceof ArrayBuffer) return 'ArrayBuffer';
  if (value instanceof DataView) return 'DataView';
  return typedArrayNames.has(value.constructor.name) ? value.constructor.name : 'Uint8Array';
}

/**
 * What main sends into the page as one frame (the relay lays the bytes back): on a port, `msg`; on
 * the IPC socket, `event`, `answer` or `flush`.
 */
export function encodePageFrame(id: number, data: unknown, kind = 'msg'): Buffer {
  const runs: Uint8Array[] = [];
  let length = 0;
  const json = JSON.stringify({ id, kind, data }, function (this: Record<string, unknown>, key, value) {
    const original = this[key];
    if (original instanceof Date || original instanceof Map || original instanceof Set)
      throw new TypeError('The harness carries no Date, Map or Set over a port.');
    if (original === undefined) return { [UNDEFINED]: 1 };
    if (original instanceof ArrayBuffer || ArrayBuffer.isView(original)) {
      const bytes =
        original instanceof ArrayBuffer
          ? new Uint8Array(original)
          : new Uint8Array(original.buffer, original.byteOffset, original.byteLength);
      runs.push(bytes);
      length += bytes.byteLength;
      return { [BYTES]: [length - bytes.byteLength, bytes.byteLength, byteKindOf(original)] };
    }
    return value as unknown;
  });
  const header = Buffer.from(json, 'utf8');
  const frame = Buffer.allocUnsafe(4 + header.byteLength + length);
  frame.writeUInt32LE(header.byteLength, 0);
  header.copy(frame, 4);
  let at = 4 + header.byteLength;
  for (const run of runs) {
    frame.set(run, at);
    at += run.byteLength;
  }
  return frame;
}

/** Puts back together the frames the relay sends as pieces: each frame's length (4 bytes), then its bytes. */
export class FrameAssembler {
  private expected: number | undefined;
  private pieces: Buffer[] = [];
  private received = 0;

  constructor(private readonly whole: (frame: Buffer) => void) {}

  piece(data: Buffer): void {
    if (this.expected === undefined) {
      if (data.byteLength !== 4) throw new Error('The page sent a piece of a frame before its length.');
      this.expected = data.readUInt32LE(0);
      return;
    }
    this.pieces.push(data);
    this.received += data.byteLength;
    if (this.received < this.expected) return;
    if (this.received > this.expected) throw new Error('The page sent more of a frame than its length said.');
    const frame = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.received);
    this.expected = undefined;
    this.pieces = [];
    this.received = 0;
    this.whole(frame);
  }
}

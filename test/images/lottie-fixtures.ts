// Lottie animations made by the tests: a red square sliding across a transparent canvas, as JSON
// (what After Effects' exporters write) and as a dotLottie archive (a ZIP with a manifest).
import { crc32 } from 'node:zlib';

export interface SlidingSquare {
  width: number;
  height: number;
  fps: number;
  frames: number;
  /** Assets listed before everything else (some exporters sort keys; embedded images come first). */
  assetsFirst?: boolean;
  /** An image asset kept in a folder beside the file instead of embedded. */
  outsideImage?: string;
}

/** The square's side is a fifth of the canvas height; it slides from x = side to x = width − side. */
export function slidingSquare(options: SlidingSquare): Record<string, unknown> {
  const { width, height, fps, frames } = options;
  const side = Math.round(height / 5);
  const square = {
    ddd: 0,
    ind: 1,
    ty: 4,
    nm: 'square',
    sr: 1,
    ip: 0,
    op: frames,
    st: 0,
    bm: 0,
    ks: {
      o: { a: 0, k: 100 },
      r: { a: 0, k: 0 },
      p: {
        a: 1,
        k: [
          { t: 0, s: [side, height / 2, 0], i: { x: [1], y: [1] }, o: { x: [0], y: [0] } },
          { t: frames - 1, s: [width - side, height / 2, 0] },
        ],
      },
      a: { a: 0, k: [0, 0, 0] },
      s: { a: 0, k: [100, 100, 100] },
    },
    shapes: [
      {
        ty: 'gr',
        it: [
          { ty: 'rc', d: 1, s: { a: 0, k: [side, side] }, p: { a: 0, k: [0, 0] }, r: { a: 0, k: 0 } },
          { ty: 'fl', c: { a: 0, k: [0.9, 0.1, 0.1, 1] }, o: { a: 0, k: 100 }, r: 1 },
          {
            ty: 'tr',
            p: { a: 0, k: [0, 0] },
            a: { a: 0, k: [0, 0] },
            s: { a: 0, k: [100, 100] },
            r: { a: 0, k: 0 },
            o: { a: 0, k: 100 },
          },
        ],
      },
    ],
  };
  const assets = options.outsideImage
    ? [{ id: 'image_0', w: 10, h: 10, u: 'images/', p: options.outsideImage, e: 0 }]
    : [];
  const header = { v: '5.7.4', fr: fps, ip: 0, op: frames, w: width, h: height, nm: 'sliding square', ddd: 0 };
  return options.assetsFirst
    ? { assets: [...assets, ...padding()], layers: [square], ...header }
    : { ...header, assets, layers: [square] };
}

/** Embedded-image-like entries of 80 KB: the keys after them are past the first 64 KB of the file. */
function padding(): Record<string, unknown>[] {
  return [{ id: 'unused', w: 1, h: 1, u: '', p: `data:image/png;base64,${'A'.repeat(80 * 1024)}`, e: 1 }];
}

/** A dotLottie archive holding one animation, its entries stored (a ZIP with no compression). */
export function dotLottie(animation: Record<string, unknown>, id = 'sliding'): Buffer {
  const manifest = { version: '1', generator: 'shotput tests', animations: [{ id }] };
  return storedZip([
    ['manifest.json', Buffer.from(JSON.stringify(manifest))],
    [`animations/${id}.json`, Buffer.from(JSON.stringify(animation))],
  ]);
}

function storedZip(entries: [string, Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

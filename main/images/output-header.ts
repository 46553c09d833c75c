// What an encoded PNG, JPEG or GIF says about itself in its header: format, pixel size and which
// metadata blocks it carries. Only block headers are walked (pixel data is skipped by its length),
// so checking a prepared image costs microseconds instead of a decode.

export type HeaderFormat = 'png' | 'jpeg' | 'gif';

/** Metadata an output may carry: EXIF (orientation, camera...), XMP, an ICC colour profile. */
export type MetadataBlock = 'exif' | 'xmp' | 'icc';

export interface OutputHeader {
  format: HeaderFormat;
  /** PNG and JPEG: the image; GIF: the logical screen, which is every frame's size here. */
  width: number;
  height: number;
  metadata: MetadataBlock[];
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const TEXT_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt']);

function pngHeader(bytes: Buffer): OutputHeader | undefined {
  if (bytes.length < 33 || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  const metadata = new Set<MetadataBlock>();
  // Chunks: 4-byte length, 4-byte type, data, 4-byte CRC. IDAT data is jumped over, never read.
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'eXIf') metadata.add('exif');
    if (type === 'iCCP') metadata.add('icc');
    // XMP is a text chunk (plain, compressed or international) under this keyword.
    if (TEXT_CHUNKS.has(type) && bytes.subarray(at + 8, at + 8 + 18).toString('latin1') === 'XML:com.adobe.xmp\0')
      metadata.add('xmp');
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), metadata: [...metadata] };
}

/** Start-of-frame markers (baseline, progressive, lossless...): they hold the image size. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegHeader(bytes: Buffer): OutputHeader | undefined {
  const metadata = new Set<MetadataBlock>();
  // Marker segments until the scan starts: FF xx, 2-byte length (including itself), data.
  for (let at = 2; at + 4 <= bytes.length;) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = bytes.readUInt16BE(at + 2);
    const data = bytes.subarray(at + 4, at + 2 + length);
    if (marker === 0xe1 && data.subarray(0, 6).toString('latin1') === 'Exif\0\0') metadata.add('exif');
    if (marker === 0xe1 && data.subarray(0, 28).toString('latin1') === 'http://ns.adobe.com/xap/1.0/')
      metadata.add('xmp');
    if (marker === 0xe2 && data.subarray(0, 12).toString('latin1') === 'ICC_PROFILE\0') metadata.add('icc');
    if (SOF.has(marker) && data.length >= 5) {
      return { format: 'jpeg', width: data.readUInt16BE(3), height: data.readUInt16BE(1), metadata: [...metadata] };
    }
    at += 2 + length;
  }
  return undefined;
}

function gifHeader(bytes: Buffer): OutputHeader | undefined {
  if (bytes.length < 13) return undefined;
  return { format: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8), metadata: [] };
}

/** Undefined when the bytes are not a complete-looking PNG, JPEG or GIF header. */
export function readOutputHeader(bytes: Buffer): OutputHeader | undefined {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return pngHeader(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegHeader(bytes);
  const magic = bytes.subarray(0, 6).toString('latin1');
  if (magic === 'GIF89a' || magic === 'GIF87a') return gifHeader(bytes);
  return undefined;
}

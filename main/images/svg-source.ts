// What the pipeline decodes: a file by its path, except an SVG, which is read into memory, cleaned of
// references to anything outside it (svg-references.ts) and drawn from those bytes, so librsvg has no
// folder to resolve a reference against. probe() refuses an SVG that did not come through here.
import { open } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { ImageError } from './image-error';
import { MAX_INPUT_BYTES } from './limits';
import type { ImageSource } from './sharp-setup';
import { referencesRemovedMessage, removeSvgReferences } from './svg-references';
import type { PrepareWarning } from './warnings';
import { warning } from './warnings';

/** libvips decides "SVG" from the first kilobyte; a larger window only reads more files whole. */
const SNIFF_BYTES = 4096;

/** SVGs cleaned here, so a second pass (probe inside prepare) neither cleans again nor loses the warning. */
const cleaned = new WeakMap<Buffer, PrepareWarning[]>();

export interface LoadedSource {
  source: ImageSource;
  warnings: PrepareWarning[];
}

function mightBeSvg(head: Buffer): boolean {
  if (head[0] === 0x1f && head[1] === 0x8b) return true; // gzip: libvips reads .svgz
  return /<(?:svg|\?xml|!DOCTYPE|!--)/i.test(head.toString('latin1'));
}

async function readCandidate(file: string): Promise<Buffer | undefined> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    if (!mightBeSvg(head) || size > MAX_INPUT_BYTES) return undefined;
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function isSvg(bytes: Buffer): Promise<boolean> {
  // Parsing bytes with no base address reads nothing else, so asking libvips itself is safe.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  return meta?.format === 'svg';
}

/** An .svgz as plain text, so it can be cleaned; anything else gzipped is left to fail in probe(). */
function gunzipped(bytes: Buffer): Buffer | undefined {
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_INPUT_BYTES });
  } catch {
    return undefined;
  }
}

export function isCleanedSvg(source: ImageSource): boolean {
  return Buffer.isBuffer(source) && cleaned.has(source);
}

export async function loadSource(source: ImageSource): Promise<LoadedSource> {
  if (Buffer.isBuffer(source) && cleaned.has(source)) return { source, warnings: cleaned.get(source)! };
  let bytes: Buffer | undefined;
  try {
    bytes = Buffer.isBuffer(source) ? source : await readCandidate(source);
  } catch {
    return { source, warnings: [] }; // probe() says why the file cannot be read
  }
  if (bytes && bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipped(bytes);
  if (!bytes || !(await isSvg(bytes))) return { source, warnings: [] };
  const { svg, removed } = removeSvgReferences(bytes);
  const warnings = removed.length > 0 ? [warning('svg-references-removed', referencesRemovedMessage(removed))] : [];
  cleaned.set(svg, warnings);
  return { source: svg, warnings };
}

/** The last word: an SVG reaching the decoder by its path would let librsvg read its folder. */
export function refuseUncleanedSvg(source: ImageSource, format: string): void {
  if (format === 'svg' && !isCleanedSvg(source))
    throw new ImageError('corrupt', 'The SVG could not be read from its own bytes, so it was not drawn.');
}

// One place that configures sharp for this app and opens inputs with the safety limits on.
import os from 'node:os';
import sharp from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';
import { MAX_INPUT_PIXELS } from './limits';

/** A path on disk or bytes already in memory (e.g. dropped from the renderer). */
export type ImageSource = string | Buffer;

let configured = false;

// libvips may never open an SVG by its path: librsvg would then resolve the file's references
// (<image href="Family/kid.png">) against its folder. SVGs reach libvips only as cleaned bytes
// (svg-source.ts); an SVG named by its path, however it got past that, is an unsupported format.
// Blocked when this module loads, for every pipeline of the process.
sharp.block({ operation: ['VipsForeignLoadSvgFile'] });

/**
 * Batches run several pipelines side by side (one per core), so each pipeline keeps libvips to a
 * single thread: the cores stay busy without oversubscription, and memory stays proportional to
 * the number of pipelines (measured on 60 stills: two libvips threads per pipeline were no
 * faster; the GIF encoder is single-threaded anyway). The operation cache only helps when the same
 * file is reprocessed, which a batch of different files never does, so it is off to keep memory flat.
 */
export function configureSharp(): void {
  if (configured) return;
  configured = true;
  sharp.cache(false);
  sharp.concurrency(1);
}

export function cores(): number {
  return Math.max(1, os.availableParallelism());
}

/** Options for decoding untrusted input: pixel limit, fail on truncation, EXIF orientation applied. */
export function inputOptions(extra: SharpOptions = {}): SharpOptions {
  return { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true, ...extra };
}

export function openImage(source: ImageSource, extra: SharpOptions = {}): Sharp {
  configureSharp();
  return sharp(source, inputOptions(extra));
}

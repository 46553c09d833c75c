// The sharp pipeline for one attempt: decode (oriented) → crop or fit → sRGB → encode.
// Animations never come here: the motion encoder (motion/) streams their frames.
import sharp from 'sharp';
import type { GifOptions, OutputInfo, Sharp } from 'sharp';
import type { Rect } from './geometry';
import type { Size } from './limits';
import type { OutputFormat, ResolvedOptions } from './options';
import type { Plan } from './plan';
import type { ImageInfo } from './probe';
import type { ImageSource } from './sharp-setup';
import { openImage } from './sharp-setup';

/** Generous for this machine class: a 6000x4000 photo takes well under a second, a 30-frame 800x600 GIF a few. */
const STILL_SECONDS = 60;
const ANIMATION_SECONDS = 180;

export interface RenderRequest {
  source: ImageSource;
  info: ImageInfo;
  plan: Plan;
  target: Size;
  format: OutputFormat;
  animated: boolean;
  options: ResolvedOptions;
  /** Palette size for GIF output. */
  colours: number;
  /** GIF output: error diffusion on (the default) or plain colours. */
  dither?: boolean;
}

/** Where the region lands once the source is scaled by `scale`, kept inside the scaled image. */
function scaledWindow(region: Rect, scale: number, scaled: Size, target: Size): Rect {
  const left = Math.min(Math.max(0, Math.round(region.left * scale)), scaled.width - target.width);
  const top = Math.min(Math.max(0, Math.round(region.top * scale)), scaled.height - target.height);
  return { left, top, width: target.width, height: target.height };
}

/** The region is the centred largest 4:3 area: libvips' own cover crop does exactly that. */
function isCentred(plan: Plan): boolean {
  const region = plan.region!;
  const sideGap = plan.source.width - region.width;
  const topGap = plan.source.height - region.height;
  return Math.abs(region.left * 2 - sideGap) <= 1 && Math.abs(region.top * 2 - topGap) <= 1;
}

/** onePass: animations (raw copies of every frame would cost more) and kept metadata (lost in a raw copy). */
async function cover(image: Sharp, plan: Plan, target: Size, onePass: boolean): Promise<Sharp> {
  if (plan.strategy) {
    return image.resize(target.width, target.height, { fit: 'cover', position: sharp.strategy[plan.strategy] });
  }
  if (isCentred(plan)) return image.resize(target.width, target.height, { fit: 'cover', position: 'centre' });
  const region = plan.region!;
  const scale = Math.max(target.width / region.width, target.height / region.height);
  if (scale >= 1) {
    // Enlarging: nothing to gain from shrink-on-load, so cut first and scale only the region.
    return image.extract(region).resize(target.width, target.height, { fit: 'fill' });
  }
  // Shrinking: resize the whole image first so JPEG/WebP shrink-on-load applies, then cut.
  const scaled = {
    width: Math.max(target.width, Math.round(plan.source.width * scale)),
    height: Math.max(target.height, Math.round(plan.source.height * scale)),
  };
  const window = scaledWindow(region, scale, scaled, target);
  if (onePass) return image.resize(scaled.width, scaled.height, { fit: 'fill' }).extract(window);
  // For stills, in two passes: libvips turns resize-then-cut of an EXIF-rotated JPEG into a
  // full-size decode (twice the time and ~70 MB more per photo); the small scaled copy is cheap.
  const { data, info } = await image
    .resize(scaled.width, scaled.height, { fit: 'fill' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).extract(window);
}

/** GIF options for an animation; `effort` is libimagequant's palette search (1 fastest .. 10). */
export function animationGif(request: RenderRequest, effort: number): GifOptions {
  const { info, colours, dither = true } = request;
  return {
    colours,
    effort,
    dither: dither ? 1 : 0,
    keepDuplicateFrames: true,
    loop: info.loop ?? 0,
    ...(info.delays ? { delay: info.delays } : {}),
  };
}

function encode(image: Sharp, request: RenderRequest): Sharp {
  const { format, animated, colours } = request;
  if (format === 'jpeg') return image.jpeg({ quality: 90, chromaSubsampling: '4:4:4' });
  if (format === 'png') return image.png({ compressionLevel: 6 });
  if (!animated) return image.gif({ colours, effort: 4 });
  // Palette search is per frame: at higher efforts some enlarged animations take minutes of CPU
  // for a few percent of file size, so animations use the fastest search (dithering stays on).
  return image.gif(animationGif(request, 1));
}

/** The encoded bytes and the encoder's own report of them (format, size, frames, channels). */
export interface Rendered {
  data: Buffer;
  info: OutputInfo;
}

/** A hard stop, so no input can hold a batch slot forever (libvips reports how far it got). */
export function timeLimit(request: RenderRequest): { seconds: number } {
  return { seconds: request.animated ? ANIMATION_SECONDS : STILL_SECONDS };
}

/** Decode (oriented) → crop or fit → sRGB, with the metadata asked to be kept: everything but the encode. */
export async function pipeline(request: RenderRequest): Promise<Sharp> {
  const { source, plan, target, format, animated, options } = request;
  let image = openImage(source, {
    ...(animated ? { animated: true } : { pages: 1 }),
    ...(plan.density ? { density: plan.density } : {}),
  });
  image =
    plan.mode === 'cover'
      ? await cover(image, plan, target, animated || options.keepMetadata)
      : image.resize(target.width, target.height, { fit: 'contain', background: options.background });
  // JPEG has no alpha: transparency and a translucent contain background go onto the colour.
  if (format === 'jpeg') image = image.flatten({ background: options.background });
  image = image.toColourspace('srgb');
  if (options.keepMetadata) image = image.keepExif().keepXmp();
  return image;
}

export async function render(request: RenderRequest): Promise<Rendered> {
  return encode(await pipeline(request), request)
    .timeout(timeLimit(request))
    .toBuffer({ resolveWithObject: true });
}

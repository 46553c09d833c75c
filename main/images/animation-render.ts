// Animated GIF output, fast where animations stand mostly still (screen recordings, UI demos).
//
// Profiled (perf on libvips' GIF save): about 80% of an animation's encode is libimagequant's
// nearest-colour search, run for every pixel of every frame, even pixels that did not change. So
// the frames are taken as raw RGBA, every pixel equal to the previous frame's is made transparent
// (which the search maps at once), and the encoded frames are marked "leave in place" so such a
// pixel shows the previous frame: the same picture for about 40% of the CPU (bench:images, 8 GIFs:
// 8.8 s against 22.5 s). Otherwise (real transparency, mostly moving frames, very long animations)
// the plain encode, which reuses a GIF source's own palette; found out only after decoding, those
// pay one decode more (about a tenth of their encode).
import sharp from 'sharp';
import { clearStillPixels, leaveFramesInPlace } from './gif-frames';
import type { RenderRequest, Rendered } from './render';
import { animationGif, pipeline, render, timeLimit } from './render';

/**
 * Below this share of still pixels the per-frame palettes cost more than the search saves: with
 * every pixel changing they cost 4.4 s of CPU where the plain encode takes 2.8 s (one 24-frame
 * 800x600 GIF), so the saving starts near half the pixels standing still.
 */
const MIN_STILL_SHARE = 0.5;

/**
 * Raw frames held per animation (25 frames of 800x600, 100 of 400x300). The encoder needs about as
 * much again, and two animations run at once: this keeps a batch well under 400 MB.
 */
const MAX_RAW_BYTES = 48 * 1024 * 1024;

/**
 * Each frame gets its own palette (from its changed pixels); effort 4 makes it good enough that
 * both PSNR measures in bench:images stay above ImageMagick's, where effort 1 only just does.
 * Plain colours are the step that must save bytes, and at effort 4 they came out larger than
 * dithered ones (a smooth gradient: 210 KB against 208 KB; at effort 1, 155 KB): effort 1 there.
 */
function framePaletteEffort(request: RenderRequest): number {
  return request.dither === false ? 1 : 4;
}

async function renderStillFramesClear(request: RenderRequest): Promise<Rendered | undefined> {
  const { target } = request;
  const pages = request.info.pages;
  const { data, info } = await (
    await pipeline(request)
  )
    .ensureAlpha()
    .raw()
    .timeout(timeLimit(request))
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4 || info.width !== target.width || info.height !== target.height * pages) return undefined;
  const still = clearStillPixels(data, target.width, target.height, pages);
  if (still === undefined || still < MIN_STILL_SHARE) return undefined;
  const encoded = await sharp(data, {
    raw: { width: target.width, height: target.height * pages, channels: 4, pageHeight: target.height },
  })
    .gif(animationGif(request, framePaletteEffort(request)))
    .timeout(timeLimit(request))
    .toBuffer({ resolveWithObject: true });
  return leaveFramesInPlace(encoded.data) ? encoded : undefined;
}

export async function renderAnimation(request: RenderRequest): Promise<Rendered> {
  const { target } = request;
  const small = target.width * target.height * 4 * request.info.pages <= MAX_RAW_BYTES;
  return (small && request.info.pages > 1 && (await renderStillFramesClear(request))) || render(request);
}

// attention/entropy for animations: libvips cannot run a crop strategy over many frames, so the
// region is decided on the first frame and then cut identically from every frame.
import sharp from 'sharp';
import type { Rect } from './geometry';
import { largest43 } from './geometry';
import type { ImageInfo } from './probe';
import type { ImageSource } from './sharp-setup';
import { openImage } from './sharp-setup';

export async function smartRegion(
  source: ImageSource,
  info: ImageInfo,
  strategy: 'attention' | 'entropy',
): Promise<Rect> {
  const size = largest43(info.width, info.height);
  // Analyse at a small size: the offsets scale back to the source.
  const probeSize = { width: 400, height: 300 };
  const scale = Math.max(probeSize.width / info.width, probeSize.height / info.height);
  const { info: out } = await openImage(source, { pages: 1 })
    .resize(probeSize.width, probeSize.height, { fit: 'cover', position: sharp.strategy[strategy] })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round(-(out.cropOffsetLeft ?? 0) / scale);
  const top = Math.round(-(out.cropOffsetTop ?? 0) / scale);
  return {
    left: Math.min(Math.max(0, left), info.width - size.width),
    top: Math.min(Math.max(0, top), info.height - size.height),
    ...size,
  };
}

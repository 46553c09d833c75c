// Which of the service's formats (GIF, JPEG, PNG) an input becomes.
import type { ImageInfo } from './probe';
import type { OutputFormat } from './options';
import type { PrepareWarning } from './warnings';
import { warning } from './warnings';

export interface FormatChoice {
  format: OutputFormat;
  /** Frames are kept (animated GIF out). */
  animated: boolean;
  warnings: PrepareWarning[];
}

/**
 * 'auto' rules, and why:
 * - an animation (GIF or WebP) becomes an animated GIF: the only animated format the service takes;
 * - PNG stays PNG, and so do SVG (flat vector art, sharp edges, text) and still GIF (palette art:
 *   after resampling it has more than 256 colours, which PNG keeps losslessly);
 * - JPEG stays JPEG;
 * - WebP, AVIF and TIFF become PNG when they carry transparency (JPEG has none) and JPEG otherwise,
 *   as they are almost always photographs or lossy exports where PNG would only be bigger.
 */
export function autoFormat(info: ImageInfo, transparent = info.hasAlpha): OutputFormat {
  if (info.animated) return 'gif';
  switch (info.format) {
    case 'jpeg':
      return 'jpeg';
    case 'png':
    case 'svg':
    case 'gif':
      return 'png';
    default:
      return transparent ? 'png' : 'jpeg';
  }
}

/** Whether deciding the format needs to know if an alpha channel is actually used. */
export function needsOpacityCheck(info: ImageInfo, requested: 'auto' | OutputFormat): boolean {
  if (!info.hasAlpha || info.animated) return false;
  return requested === 'jpeg' || (requested === 'auto' && ['webp', 'avif', 'tiff'].includes(info.format));
}

/** `transparent`: whether any pixel is not opaque (GIFs always decode with an alpha channel). */
export function chooseFormat(
  info: ImageInfo,
  requested: 'auto' | OutputFormat,
  transparent = info.hasAlpha,
): FormatChoice {
  const format = requested === 'auto' ? autoFormat(info, transparent) : requested;
  const warnings: PrepareWarning[] = [];
  const animated = info.animated && format === 'gif';
  if (info.animated && !animated) {
    warnings.push(
      warning(
        'animation-dropped',
        `The animation has ${info.pages} frames; ${format.toUpperCase()} cannot animate, so only the first frame is used.`,
      ),
    );
  }
  if (!info.animated && info.pages > 1) {
    warnings.push(warning('first-page-only', `The file has ${info.pages} pages; only the first one is used.`));
  }
  if (transparent && format === 'jpeg') {
    warnings.push(
      warning(
        'transparency-flattened',
        'JPEG has no transparency: transparent areas are filled with the background colour.',
      ),
    );
  }
  return { format, animated, warnings };
}

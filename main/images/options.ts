// What a caller may ask of prepare(), and the checks that turn it into one definite plan.
import type { FocusPoint, Rect } from './geometry';
import { ImageError } from './image-error';
import { MAX_SHOT_BYTES, SHOT_SIZE_NAMES } from '../../common/service-rules';
import type { ShotFormat, ShotSizeName } from '../../common/service-rules';
import type { PrepareChoice } from '../../common/prepare-choice';

/** What prepare() writes: exactly the formats the service accepts. */
export type OutputFormat = ShotFormat;

/** How the 4:3 region is chosen in cover mode. */
export type Focus = FocusPoint | 'attention' | 'entropy';

export interface PrepareOptions {
  /** 'auto' (default): 800x600 when the chosen region is at least that large, else 400x300. */
  target?: 'auto' | ShotSizeName;
  /** 'cover' (default) crops to fill; 'contain' fits the whole image on a background. */
  mode?: 'cover' | 'contain';
  /** cover only: the point to keep in view, or a libvips strategy. Default: the centre. */
  focus?: Focus;
  /** cover only: explicit region in oriented source pixels; wins over focus. */
  crop?: Rect;
  /** contain (and transparency flattened into JPEG): a CSS hex colour. Default white. */
  background?: string;
  /** 'auto' (default): PNG stays PNG, photos become JPEG, animations become animated GIF. */
  format?: 'auto' | OutputFormat;
  /** Keep EXIF and XMP (never the orientation tag, which is applied). Default false: stripped. */
  keepMetadata?: boolean;
  /** A tighter byte limit than the service's (never looser). Default MAX_SHOT_BYTES. */
  maxBytes?: number;
  /** Motion only: the part of the clip sent, frames starting in [startMs, endMs). Stills ignore it. */
  trim?: { startMs: number; endMs: number };
}

export interface ResolvedOptions {
  target: 'auto' | ShotSizeName;
  mode: 'cover' | 'contain';
  focus: Focus;
  crop: Rect | undefined;
  background: string;
  format: 'auto' | OutputFormat;
  keepMetadata: boolean;
  maxBytes: number;
  trim: { startMs: number; endMs: number } | undefined;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

function invalid(message: string): never {
  throw new ImageError('invalid-options', message);
}

export function resolveOptions(options: PrepareOptions = {}): ResolvedOptions {
  const target = options.target ?? 'auto';
  if (target !== 'auto' && !SHOT_SIZE_NAMES.includes(target))
    invalid(`Size must be auto, 800x600 or 400x300, not "${target}".`);
  const mode = options.mode ?? 'cover';
  if (mode !== 'cover' && mode !== 'contain') invalid(`Fit must be cover or contain, not "${String(mode)}".`);
  const format = options.format ?? 'auto';
  if (!['auto', 'png', 'jpeg', 'gif'].includes(format))
    invalid(`Format must be auto, png, jpeg or gif, not "${format}".`);
  const background = options.background ?? '#ffffff';
  if (!HEX.test(background)) invalid(`Background must be a hex colour like #ffffff, not "${background}".`);
  const focus = options.focus ?? { x: 0.5, y: 0.5 };
  if (typeof focus === 'object') {
    const inRange = (v: number) => Number.isFinite(v) && v >= 0 && v <= 1;
    if (!inRange(focus.x) || !inRange(focus.y)) invalid('The focus point must have x and y between 0 and 1.');
  } else if (focus !== 'attention' && focus !== 'entropy') {
    invalid(`Focus must be a point, attention or entropy, not "${String(focus)}".`);
  }
  const crop = options.crop;
  if (crop) {
    const values = [crop.left, crop.top, crop.width, crop.height];
    if (!values.every(Number.isFinite) || crop.width <= 0 || crop.height <= 0)
      invalid('The crop rectangle needs a positive width and height.');
  }
  const maxBytes = options.maxBytes ?? MAX_SHOT_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes < 1024 || maxBytes > MAX_SHOT_BYTES)
    invalid(`The byte limit must be a whole number from 1024 to ${MAX_SHOT_BYTES}.`);
  const trim = options.trim;
  if (
    trim &&
    !(Number.isFinite(trim.startMs) && Number.isFinite(trim.endMs) && trim.startMs >= 0 && trim.endMs > trim.startMs)
  )
    invalid('A trim needs a start of 0 or more and an end after it.');
  const keepMetadata = options.keepMetadata ?? false;
  return { target, mode, focus, crop, background, format, keepMetadata, maxBytes, trim };
}

/**
 * The one translation from the prepare choice (the window's, a watched folder's, the CLI's, as the
 * journal keeps it) into the pipeline's options. In contain mode the whole image is kept, so a crop
 * or focus point chosen earlier for cover has no say.
 */
export function optionsOfChoice(choice: PrepareChoice): PrepareOptions {
  const options: PrepareOptions = {};
  if (choice.size) options.target = choice.size;
  if (choice.fit) options.mode = choice.fit;
  if (choice.fit !== 'contain') {
    if (choice.crop) options.crop = choice.crop;
    else if (choice.focus) options.focus = choice.focus;
  }
  if (choice.background) options.background = choice.background;
  if (choice.format) options.format = choice.format;
  if (choice.trim) options.trim = { ...choice.trim };
  return options;
}

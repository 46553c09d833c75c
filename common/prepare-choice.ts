// How a source image becomes the exact image the service accepts, as the user (or Settings, a
// watched folder, the CLI) chooses it. One type from the window to the journal; the image
// pipeline turns it into its own options in one place (main/images/options.ts, optionsOfChoice).
import { SHOT_FORMATS } from './service-rules';
import type { SIZE_CHOICES } from './service-rules';

/** 'auto': 800x600 when the chosen region is at least that large, else 400x300 (enlarged, with a warning). */
export type SizeChoice = (typeof SIZE_CHOICES)[number];

/** The size options as every size menu offers them, in this order. */
export const SIZE_OPTIONS: readonly { value: SizeChoice; label: string }[] = [
  { value: 'auto', label: 'Best fit' },
  { value: '800x600', label: '800×600' },
  { value: '400x300', label: '400×300' },
];

/** cover crops a 4:3 region; contain fits the whole image on the background. */
export const FIT_CHOICES = ['cover', 'contain'] as const;
export type FitChoice = (typeof FIT_CHOICES)[number];

/** The output format: 'auto', or one the service accepts. */
export const FORMAT_CHOICES = ['auto', ...SHOT_FORMATS] as const;
export type FormatChoice = (typeof FORMAT_CHOICES)[number];

export interface PrepareChoice {
  size?: SizeChoice;
  fit?: FitChoice;
  /** cover: the point to keep in view, 0..1 of the width and height. */
  focus?: { x: number; y: number };
  /** cover: an explicit region in source pixels; wins over focus. */
  crop?: { left: number; top: number; width: number; height: number };
  /** contain: the colour around the image, a CSS hex colour. */
  background?: string;
  /** 'auto' (default): PNG stays PNG, photos become JPEG, animations stay animated GIFs. */
  format?: FormatChoice;
  /** Motion only: the part of the clip sent, frames starting in [startMs, endMs); stills ignore it. */
  trim?: { startMs: number; endMs: number };
}

// The one list of files Shotput takes as input. The file picker, a drop on the window, a paste,
// watched folders, the CLI and the README all say the same thing because they all read it here.

export interface InputType {
  /** How the format is named to a person. */
  label: string;
  /** File name endings, lower case, without the dot. */
  extensions: readonly string[];
  /** Moves: becomes an animated GIF (videos and APNG need ffmpeg in the CLI). */
  motion?: true;
}

export const INPUT_TYPES: readonly InputType[] = [
  { label: 'PNG', extensions: ['png'] },
  { label: 'JPEG', extensions: ['jpg', 'jpeg'] },
  { label: 'GIF', extensions: ['gif'] },
  { label: 'WebP', extensions: ['webp'] },
  { label: 'TIFF', extensions: ['tif', 'tiff'] },
  { label: 'AVIF', extensions: ['avif'] },
  { label: 'SVG', extensions: ['svg'] },
  // Motion (issue 35): decoded by the window's Worker in the app, by ffmpeg in the CLI.
  { label: 'MP4', extensions: ['mp4', 'm4v'], motion: true },
  { label: 'MOV', extensions: ['mov'], motion: true },
  { label: 'WebM', extensions: ['webm'], motion: true },
  { label: 'APNG', extensions: ['apng'], motion: true },
  // Drawn frame by frame by the dotLottie player (no ffmpeg). A `.json` in a folder is a Lottie only
  // by its content: a sidecar (name.json beside name.png) is read with its image.
  { label: 'Lottie', extensions: ['json', 'lottie'], motion: true },
];

/** Every accepted ending without the dot, for a file dialog's filter. */
export const INPUT_EXTENSIONS: readonly string[] = INPUT_TYPES.flatMap((type) => type.extensions);

/**
 * The endings the installers offer Shotput for in the system's "Open with": every one but `.json`,
 * which is far more often not a Lottie (Shotput would clutter every JSON file's menu).
 */
export const OPEN_WITH_EXTENSIONS: readonly string[] = INPUT_EXTENSIONS.filter((extension) => extension !== 'json');

/** "PNG, JPEG, GIF, WebP, TIFF, AVIF, SVG, MP4, MOV, WebM, APNG or Lottie". */
export const INPUT_LABELS = `${INPUT_TYPES.slice(0, -1)
  .map((type) => type.label)
  .join(', ')} or ${INPUT_TYPES.at(-1)!.label}`;

const ENDINGS = new Set(INPUT_EXTENSIONS.map((extension) => `.${extension}`));

/** True when the name ends like a file Shotput reads (the content is checked later). */
export function hasInputExtension(name: string): boolean {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && ENDINGS.has(base.slice(dot).toLowerCase());
}

/** Images that can be pasted from the clipboard, with the file ending each is saved with. */
export const PASTE_TYPES = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
} as const;
export type PasteType = keyof typeof PASTE_TYPES;
export const PASTE_TYPE_NAMES = Object.keys(PASTE_TYPES) as PasteType[];

export function isPasteType(type: string): type is PasteType {
  return Object.hasOwn(PASTE_TYPES, type);
}

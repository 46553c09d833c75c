// Renders assets/icon.svg into the PNGs electron-builder consumes:
//   build/icon.png           1024x1024, from which electron-builder makes .icns (macOS) and .ico (Windows)
//   build/icons/NxN.png      the Linux hicolor sizes, installed by the deb and AppImage targets
// The outputs are generated, not committed (build/icon.png and build/icons/ are git-ignored
// through build/.gitignore): `npm run dist` and the packaging test render them first, so
// they always match the SVG.
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const LINUX_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const;
export const MAIN_ICON_SIZE = 1024;

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface RenderedIcons {
  main: string;
  linux: string[];
}

/** Renders the icon set from `svgPath` into `buildDir` and returns the written paths. */
export async function makeIcons(
  svgPath = join(projectDir, 'assets', 'icon.svg'),
  buildDir = join(projectDir, 'build'),
): Promise<RenderedIcons> {
  const iconsDir = join(buildDir, 'icons');
  await mkdir(iconsDir, { recursive: true });
  // Rasterise once at 1024 px, then downscale every size from that raster with a
  // Lanczos filter, which keeps the small sizes crisp.
  const master = await sharp(svgPath).resize(MAIN_ICON_SIZE, MAIN_ICON_SIZE).png().toBuffer();
  const main = join(buildDir, 'icon.png');
  await sharp(master).png({ compressionLevel: 9 }).toFile(main);
  const linux: string[] = [];
  for (const size of LINUX_ICON_SIZES) {
    const file = join(iconsDir, `${size}x${size}.png`);
    await sharp(master).resize(size, size, { kernel: 'lanczos3' }).png({ compressionLevel: 9 }).toFile(file);
    linux.push(file);
  }
  return { main, linux };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { main, linux } = await makeIcons();
  console.log(`icons: ${main} and ${linux.length} Linux sizes`);
}

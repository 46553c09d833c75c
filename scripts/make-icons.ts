// Renders assets/icon.svg into the icons electron-builder consumes:
//   build/icon.png           1024x1024 master raster
//   build/icon.icns          macOS (PNG-based icon families, 16 to 1024 px)
//   build/icon.ico           Windows (PNG-compressed entries, 16 to 256 px)
//   build/icons/NxN.png      the Linux hicolor sizes, installed by the deb and AppImage targets
// electron-builder could convert the PNG into .icns/.ico itself, but on Linux and Windows it
// downloads a converter to do so; writing both containers here keeps every build offline.
// The outputs are generated, not committed (build/icon.png and build/icons/ are git-ignored
// through build/.gitignore): `npm run dist` and the packaging test render them first, so
// they always match the SVG.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const LINUX_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const;
export const MAIN_ICON_SIZE = 1024;

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface RenderedIcons {
  main: string;
  icns: string;
  ico: string;
  linux: string[];
}

/** ICNS element types holding PNG data, with their pixel size (Apple's icon family types). */
const ICNS_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['icp6', 64],
  ['ic12', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256],
  ['ic09', 512],
  ['ic14', 512],
  ['ic10', 1024],
];

export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;

/** An .icns file: 'icns' + total length, then per element its type, length (with header) and PNG. */
export function icnsFromPngs(pngBySize: ReadonlyMap<number, Buffer>): Buffer {
  const elements = ICNS_TYPES.map(([type, size]) => {
    const png = pngBySize.get(size);
    if (png === undefined) throw new Error(`no ${size}px PNG for icns element ${type}`);
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([header, png]);
  });
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'latin1');
  header.writeUInt32BE(8 + elements.reduce((sum, element) => sum + element.length, 0), 4);
  return Buffer.concat([header, ...elements]);
}

/** An .ico file whose entries are PNGs (supported since Windows Vista); 256 is written as 0. */
export function icoFromPngs(pngBySize: ReadonlyMap<number, Buffer>): Buffer {
  const pngs = ICO_SIZES.map((size) => {
    const png = pngBySize.get(size);
    if (png === undefined) throw new Error(`no ${size}px PNG for the ico`);
    return [size, png] as const;
  });
  const directory = Buffer.alloc(6 + 16 * pngs.length);
  directory.writeUInt16LE(0, 0);
  directory.writeUInt16LE(1, 2);
  directory.writeUInt16LE(pngs.length, 4);
  let offset = directory.length;
  pngs.forEach(([size, png], index) => {
    const at = 6 + 16 * index;
    directory.writeUInt8(size >= 256 ? 0 : size, at);
    directory.writeUInt8(size >= 256 ? 0 : size, at + 1);
    directory.writeUInt8(0, at + 2);
    directory.writeUInt8(0, at + 3);
    directory.writeUInt16LE(1, at + 4);
    directory.writeUInt16LE(32, at + 6);
    directory.writeUInt32LE(png.length, at + 8);
    directory.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([directory, ...pngs.map(([, png]) => png)]);
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
  // From its bytes, not its path: the app blocks libvips from opening an SVG file by path for
  // every pipeline of a process (main/images/sharp-setup.ts), and a test process that ran the app's
  // image code before this would refuse the icon as an unsupported format.
  const master = await sharp(await readFile(svgPath))
    .resize(MAIN_ICON_SIZE, MAIN_ICON_SIZE)
    .png()
    .toBuffer();
  const sizes = new Set<number>([...LINUX_ICON_SIZES, ...ICO_SIZES, ...ICNS_TYPES.map(([, size]) => size)]);
  const pngBySize = new Map<number, Buffer>();
  for (const size of sizes) {
    const png = size === MAIN_ICON_SIZE ? sharp(master) : sharp(master).resize(size, size, { kernel: 'lanczos3' });
    pngBySize.set(size, await png.png({ compressionLevel: 9 }).toBuffer());
  }
  const main = join(buildDir, 'icon.png');
  await writeFile(main, pngBySize.get(MAIN_ICON_SIZE) ?? master);
  const icns = join(buildDir, 'icon.icns');
  await writeFile(icns, icnsFromPngs(pngBySize));
  const ico = join(buildDir, 'icon.ico');
  await writeFile(ico, icoFromPngs(pngBySize));
  const linux: string[] = [];
  for (const size of LINUX_ICON_SIZES) {
    const file = join(iconsDir, `${size}x${size}.png`);
    await writeFile(file, pngBySize.get(size) ?? master);
    linux.push(file);
  }
  return { main, icns, ico, linux };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { main, linux } = await makeIcons();
  console.log(`icons: ${main} and ${linux.length} Linux sizes`);
}

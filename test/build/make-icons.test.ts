// The installers' icons are rendered from assets/icon.svg by scripts/make-icons.ts. The app blocks
// libvips from opening an SVG by its path for the whole process (main/images/sharp-setup.ts), so a
// process that loaded the app's image code before rendering the icons (a test worker that ran the
// image tests first) refused the icon as "unsupported image format" when it was opened by path.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, test } from 'vitest';
import '../../main/images/sharp-setup';
import { LINUX_ICON_SIZES, MAIN_ICON_SIZE, makeIcons } from '../../scripts/make-icons';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

test('the icons render in a process whose sharp may not open SVG files by path', async () => {
  // The block is on: an SVG named by its path is refused in this process.
  await expect(
    sharp(join(import.meta.dirname, '..', '..', 'assets', 'icon.svg'))
      .png()
      .toBuffer(),
  ).rejects.toThrow(/unsupported image format/);
  const dir = await mkdtemp(join(tmpdir(), 'shotput-icons-'));
  dirs.push(dir);
  const icons = await makeIcons(undefined, join(dir, 'build'));
  expect(await sharp(join(dir, 'build', 'icon.png')).metadata()).toMatchObject({
    format: 'png',
    width: MAIN_ICON_SIZE,
    height: MAIN_ICON_SIZE,
  });
  expect(icons.linux).toHaveLength(LINUX_ICON_SIZES.length);
});

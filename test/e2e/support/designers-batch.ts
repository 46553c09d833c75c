// The files designers really have, made for the layout walk: a camera photo, a large transparent
// PNG, a small icon, an animated GIF, an SVG, a phone screenshot, a damaged PNG, a text file and a
// dark logo on a transparent PNG.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { animatedGif, photo } from '../../images/fixtures';

/** The phone screenshot's name, as the phone names it. */
export const PHONE = 'Screenshot 2024-05-02 at 09.41.12.png';

const waveSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
  <rect width="1200" height="900" fill="#10223d"/>
  <path d="M0 520 C 200 420 400 620 600 520 S 1000 420 1200 520 V 900 H 0 Z" fill="#2d7dd2"/>
  <path d="M0 640 C 200 560 400 740 600 640 S 1000 560 1200 640 V 900 H 0 Z" fill="#97cc04"/>
</svg>`;

export async function makeBatch(dir: string): Promise<string[]> {
  const files = {
    photo: join(dir, 'DSC_0412.jpg'),
    alpha: join(dir, 'hero-export@2x.png'),
    icon: join(dir, 'app-icon.png'),
    gif: join(dir, 'loader.gif'),
    svg: join(dir, 'wave-pattern.svg'),
    phone: join(dir, PHONE),
    damaged: join(dir, 'broken-export.png'),
    text: join(dir, 'notes.txt'),
    logo: join(dir, 'dark-logo.png'),
  };
  await photo(6000, 4000).jpeg({ quality: 85 }).toFile(files.photo);
  await sharp({ create: { width: 3200, height: 2400, channels: 4, background: { r: 220, g: 60, b: 120, alpha: 0.4 } } })
    .png()
    .toFile(files.alpha);
  await photo(300, 200).png().toFile(files.icon);
  await writeFile(
    files.gif,
    await animatedGif(
      480,
      360,
      Array.from({ length: 20 }, () => 60),
    ),
  );
  await writeFile(files.svg, waveSvg);
  await photo(1080, 1920).png().toFile(files.phone);
  const whole = await photo(800, 600).png().toBuffer();
  await writeFile(files.damaged, whole.subarray(0, Math.floor(whole.length / 3)));
  await writeFile(files.text, 'Call the client on Monday.');
  await darkLogo().toFile(files.logo);
  return Object.values(files);
}

/** A near-black disc on a transparent 1600x1200 PNG: a logo exported for a light page. */
function darkLogo(): ReturnType<typeof sharp> {
  const disc = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><circle cx="800" cy="600" r="420" fill="#141414"/></svg>`;
  return sharp(Buffer.from(disc)).png();
}

// The tray icon shown while folders are watched: the app's mark drawn small (rendered with sharp
// from the SVG below, so nothing outside the app's own code has to ship with it; here, because sharp
// is main/images' alone). On macOS it is a
// black "template" image the menu bar tints; elsewhere it keeps the app's colours.
import sharp from 'sharp';

const colourMark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect x="1" y="1" width="30" height="30" rx="7" fill="#e8386d"/>
  <path d="M 11 19 Q 13 11 21 10.5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/>
  <path d="M 20 7 L 25 10.5 L 20 14 Z" fill="#fff"/>
  <circle cx="11" cy="21.5" r="4.6" fill="#fff"/>
</svg>`;

const templateMark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <path d="M 11 19 Q 13 11 21 10.5" fill="none" stroke="#000" stroke-width="3" stroke-linecap="round"/>
  <path d="M 19.5 6 L 26 10.5 L 19.5 15 Z" fill="#000"/>
  <circle cx="11" cy="21.5" r="5.5" fill="#000"/>
</svg>`;

/** PNG bytes of the tray icon, `size` pixels square (16 for 1x menu bars, 32 for 2x and Windows). */
export async function trayIconPng(size: number, template: boolean): Promise<Buffer> {
  const svg = Buffer.from(template ? templateMark : colourMark);
  return sharp(svg, { density: Math.max(72, Math.round((72 * size) / 32)) })
    .resize(size, size)
    .png()
    .toBuffer();
}

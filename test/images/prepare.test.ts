// prepare() over real generated images: sizes, orientation, crops, fits, formats, metadata, colour.
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SHOT_BYTES } from '../../common/service-rules';
import { prepare, probe } from '../../main/images/index';
import type { PreparedImage } from '../../main/images/index';
import { colourName, photo, pixel, quadrants, scratch } from './fixtures';
import type { Scratch } from './fixtures';

let tmp: Scratch;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

async function save(name: string, image: Sharp): Promise<string> {
  const file = tmp.file(name);
  await image.toFile(file);
  return file;
}

/** What the service will see: the bytes re-read independently of prepare's own check. */
async function expectValid(result: PreparedImage, size: string, format: string): Promise<void> {
  const meta = await sharp(result.buffer, { animated: true }).metadata();
  expect(`${meta.width}x${meta.pageHeight ?? meta.height}`).toBe(size);
  expect(meta.format).toBe(format);
  expect(`${result.width}x${result.height}`).toBe(size);
  expect(result.format).toBe(format);
  expect(result.bytes).toBe(result.buffer.length);
  expect(result.bytes).toBeLessThanOrEqual(MAX_SHOT_BYTES);
}

const codes = (result: PreparedImage) => result.warnings.map((w) => w.code);

describe('target size', () => {
  it('auto picks 800x600 when the 4:3 region is at least that large, else 400x300', async () => {
    const large = await prepare(await save('large.jpg', photo(1000, 700).jpeg()));
    await expectValid(large, '800x600', 'jpeg');
    expect(large.warnings).toEqual([]);
    // 1000x560: the largest 4:3 region is 747x560, under 800x600.
    const wide = await prepare(await save('wide.jpg', photo(1000, 560).jpeg()));
    await expectValid(wide, '400x300', 'jpeg');
    expect(wide.warnings).toEqual([]);
  });

  it('enlarges a small image only with a warning saying so', async () => {
    const small = await prepare(await save('small.png', photo(320, 240).png()));
    await expectValid(small, '400x300', 'png');
    expect(codes(small)).toEqual(['enlarged']);
    expect(small.warnings[0]!.message).toMatch(/320x240.*enlarged/);
    const forced = await prepare(await save('mid.jpg', photo(600, 450).jpeg()), { target: '800x600' });
    await expectValid(forced, '800x600', 'jpeg');
    expect(codes(forced)).toEqual(['enlarged']);
  });

  it('says when a 4:3 crop drops much of a tall screenshot, and not for a photo or a fit', async () => {
    const file = await save('phone.png', photo(1080, 1920).png());
    const cropped = await prepare(file);
    await expectValid(cropped, '800x600', 'png');
    expect(codes(cropped)).toEqual(['crop-loss']);
    expect(cropped.warnings[0]!.message).toBe(
      'The crop keeps 42% of the 1080x1920 image; choose Fit to show all of it.',
    );
    expect(codes(await prepare(file, { mode: 'contain' }))).toEqual([]);
    expect(codes(await prepare(await save('camera.jpg', photo(1500, 1000).jpeg())))).toEqual([]);
  });

  it('contain: 800x600 when no enlargement is needed on the limiting side', async () => {
    const banner = await prepare(await save('banner.png', photo(1200, 300).png()), { mode: 'contain' });
    await expectValid(banner, '800x600', 'png');
    expect(banner.warnings).toEqual([]);
    const icon = await prepare(await save('icon.png', photo(200, 200).png()), { mode: 'contain' });
    await expectValid(icon, '400x300', 'png');
    expect(codes(icon)).toEqual(['enlarged']);
  });
});

describe('EXIF orientation', () => {
  it('applies orientation 6 (stored landscape, shown portrait) and drops the tag', async () => {
    // Stored: red | green over blue | white. Shown after a quarter turn clockwise: blue | red over white | green.
    const file = await save(
      'sideways.jpg',
      quadrants(1200, 900).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }),
    );
    const info = await probe(file);
    expect(info).toMatchObject({ width: 900, height: 1200, orientation: 6 });
    const result = await prepare(file);
    await expectValid(result, '800x600', 'jpeg');
    expect((await sharp(result.buffer).metadata()).orientation).toBeUndefined();
    expect(colourName(await pixel(result.buffer, 100, 100))).toBe('blue');
    expect(colourName(await pixel(result.buffer, 700, 100))).toBe('red');
    expect(colourName(await pixel(result.buffer, 100, 500))).toBe('white');
    expect(colourName(await pixel(result.buffer, 700, 500))).toBe('green');
    // A focus point refers to the image as shown: the top of the portrait.
    const top = await prepare(file, { focus: { x: 0.5, y: 0 } });
    await expectValid(top, '800x600', 'jpeg');
    expect(colourName(await pixel(top.buffer, 100, 100))).toBe('blue');
    expect(colourName(await pixel(top.buffer, 700, 100))).toBe('red');
    expect(colourName(await pixel(top.buffer, 100, 580))).toBe('white');
  });
});

describe('cover crops', () => {
  it('keeps the focus point in view', async () => {
    const file = await save('wide-quadrants.png', quadrants(1600, 600));
    const left = await prepare(file, { focus: { x: 0, y: 0.5 } });
    await expectValid(left, '800x600', 'png');
    expect(colourName(await pixel(left.buffer, 400, 100))).toBe('red');
    expect(colourName(await pixel(left.buffer, 400, 500))).toBe('blue');
    const right = await prepare(file, { focus: { x: 1, y: 0.5 } });
    expect(colourName(await pixel(right.buffer, 400, 100))).toBe('green');
    expect(colourName(await pixel(right.buffer, 400, 500))).toBe('white');
  });

  it('entropy and attention find the detailed part of a flat image', async () => {
    // Flat black, with a patch of coloured grain on the far right.
    const grain = await photo(300, 600, '#ff8800').png().toBuffer();
    const file = await save(
      'detail-right.png',
      sharp({ create: { width: 1800, height: 600, channels: 3, background: '#000000' } })
        .composite([{ input: grain, left: 1500, top: 0 }])
        .png(),
    );
    for (const focus of ['entropy', 'attention'] as const) {
      const result = await prepare(file, { focus });
      await expectValid(result, '800x600', 'png');
      expect(colourName(await pixel(result.buffer, 780, 300)), focus).not.toBe('black');
    }
  });

  it('uses an exact 4:3 crop rectangle as given', async () => {
    const result = await prepare(await save('quad.png', quadrants(1600, 1200)), {
      crop: { left: 800, top: 600, width: 800, height: 600 },
    });
    await expectValid(result, '800x600', 'png');
    expect(result.warnings).toEqual([]);
    expect(colourName(await pixel(result.buffer, 10, 10))).toBe('white');
    expect(colourName(await pixel(result.buffer, 790, 590))).toBe('white');
  });

  it('narrows a crop that is not 4:3 and cuts one that leaves the image, saying so', async () => {
    const file = await save('quad2.png', quadrants(1600, 1200));
    // 1600x600 across the top half: narrowed to the 800x600 centred in it (red | green boundary in the middle).
    const wide = await prepare(file, { crop: { left: 0, top: 0, width: 1600, height: 600 } });
    expect(codes(wide)).toEqual(['crop-reshaped']);
    expect(wide.warnings[0]!.message).toMatch(/800x600 at 400,0/);
    expect(colourName(await pixel(wide.buffer, 200, 300))).toBe('red');
    expect(colourName(await pixel(wide.buffer, 600, 300))).toBe('green');
    const outside = await prepare(file, { crop: { left: 1200, top: 900, width: 800, height: 600 } });
    // What is left inside the image is 400x300: exactly the smaller size, no enlargement.
    expect(codes(outside)).toEqual(['crop-clamped']);
    await expectValid(outside, '400x300', 'png');
    expect(colourName(await pixel(outside.buffer, 200, 150))).toBe('white');
  });
});

describe('contain', () => {
  it('fits the whole image on the background colour', async () => {
    const result = await prepare(await save('strip.png', quadrants(1600, 400)), {
      mode: 'contain',
      background: '#ff00ff',
    });
    await expectValid(result, '800x600', 'png');
    // 1600x400 scales to 800x200, centred: bands of background above and below.
    expect(colourName(await pixel(result.buffer, 400, 20))).toBe('magenta');
    expect(colourName(await pixel(result.buffer, 400, 580))).toBe('magenta');
    expect(colourName(await pixel(result.buffer, 100, 250))).toBe('red');
    expect(colourName(await pixel(result.buffer, 700, 350))).toBe('white');
  });
});

describe('output format', () => {
  it('auto: PNG stays PNG, JPEG stays JPEG, opaque WebP/AVIF/TIFF become JPEG', async () => {
    const cases: Array<[string, Sharp, string]> = [
      ['a.png', photo(900, 700).png(), 'png'],
      ['a.jpg', photo(900, 700).jpeg(), 'jpeg'],
      ['a.webp', photo(900, 700).webp(), 'jpeg'],
      ['a.avif', photo(900, 700).avif({ effort: 0 }), 'jpeg'],
      ['a.tiff', photo(900, 700).tiff(), 'jpeg'],
    ];
    for (const [name, image, format] of cases) {
      const result = await prepare(await save(name, image));
      await expectValid(result, '800x600', format);
    }
  });

  it('auto: transparent WebP becomes PNG, keeping the transparency; a still GIF becomes PNG', async () => {
    const clear = sharp({
      create: { width: 900, height: 700, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } },
    });
    const result = await prepare(await save('clear.webp', clear.webp({ lossless: true, effort: 0 })));
    await expectValid(result, '800x600', 'png');
    const stats = await sharp(result.buffer).stats();
    expect(stats.isOpaque).toBe(false);
    const still = await prepare(await save('still.gif', quadrants(900, 700).gif({ effort: 1 })));
    await expectValid(still, '800x600', 'png');
  });

  it('SVG is drawn at the target size, never enlarged as pixels', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90"><rect width="60" height="90" fill="#ff0000"/><rect x="60" width="60" height="90" fill="#0000ff"/></svg>';
    const result = await prepare(await tmp.write('logo.svg', svg));
    await expectValid(result, '800x600', 'png');
    expect(result.warnings).toEqual([]);
    // A vector edge stays sharp: the pixels right next to the middle are pure colours.
    expect(colourName(await pixel(result.buffer, 397, 300))).toBe('red');
    expect(colourName(await pixel(result.buffer, 403, 300))).toBe('blue');
  });

  it('a forced JPEG flattens transparency onto the background, with a warning', async () => {
    const clear = sharp({
      create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    }).png();
    const result = await prepare(await save('clear.png', clear), { format: 'jpeg', background: '#0000ff' });
    await expectValid(result, '800x600', 'jpeg');
    expect(codes(result)).toEqual(['transparency-flattened']);
    expect(colourName(await pixel(result.buffer, 400, 300))).toBe('blue');
  });
});

describe('metadata and colour', () => {
  it('strips EXIF (with GPS), XMP and IPTC by default; keeps EXIF and XMP on request', async () => {
    const tagged = photo(900, 700)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Studio', Artist: 'Designer' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      );
    const file = await save('tagged.jpg', tagged);
    const input = await sharp(file).metadata();
    expect(input.exif).toBeDefined();
    expect(input.xmp).toBeDefined();
    const stripped = await sharp((await prepare(file)).buffer).metadata();
    expect(stripped.exif).toBeUndefined();
    expect(stripped.xmp).toBeUndefined();
    expect(stripped.iptc).toBeUndefined();
    const kept = await sharp((await prepare(file, { keepMetadata: true })).buffer).metadata();
    expect(kept.exif?.toString('latin1')).toContain('Designer');
    expect(kept.xmp).toBeDefined();
  });

  it('converts CMYK and 16-bit input to 8-bit sRGB', async () => {
    const cmyk = await save('print.jpg', photo(900, 700).toColourspace('cmyk').jpeg());
    expect((await probe(cmyk)).space).toBe('cmyk');
    const fromCmyk = await sharp((await prepare(cmyk)).buffer).metadata();
    expect(fromCmyk).toMatchObject({ space: 'srgb', channels: 3, depth: 'uchar' });
    const deep = await save('deep.png', photo(900, 700).toColourspace('rgb16').png());
    expect((await probe(deep)).space).toBe('rgb16');
    const fromDeep = await sharp((await prepare(deep)).buffer).metadata();
    expect(fromDeep).toMatchObject({ space: 'srgb', depth: 'uchar' });
  });
});

// The check made right after encoding: from the encoder's report and the header bytes, no decode.
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { readOutputHeader } from '../../main/images/output-header';
import { checkEncoded } from '../../main/images/verify';
import { animatedGif } from './fixtures';

const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>';
const red = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc3333' } });
const encode = (image: Sharp) => image.toBuffer({ resolveWithObject: true });
const expected = (
  format: 'png' | 'jpeg' | 'gif',
  extra: { pages?: number; maxBytes?: number; keptMetadata?: boolean } = {},
) => ({
  format,
  size: { width: 64, height: 48 },
  pages: extra.pages ?? 1,
  keptMetadata: extra.keptMetadata ?? false,
  ...(extra.maxBytes ? { maxBytes: extra.maxBytes } : {}),
});

describe('reading an encoded header', () => {
  it.each([
    ['JPEG', red().jpeg(), 'jpeg', []],
    ['progressive JPEG', red().jpeg({ progressive: true }), 'jpeg', []],
    [
      'JPEG with EXIF',
      red()
        .withExif({ IFD0: { Artist: 'A designer' } })
        .jpeg(),
      'jpeg',
      ['exif'],
    ],
    ['JPEG with XMP', red().withXmp(XMP).jpeg(), 'jpeg', ['xmp']],
    ['JPEG with a P3 profile', red().withIccProfile('p3').jpeg(), 'jpeg', ['icc']],
    ['PNG', red().png(), 'png', []],
    [
      'PNG with EXIF',
      red()
        .withExif({ IFD0: { Artist: 'A designer' } })
        .png(),
      'png',
      ['exif'],
    ],
    ['PNG with XMP', red().withXmp(XMP).png(), 'png', ['xmp']],
    ['PNG with a P3 profile', red().withIccProfile('p3').png(), 'png', ['icc']],
    ['GIF', red().gif(), 'gif', []],
  ] as const)('%s: format, size and metadata blocks', async (_, image, format, metadata) => {
    expect(readOutputHeader(await image.toBuffer())).toEqual({ format, width: 64, height: 48, metadata });
  });

  it('names no format for bytes that are not a PNG, JPEG or GIF', async () => {
    expect(readOutputHeader(Buffer.from('not an image at all'))).toBeUndefined();
    expect(readOutputHeader(await red().webp().toBuffer())).toBeUndefined();
    expect(readOutputHeader((await red().png().toBuffer()).subarray(0, 20))).toBeUndefined();
  });
});

describe('checkEncoded', () => {
  it('passes an output that is exactly what was asked, with its frames counted by the encoder', async () => {
    const { data, info } = await encode(red().jpeg());
    expect(checkEncoded(data, info, expected('jpeg'))).toEqual({
      format: 'jpeg',
      width: 64,
      height: 48,
      pages: 1,
      bytes: data.length,
    });
    const gif = await encode(sharp(await animatedGif(64, 48, [100, 100, 100]), { animated: true }).gif());
    expect(checkEncoded(gif.data, gif.info, expected('gif', { pages: 3 }))).toMatchObject({ pages: 3 });
  });

  it('rejects a wrong format, size or frame count', async () => {
    const { data, info } = await encode(red().png());
    expect(() => checkEncoded(data, info, expected('jpeg'))).toThrow(/format png instead of jpeg/);
    expect(() => checkEncoded(data, info, { ...expected('png'), size: { width: 800, height: 600 } })).toThrow(
      /size 64x48 instead of 800x600/,
    );
    expect(() => checkEncoded(data, info, expected('png', { pages: 2 }))).toThrow(/1 frames instead of 2/);
  });

  it('rejects grey output: the service gets sRGB colour', async () => {
    const { data, info } = await encode(red().toColourspace('b-w').png());
    expect(() => checkEncoded(data, info, expected('png'))).toThrow(
      expect.objectContaining({ code: 'output-check-failed', message: expect.stringMatching(/grey/) }),
    );
  });

  it('rejects EXIF and XMP unless they were asked to be kept, and an ICC profile always', async () => {
    const exif = await encode(
      red()
        .withExif({ IFD0: { Artist: 'A designer' } })
        .jpeg(),
    );
    expect(() => checkEncoded(exif.data, exif.info, expected('jpeg'))).toThrow(/carries EXIF/);
    expect(checkEncoded(exif.data, exif.info, expected('jpeg', { keptMetadata: true })).bytes).toBe(exif.data.length);
    const xmp = await encode(red().withXmp(XMP).png());
    expect(() => checkEncoded(xmp.data, xmp.info, expected('png'))).toThrow(/carries XMP/);
    const icc = await encode(red().withIccProfile('p3').png());
    expect(() => checkEncoded(icc.data, icc.info, expected('png', { keptMetadata: true }))).toThrow(
      /carries an ICC profile/,
    );
  });

  it('rejects an output over the byte limit as too large', async () => {
    const { data, info } = await encode(red().png());
    expect(() => checkEncoded(data, info, expected('png', { maxBytes: data.length - 1 }))).toThrow(
      expect.objectContaining({ code: 'too-large-output' }),
    );
  });
});

// Every kind of bad input gives an ImageError with a code and a sentence: never a crash or a hang.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageError, prepare, preview, probe } from '../../main/images/index';
import { toImageError } from '../../main/images/image-error';
import type { ImageErrorCode } from '../../main/images/index';
import { INPUT_LABELS } from '../../common/input-types';
import { photo, pngBomb, scratch } from './fixtures';
import type { Scratch } from './fixtures';

let tmp: Scratch;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

async function failure(promise: Promise<unknown>): Promise<ImageError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageError);
  const imageError = error as ImageError;
  expect(imageError.message.length).toBeGreaterThan(10);
  expect(imageError.toProblem()).toEqual({ code: `image-${imageError.code}`, message: imageError.message });
  return imageError;
}

async function expectCode(file: string | Buffer, code: ImageErrorCode): Promise<ImageError> {
  const fromProbe = await failure(probe(file));
  expect(fromProbe.code).toBe(code);
  const fromPrepare = await failure(prepare(file));
  expect(fromPrepare.code).toBe(code);
  const fromPreview = await failure(preview(file));
  expect(fromPreview.code).toBe(code);
  return fromPrepare;
}

describe('bad inputs', () => {
  it('a zero-byte file is "empty"', async () => {
    const error = await expectCode(await tmp.write('empty.png', ''), 'empty');
    expect(error.message).toMatch(/empty/i);
  });

  it('a missing file and a directory are "not-found"', async () => {
    await expectCode(tmp.file('missing.jpg'), 'not-found');
    await expectCode(tmp.dir, 'not-found');
  });

  it('text named .png is "not-an-image", and the sentence names what can be read', async () => {
    const error = await expectCode(
      await tmp.write('notes.png', 'These are my notes, not a picture.\n'.repeat(20)),
      'not-an-image',
    );
    // As a file dropped on the window is told (main/desktop/drafts.ts): what would have worked.
    expect(error.message).toBe(`The file is not an image Shotput can read (${INPUT_LABELS}).`);
  });

  it('PDF, HEIC and PSD are named and refused as "unsupported-format"', async () => {
    const pdf = await expectCode(
      await tmp.write('doc.pdf', '%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      'unsupported-format',
    );
    expect(pdf.message).toMatch(/PDF/);
    const heicHeader = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(200),
    ]);
    const heic = await expectCode(await tmp.write('photo.heic', heicHeader), 'unsupported-format');
    expect(heic.message).toMatch(/HEIC/);
    const psd = await expectCode(
      await tmp.write('art.psd', Buffer.concat([Buffer.from('8BPS', 'latin1'), Buffer.alloc(100)])),
      'unsupported-format',
    );
    expect(psd.message).toMatch(/Photoshop/);
  });

  it('a truncated JPEG and a truncated PNG are "corrupt" when prepared', async () => {
    const jpeg = await photo(1200, 900).jpeg().toBuffer();
    const png = await photo(1200, 900).png().toBuffer();
    for (const [name, bytes] of [
      ['cut.jpg', jpeg],
      ['cut.png', png],
    ] as const) {
      const file = await tmp.write(name, bytes.subarray(0, Math.floor(bytes.length / 2)));
      // The header is intact, so probe still describes it; decoding finds the damage.
      expect((await probe(file)).width).toBe(1200);
      expect((await failure(prepare(file))).code).toBe('corrupt');
      expect((await failure(preview(file))).code).toBe('corrupt');
    }
  });

  it('a file cut inside its header is refused as an image that cannot be read', async () => {
    const jpeg = await photo(400, 300).jpeg().toBuffer();
    const error = await failure(prepare(await tmp.write('stub.jpg', jpeg.subarray(0, 12))));
    expect(['not-an-image', 'corrupt']).toContain(error.code);
  });

  it('a 30000x30000 PNG bomb is refused from its header, quickly and without decoding', async () => {
    const bomb = await pngBomb(30000, 30000);
    expect(bomb.length).toBeLessThan(1_000_000);
    const file = await tmp.write('bomb.png', bomb);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const error = await expectCode(file, 'too-many-pixels');
    expect(performance.now() - started).toBeLessThan(5000);
    // Decoding would need 900 MB even at one byte per pixel.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    expect(error.message).toMatch(/30000x30000/);
  });

  it('libvips messages become codes the UI can act on', () => {
    // The exact first lines sharp gives when its timeout stops a pipeline, or a decoder gives up.
    expect(toImageError(new Error('timeout: 5% complete\nVipsImage: killed for image "temp-15"')).code).toBe(
      'timed-out',
    );
    expect(toImageError(new Error('VipsJpeg: premature end of JPEG image')).code).toBe('corrupt');
    expect(toImageError(new Error('Input image exceeds pixel limit')).code).toBe('too-many-pixels');
    expect(toImageError(Object.assign(new Error('EACCES'), { code: 'EACCES' })).message).toMatch(/permission/);
  });

  it('options that cannot apply are "invalid-options"', async () => {
    const file = await photo(800, 600)
      .jpeg()
      .toFile(tmp.file('ok.jpg'))
      .then(() => tmp.file('ok.jpg'));
    expect((await failure(prepare(file, { crop: { left: 900, top: 700, width: 100, height: 75 } }))).code).toBe(
      'invalid-options',
    );
    expect((await failure(prepare(file, { focus: { x: 2, y: 0.5 } }))).code).toBe('invalid-options');
    expect((await failure(prepare(file, { background: 'red' }))).code).toBe('invalid-options');
  });
});
